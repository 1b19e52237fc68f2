// K003 kernel-claim-failed: the node's kernel was run and one of its claims did not hold.
// Documented in docs/rules/K003.md; tested by tests/rules/kernel_claim_test.cpp (the runs need a
// compiler, so it has no fixture folder: tests/cli/kernels_command_test.cpp runs it end to end).
#include "core/rules/kernel/k003_kernel_claim_failed.h"

#include <cstdio>

#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"K003", "kernel-claim-failed", Severity::Error,
                                   "The kernel was run and its claim did not hold."},
                                  RuleStage::KernelRun};

Location kernel_location(const Note& n) {
  if (const Field* f = n.field("kernel"); f && !f->items.empty()) return f->items[0].where;
  return {n.path, 1, 1};
}

std::string failure_reason(const KernelRun& run) {
  if (!run.error.empty()) return run.error;
  for (const KernelRun::Claim& claim : run.claims)
    if (!claim.pass) {
      char measured[48];
      std::snprintf(measured, sizeof measured, " (measured %g, bound ", claim.measured);
      return claim.claim + measured + claim.bound + ")";
    }
  return {};
}

}  // namespace

std::vector<Diagnostic> kernel_claim_findings(const std::vector<KernelRun>& runs) {
  std::vector<Diagnostic> out;
  rules::Findings findings(*find_rule("K003"), out);
  for (const KernelRun& run : runs)
    if (!run.pass)
      findings.add(kernel_location(*run.node),
                   "kernel " + run.node->kernel + " of " + run.node->id + " failed: " + failure_reason(run));
  return out;
}

}  // namespace anth::rules
