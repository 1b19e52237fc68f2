#pragma once
// Writing a file at a path the user named (export --out, kernels emit) without destroying what is
// there by surprise. One rule for every command (docs/site-output.md, "Output files"):
//   - nothing there, or a regular file: the bytes go to a temporary file beside it, which is then
//     renamed over it, so that no reader sees half a file; an existing file keeps its permissions;
//   - a FIFO or a character device (a pipe, /dev/null, /dev/full, a terminal): written through, as a
//     shell's `>` would, and a failed write is an error;
//   - a symbolic link: with `follow_links`, what it points at is written by these rules and the link
//     stays; without, it is refused;
//   - anything else (a folder, a socket, a block device) is refused.
#include <filesystem>
#include <functional>
#include <string_view>

#include "core/util/expected.h"

namespace anth::util {

struct OutputFileOptions {
  bool follow_links = true;
  // Asked before an existing regular file is replaced; its failure is the refusal.
  std::function<Expected<void>(const std::filesystem::path&)> may_replace;
};

Expected<void> write_output_file(const std::filesystem::path& path, std::string_view bytes,
                                 const OutputFileOptions& options = {});

// Creates a new file at `path` holding `bytes`, never replacing anything: false when a file, link or
// anything else is already there (O_EXCL, the last component not followed). A file it created and
// could not write whole is removed again; nothing else is.
Expected<bool> create_new_file(const std::filesystem::path& path, std::string_view bytes);

// Writes all of `bytes` to `fd`, again after a short write or EINTR; false (errno set) on failure.
bool write_all(int fd, std::string_view bytes);

}  // namespace anth::util