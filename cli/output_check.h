#pragma once
// Whether what a command printed reached its standard output. A write to a full disk, a closed
// descriptor or /dev/full fails silently inside the stream; main asks here after every command, so
// such a run exits 2 with a reason instead of 0 with a truncated result.
#include <string>

namespace anth::cli {

// Flushes std::cout and stdout. When a write failed (now or earlier), prints
// "anthology COMMAND: error writing output: REASON" on stderr and returns 2; else returns `status`.
int check_output(const std::string& command, int status);

}  // namespace anth::cli
