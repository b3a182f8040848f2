// The visitor over a board's rules (layout/rule_draw.hpp); each rule type's drawing lives in its
// own file (rule_draw_<type>.cpp).
#include "layout/rule_draw.hpp"

#include <variant>

namespace gp::layout {

void draw_rule(std::vector<Item>&, const RuleFrame&, RuleLayer, const MoveRule&) {}

void draw_rules(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer) {
  for (const Rule& rule : frame.board->rules)
    std::visit([&](const auto& r) { draw_rule(out, frame, layer, r); }, rule);
}

}  // namespace gp::layout
