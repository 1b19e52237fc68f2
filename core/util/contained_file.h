#pragma once
// Reading files of a corpus without leaving it (docs/hardening.md, "Files outside the corpus"). A cloned
// corpus is untrusted: a note that is a symbolic link to /etc/passwd must not be published, and one to
// a FIFO or /proc/kmsg must not hang the run. A file is read only when its real path is inside the
// corpus root's real path and it is a regular file; links that stay inside the corpus are fine.
#include <cstdint>
#include <filesystem>
#include <string>

#include "core/util/expected.h"

namespace anth::util {

// The real path of a corpus root (symbolic links resolved); the root as given when it does not exist.
std::filesystem::path real_root(const std::filesystem::path& root);

// Whether `path` (absolute, or relative to the current folder), with every symbolic link of the part of
// it that exists resolved, is `root_real` itself or inside it.
bool resolves_inside(const std::filesystem::path& root_real, const std::filesystem::path& path);

// Reads ROOT/relative, at most limit+1 bytes (enough to tell that it is over the limit). Refuses, without
// opening it, a file whose real path is outside root_real or that is not a regular file (FIFO, device,
// socket, folder); the failure is a sentence about the file ("is a symbolic link that leads outside the
// corpus; not read"). Opened with O_NOFOLLOW | O_NONBLOCK and checked again after opening, so a file
// swapped meanwhile is refused too.
Expected<std::string> read_inside(const std::filesystem::path& root_real, const std::string& relative,
                                  std::uint64_t limit);

}  // namespace anth::util