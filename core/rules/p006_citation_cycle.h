#pragma once
// P006 citation-cycle: `cites` and `supersedes` together form a cycle.
// Documented in docs/rules/P006.md; tested by tests/fixtures/rules/P006/.
#include "core/rules/rule.h"

namespace anth::rules {

class CitationCycle final : public Rule {
 public:
  std::string_view id() const override { return "P006"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
