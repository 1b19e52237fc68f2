#pragma once
// K001 unknown-kernel: `kernel:` names no kernel of the library.
// Documented in docs/rules/K001.md; tested by tests/fixtures/rules/K001/.
#include "core/rules/rule.h"

namespace anth::rules {

class UnknownKernel final : public Rule {
 public:
  std::string_view id() const override { return "K001"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
