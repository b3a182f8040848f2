#include "solver/moves.hpp"

namespace gp::solver {

MoveContext make_context(const MoveRule& rule, const Board&, Watches&) { return MoveContext{&rule}; }

bool propagate(const MoveRule&, MoveContext&, Candidates&, bool&) { return true; }

}  // namespace gp::solver
