#pragma once
// The wiring of kernel checks for the commands (`kernels check`, `lint --run-kernels`, `build`): the
// toolchain as RunOptions, progress on the terminal, results stored in the session's index. What is
// checked and how is render/kernels/kernel_checks.h.
#include <optional>
#include <string>
#include <vector>

#include "cli/session.h"
#include "cli/toolchain.h"
#include "render/kernels/kernel_checks.h"

namespace anth::cli {

using render::kernels::KernelCheck;
using render::kernels::kernel_findings;
using render::kernels::kernel_nodes;

// The compiler, its flags and the workers for `toolchain`.
render::kernels::CheckOptions check_options(const Toolchain& toolchain);
// The compiler as the page names it, with its version (c++ alone says little: g++ or clang++).
std::string compiler_label(const Toolchain& toolchain);

// Compiles and runs each node's kernel (once per distinct program), stores each result in the
// session's index, and returns the checks in node order.
std::vector<KernelCheck> check_kernels(Session& session, const std::vector<const Note*>& nodes,
                                       const Toolchain& toolchain);

// The findings about anthology.toml's [kernels] table (settings that are ignored), for commands that
// compile kernels to print before they do.
std::vector<Diagnostic> kernel_config_findings(const Config& config);

}  // namespace anth::cli
