#pragma once
// P005 contested-by-earlier: a node is contested by a paper or theory older than the node.
// Documented in docs/rules/P005.md; tested by tests/fixtures/rules/P005/.
#include "core/rules/rule.h"

namespace anth::rules {

class ContestedByEarlier final : public Rule {
 public:
  std::string_view id() const override { return "P005"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
