#pragma once
// P007 adopted-while-contested: an adopted practice has `contested_by` entries.
// Documented in docs/rules/P007.md; tested by tests/fixtures/rules/P007/.
#include "core/rules/rule.h"

namespace anth::rules {

class AdoptedWhileContested final : public Rule {
 public:
  std::string_view id() const override { return "P007"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
