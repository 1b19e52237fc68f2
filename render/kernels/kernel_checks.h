#pragma once
// Checking the kernels of a corpus's nodes, for `kernels check`, `lint --run-kernels` and `build`
// (docs/kernels.md, "Checks"). A node's program is emitted without the node (its id and title are no
// part of it) and keyed by a hash of that program, which holds the kernel, its variant and every
// parameter; each distinct program is compiled and run once, however many nodes share it.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/index/index.h"
#include "core/model/corpus.h"
#include "core/model/diagnostic.h"
#include "render/kernels/kernel_runner.h"

namespace anth::render::kernels {

// The in-graph SOTA and THEORY notes that name a kernel (all of them when `ids` is empty), sorted by id.
// Unknown ids are reported in `missing`.
std::vector<const Note*> kernel_nodes(const Corpus& corpus, const std::vector<std::string>& ids,
                                      std::vector<std::string>& missing);

// The key of the program a node's kernel request makes (16 hex digits), or empty when the request
// cannot be emitted (K001/K002). Nodes asking the same of the same kernel share it.
std::string program_key(const Note& n);

struct KernelCheck {
  const Note* node = nullptr;
  KernelResult result;
  bool skipped = false;  // the request has K001/K002 problems, so nothing was compiled
  std::string skip_reason;
  std::string program;  // program_key; empty when skipped
  bool ran = false;     // result holds a run of this call
};

// The checks to make of `nodes`: skipped (with why) when the request has problems or lint has an error
// at its `kernel`/`kernel_params` fields among `diagnostics`, else with its program key.
std::vector<KernelCheck> plan_checks(const std::vector<const Note*>& nodes, const std::vector<Diagnostic>& diagnostics);

struct CheckOptions {
  RunOptions run;          // compiler, flags and time limits
  unsigned workers = 2;    // programs compiled at once
  std::function<void(std::size_t done, std::size_t total)> progress = {};  // after each program
};

// Compiles and runs every distinct program among the checks not skipped for which `wanted(program)`
// holds (all when it is empty), once each, in parallel, and gives every check of that program the
// result. Returns how many programs ran. A compile that fails or times out is a result, not a throw.
std::size_t run_checks(std::vector<KernelCheck>& checks, const CheckOptions& options,
                       const std::function<bool(const std::string&)>& wanted = {});

// The index's row for a check that ran: `compiler` names it with its version, `when` is ISO 8601 UTC.
index::StoredKernelResult stored_result(const KernelCheck& c, const std::string& compiler, const std::string& when);
// Now as ISO 8601 UTC, for `when`.
std::string utc_now();

// The runs of `checks` (those not skipped) handed to rule K003 (core/rules/kernel/).
std::vector<Diagnostic> kernel_findings(const std::vector<KernelCheck>& checks);

}  // namespace anth::render::kernels
