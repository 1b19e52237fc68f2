#pragma once
// P001 origin-not-earliest: a practice's `introduced_by` paper is later than another paper linked to it.
// Documented in docs/rules/P001.md; tested by tests/fixtures/rules/P001/.
#include "core/rules/rule.h"

namespace anth::rules {

class OriginNotEarliest final : public Rule {
 public:
  std::string_view id() const override { return "P001"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
