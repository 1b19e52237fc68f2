#pragma once
// P010 superseded-evidence: `source` names a superseded paper.
// Documented in docs/rules/P010.md; tested by tests/fixtures/rules/P010/.
#include "core/rules/rule.h"

namespace anth::rules {

class SupersededEvidence final : public Rule {
 public:
  std::string_view id() const override { return "P010"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
