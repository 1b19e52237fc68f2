#pragma once
// `anthology kernels mutate [ID|KERNEL...]` (docs/kernels.md, "Mutation testing"): compiles and runs
// every mutant of the catalogue and says which claims caught it.
#include <string>
#include <vector>

#include "cli/session.h"
#include "cli/toolchain.h"

namespace anth::cli {

// Runs the catalogues the targets name (every kernel when there is none: a kernel name, with or without
// a variant, runs at the kernel's defaults; a node id runs the mutants of its kernel and variant with
// its kernel_params) with the user's toolchain, two at a time. Prints a line per mutant and the table per kernel;
// returns 0 when every mutant was caught, 1 when one survived or could not run, 2 for a target that is
// neither a kernel nor a node with one.
int mutate_kernels(const Session& session, const std::vector<std::string>& targets, const Toolchain& toolchain);

}  // namespace anth::cli
