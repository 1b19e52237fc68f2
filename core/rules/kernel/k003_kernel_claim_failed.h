#pragma once
// K003 kernel-claim-failed, checked on the results of running the kernels (`lint --run-kernels`,
// `kernels check`): cli runs them and hands the outcome over as plain data.
#include <string>
#include <vector>

#include "core/model/diagnostic.h"
#include "core/model/note.h"

namespace anth::rules {

// One node's kernel, compiled and run.
struct KernelRun {
  struct Claim {
    std::string claim;
    bool pass = false;
    double measured = 0;
    std::string bound;  // as written for people, with its direction ("≤ 0.1")
  };
  const Note* node = nullptr;
  bool pass = false;
  std::string error;  // why there is no trustworthy result ("timeout"), or empty
  std::vector<Claim> claims;
};

// A K003 finding for every run that did not pass, at the node's `kernel:` value: the error, else the
// first claim that did not hold with its measured value and bound.
std::vector<Diagnostic> kernel_claim_findings(const std::vector<KernelRun>& runs);

}  // namespace anth::rules
