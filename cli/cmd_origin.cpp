#include "cli/commands.h"

namespace anth::cli {

int run_origin(const Argv&) { return usage_error("origin", "not implemented yet"); }

}  // namespace anth::cli
