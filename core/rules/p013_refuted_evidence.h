#pragma once
// P013 refuted-evidence: a practice's `source` names a refuted theory.
// Documented in docs/rules/P013.md; tested by tests/fixtures/rules/P013/.
#include "core/rules/rule.h"

namespace anth::rules {

class RefutedEvidence final : public Rule {
 public:
  std::string_view id() const override { return "P013"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
