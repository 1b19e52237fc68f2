#pragma once
// P003 read-as-mismatch: a paper's `read_as` differs from the notes whose `paper` it is.
// Documented in docs/rules/P003.md; tested by tests/fixtures/rules/P003/.
#include "core/rules/rule.h"

namespace anth::rules {

class ReadAsMismatch final : public Rule {
 public:
  std::string_view id() const override { return "P003"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
