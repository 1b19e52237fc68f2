#pragma once
// Whether to colour output, by --color auto|always|never (a common flag). auto colours a stream only
// when it is a terminal that understands colour: not TERM=dumb, and not with NO_COLOR set.
#include "cli/args.h"

namespace anth::cli {

// For output on file descriptor `fd` (STDOUT_FILENO, STDERR_FILENO).
bool use_color(const Args& args, int fd);

}  // namespace anth::cli
