#pragma once
// What `build` checks of the kernels (docs/kernels.md, "On the site"): every node whose stored result is
// missing or was made by another program than its current one. A program some other node's current
// result already ran is not run again: that result is copied; the others run once each.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/index/index.h"
#include "core/model/corpus.h"
#include "core/model/diagnostic.h"
#include "render/kernels/kernel_checks.h"

namespace anth::render::kernels {

// How to compile, asked for only when some program must run; nullopt leaves those nodes unchecked.
struct RefreshToolchain {
  CheckOptions options;
  std::string compiler_label;  // the compiler with its version, as the page shows it
};

struct KernelRefresh {
  std::vector<index::StoredKernelResult> rows;  // the new rows, one per node brought up to date, by node
  std::size_t programs_run = 0;          // distinct programs compiled and run
  std::size_t reused = 0;                // nodes given another node's result of the same program
  std::size_t unchecked = 0;             // nodes left stale or missing (no toolchain)
};

KernelRefresh refresh_kernel_results(const Corpus& corpus, const std::vector<Diagnostic>& diagnostics,
                                     const std::vector<index::StoredKernelResult>& stored,
                                     const std::function<std::optional<RefreshToolchain>()>& toolchain);

// `stored` with `fresh` in place of the rows of the same nodes, sorted by node.
std::vector<index::StoredKernelResult> merge_results(std::vector<index::StoredKernelResult> stored, std::vector<index::StoredKernelResult> fresh);

}  // namespace anth::render::kernels
