#include "cli/commands.h"

namespace anth::cli {

int run_export(const Argv&) { return usage_error("export", "not implemented yet"); }

}  // namespace anth::cli
