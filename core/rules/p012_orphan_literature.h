#pragma once
// P012 orphan-literature: a paper that nothing links to and no note reads.
// Documented in docs/rules/P012.md; tested by tests/fixtures/rules/P012/.
#include "core/rules/rule.h"

namespace anth::rules {

class OrphanLiterature final : public Rule {
 public:
  std::string_view id() const override { return "P012"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
