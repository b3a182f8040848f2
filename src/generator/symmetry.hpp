// The generator's clue-pattern symmetries are the rules in core/symmetry.hpp, shared with the spec
// loader; they are part of the generator's interface under gp::gen as well.
#pragma once

#include "core/symmetry.hpp"

namespace gp::gen {

using gp::all_symmetries;
using gp::is_symmetric;
using gp::parse_symmetry;
using gp::reachable_counts;
using gp::Symmetry;
using gp::symmetry_classes;
using gp::board_symmetry_classes;
using gp::board_reachable_counts;
using gp::symmetry_name;

}  // namespace gp::gen
