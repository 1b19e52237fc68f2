#pragma once
// Reading a file the site keeps about itself (page keys, manifest, body passes). The site folder may sit
// inside an untrusted corpus, so such a file is read like a note: only a regular file whose real path
// is inside the site; a FIFO, a device or a link out is not opened (a FIFO would block the build).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "core/util/contained_file.h"

namespace anth::render::site {

// The bytes of SITE/name; nullopt when it is missing, not a regular file inside the site, or larger
// than `limit` (what it holds is then rebuilt, as for a damaged file).
inline std::optional<std::string> read_own_file(const std::filesystem::path& site, const std::string& name,
                                                std::uint64_t limit = std::uint64_t{1} << 32) {
  auto bytes = util::read_inside(util::real_root(site), name, limit);
  if (!bytes || bytes->size() > limit) return std::nullopt;
  return std::move(*bytes);
}

}  // namespace anth::render::site
