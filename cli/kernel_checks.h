#pragma once
// Compiling and running the kernels of the corpus's nodes (`kernels check`, `lint --run-kernels`):
// each result is kept in the index, and a claim that did not hold is a K003 diagnostic.
#include <string>
#include <vector>

#include "cli/session.h"
#include "cli/toolchain.h"
#include "render/kernels/kernel_runner.h"

namespace anth::cli {

// The in-graph SOTA and THEORY notes that name a kernel (all of them when `ids` is empty), sorted by id.
// Unknown ids are reported in `missing`.
std::vector<const Note*> kernel_nodes(const Corpus& corpus, const std::vector<std::string>& ids,
                                      std::vector<std::string>& missing);

struct KernelCheck {
  const Note* node;
  kernels::KernelResult result;
  bool skipped = false;  // the request has K001/K002 problems, so nothing was compiled
  std::string skip_reason;
};

// Compiles and runs each node's kernel with the user's toolchain (two at a time), stores each result in
// the session's index, and returns the checks in node order.
std::vector<KernelCheck> check_kernels(Session& session, const std::vector<const Note*>& nodes,
                                       const Toolchain& toolchain);

// The findings about anthology.toml's [kernels] table (settings that are ignored), for commands that
// compile kernels to print before they do.
std::vector<Diagnostic> kernel_config_findings(const Config& config);

// The runs of `checks` (those not skipped) handed to rule K003 (core/rules/kernel/).
std::vector<Diagnostic> kernel_findings(const std::vector<KernelCheck>& checks);

}  // namespace anth::cli
