#pragma once
// Operational failures (no corpus, unwritable index, no compiler) are values carrying a one-line
// reason; only the command line turns them into exit codes.
#include <expected>
#include <string>

namespace anth::util {

template <class T>
using Expected = std::expected<T, std::string>;

inline std::unexpected<std::string> failure(std::string reason) { return std::unexpected(std::move(reason)); }

}  // namespace anth::util