#include "cli/output_check.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "cli/commands.h"

namespace anth::cli {

int check_output(const std::string& command, int status) {
  errno = 0;
  std::cout.flush();
  bool failed = std::fflush(stdout) != 0;
  int error = errno;
  failed = failed || !std::cout || std::ferror(stdout);
  if (!failed) return status;
  // An earlier failed write leaves the error flag set but its errno is gone: ask the descriptor again,
  // with one byte on an output that is broken already.
  if (error == 0 && ::write(STDOUT_FILENO, "\n", 1) < 0) error = errno;
  std::string reason = "error writing output";
  if (error != 0) reason += std::string(": ") + std::strerror(error);
  return usage_error(command, reason);
}

}  // namespace anth::cli
