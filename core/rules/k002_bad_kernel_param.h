#pragma once
// K002 bad-kernel-param: `kernel_params` names a parameter the kernel lacks, or a value outside its range.
// Documented in docs/rules/K002.md; tested by tests/fixtures/rules/K002/.
#include "core/rules/rule.h"

namespace anth::rules {

class BadKernelParam final : public Rule {
 public:
  std::string_view id() const override { return "K002"; }
  void check(const RuleContext& context, std::vector<Diagnostic>& out) const override;
};

}  // namespace anth::rules
