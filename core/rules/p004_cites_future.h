#pragma once
// P004 cites-future: a paper cites a paper of a later year.
// Documented in docs/rules/P004.md; tested by tests/fixtures/rules/P004/.
#include "core/rules/rule.h"

namespace anth::rules {

class CitesFuture final : public Rule {
 public:
  std::string_view id() const override { return "P004"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
