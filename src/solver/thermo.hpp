// The thermo rule's propagator (core/rules.hpp ThermoRule: digits rise from each bulb), run by the
// exact engine inside its fixed point (solver/propagators.hpp).
//
// Per thermo, bounds along the path: going up from the bulb each cell keeps only digits above the
// smallest candidate of the cell before it, going down from the tip only digits below the largest
// candidate of the cell after it. For a chain of "<" this is complete (every digit left has a
// rising completion along the thermo), and one pass up and one down reach its fixed point. A
// thermo is looked at again only when one of its cells changed (its watch flag).
#pragma once

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"

namespace gp::solver {

struct ThermoContext {
  const ThermoRule* rule = nullptr;
  int first_flag = 0;  // thermo i's watch flag is first_flag + i
};

ThermoContext make_context(const ThermoRule& rule, const Board& board, Watches& watches);

// The bounds above on the state `cands` points at. False on a contradiction.
bool propagate(const ThermoRule& rule, ThermoContext& ctx, Candidates& cands, bool& changed);

}  // namespace gp::solver
