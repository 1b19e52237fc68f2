#include "cli/commands.h"

namespace anth::cli {

int run_neighbors(const Argv&) { return usage_error("neighbors", "not implemented yet"); }

}  // namespace anth::cli
