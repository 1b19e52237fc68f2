#include "cli/commands.h"

namespace anth::cli {

int run_query(const Argv&) { return usage_error("query", "not implemented yet"); }

}  // namespace anth::cli
