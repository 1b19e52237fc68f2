#include "cli/commands.h"

namespace anth::cli {

int run_show(const Argv&) { return usage_error("show", "not implemented yet"); }

}  // namespace anth::cli
