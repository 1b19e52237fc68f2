#pragma once
// Running a child process under limits (the compiler and the kernel, kernel_runner.h): posix_spawn, in
// its own process group so that a timeout kills everything it started, with stdout and stderr read
// through pipes under a deadline and a size limit.
#include <cstddef>
#include <string>
#include <vector>

namespace anth::render::kernels {

struct ProcessOutcome {
  bool started = false;
  std::string spawn_error;  // why it did not start
  bool timed_out = false;
  bool overflowed = false;
  int exit_code = -1;  // when it exited
  int signal = 0;      // when a signal ended it
  std::string out, err;
};

// Runs argv with stdin from /dev/null; stops it (and its process group) at the deadline or when it
// prints more than max_bytes.
ProcessOutcome run_process(const std::vector<std::string>& argv, double timeout_seconds, std::size_t max_bytes);

// At most max_lines lines of text, cut (with " ...") at max_chars: a short report of what a process said.
std::string first_lines(const std::string& text, std::size_t max_lines, std::size_t max_chars);

}  // namespace anth::render::kernels
