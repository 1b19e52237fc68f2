#include "cli/commands.h"

namespace anth::cli {

int run_completion(const Argv&) { return usage_error("completion", "not implemented yet"); }

}  // namespace anth::cli
