#pragma once
// P002 origin-hedge-contradicted: a practice is introduced by the paper whose reading declines that origin.
// Documented in docs/rules/P002.md; tested by tests/fixtures/rules/P002/.
#include "core/rules/rule.h"

namespace anth::rules {

class OriginHedgeContradicted final : public Rule {
 public:
  std::string_view id() const override { return "P002"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
