#include "cli/commands.h"

namespace anth::cli {

int run_build(const Argv&) { return usage_error("build", "not implemented yet"); }

}  // namespace anth::cli
