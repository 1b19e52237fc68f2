#pragma once
// P008 candidate-without-criterion: a candidate practice has no `promote_when`.
// Documented in docs/rules/P008.md; tested by tests/fixtures/rules/P008/.
#include "core/rules/rule.h"

namespace anth::rules {

class CandidateWithoutCriterion final : public Rule {
 public:
  std::string_view id() const override { return "P008"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
