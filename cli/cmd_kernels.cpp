#include "cli/commands.h"

namespace anth::cli {

int run_kernels(const Argv&) { return usage_error("kernels", "not implemented yet"); }

}  // namespace anth::cli
