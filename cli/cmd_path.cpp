#include "cli/commands.h"

namespace anth::cli {

int run_path(const Argv&) { return usage_error("path", "not implemented yet"); }

}  // namespace anth::cli
