#pragma once
// P009 retracted-evidence: `source` or `introduced_by` names a retracted paper.
// Documented in docs/rules/P009.md; tested by tests/fixtures/rules/P009/.
#include "core/rules/rule.h"

namespace anth::rules {

class RetractedEvidence final : public Rule {
 public:
  std::string_view id() const override { return "P009"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
