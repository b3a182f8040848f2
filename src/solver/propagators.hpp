// Every rule type's propagator, as the exact engine (solver/generic.cpp) finds them.
//
// Per rule type R of core/rules.hpp's `Rule` (a std::variant), two overloads, found by name with no
// fallback, so a new rule type fails to compile here until it has them:
//
//   RContext make_context(const R&, const Board&, Watches&)
//       its per-search state (tables, groups, watch flags), made once per search
//   bool propagate(const R&, RContext&, Candidates&, bool& changed)
//       narrows the state through Candidates::eliminate only; sets `changed` when a candidate
//       went; false on a contradiction. Called inside the engine's fixed point, after the queued
//       singles are assigned and before the unit passes, until no propagator and no unit pass
//       changes anything. It must be sound and monotone (fewer candidates never give more), so the
//       fixed point, and with it the search's branches and node counts, does not depend on the
//       order of the passes.
//
// A rule type's header (solver/cages.hpp for CageRule, solver/parity.hpp for ParityRule, solver/thermo.hpp
// for ThermoRule, solver/arrow.hpp for ArrowRule, solver/inequality.hpp for InequalityRule, solver/dots.hpp
// for DotRule, solver/moves.hpp for MoveRule, solver/sandwich.hpp for SandwichRule, solver/arithmetic.hpp for
// ArithmeticCageRule) is included below.
#pragma once

#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"
#include "solver/cages.hpp"
#include "solver/parity.hpp"
#include "solver/thermo.hpp"
#include "solver/arrow.hpp"
#include "solver/inequality.hpp"
#include "solver/dots.hpp"
#include "solver/moves.hpp"
#include "solver/sandwich.hpp"
#include "solver/arithmetic.hpp"

namespace gp::solver {

template <class V>
struct ContextsOf;
template <class... R>
struct ContextsOf<std::variant<R...>> {
  using type = std::variant<decltype(make_context(std::declval<const R&>(), std::declval<const Board&>(),
                                                  std::declval<Watches&>()))...>;
};

// One context per rule type, in the order of `Rule`.
using RuleContext = ContextsOf<Rule>::type;

// The context of `rule` (its alternative's).
inline RuleContext make_rule_context(const Rule& rule, const Board& board, Watches& watches) {
  return std::visit([&](const auto& r) { return RuleContext(make_context(r, board, watches)); }, rule);
}

// Runs the propagator of the rule whose context `ctx` is (make_rule_context).
inline bool propagate_rule(RuleContext& ctx, Candidates& cands, bool& changed) {
  return std::visit(
      [&](auto& c) {
        using Ctx = std::remove_cvref_t<decltype(c)>;
        using R = std::remove_cvref_t<decltype(*c.rule)>;
        static_assert(std::is_same_v<Ctx, decltype(make_context(std::declval<const R&>(), std::declval<const Board&>(),
                                                                  std::declval<Watches&>()))>);
        return propagate(*c.rule, c, cands, changed);
      },
      ctx);
}

}  // namespace gp::solver
