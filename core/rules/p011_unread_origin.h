#pragma once
// P011 unread-origin: a practice's origin paper has no note reading it.
// Documented in docs/rules/P011.md; tested by tests/fixtures/rules/P011/.
#include "core/rules/rule.h"

namespace anth::rules {

class UnreadOrigin final : public Rule {
 public:
  std::string_view id() const override { return "P011"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
