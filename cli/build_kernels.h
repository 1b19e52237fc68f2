#pragma once
// `build`'s kernel step (docs/kernels.md, "On the site"): the nodes whose stored result is missing or
// stale are checked (render/kernels/kernel_refresh.h) before the pages render, unless --no-kernels.
#include <vector>

#include "cli/args.h"
#include "cli/session.h"

namespace anth::cli {

// Brings session.kernel_results up to date and returns the new rows, for the index once its update is
// done (store_build_kernels). A compiler that cannot be found is a warning: those nodes stay unchecked.
std::vector<index::StoredKernelResult> refresh_build_kernels(const Args& args, Session& session);

// Stores the rows; a failure is a warning (the pages already show the results).
void store_build_kernels(Session& session, const std::vector<index::StoredKernelResult>& rows);

}  // namespace anth::cli
