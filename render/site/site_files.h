#pragma once
// The site as the renderer produces it: files, each a path inside the site folder and its bytes,
// handed to a sink as soon as they are rendered (a build of a large corpus never holds every page).
#include <functional>
#include <string>
#include <vector>

namespace anth::render::site {

struct SiteFile {
  std::string path;  // relative, '/'-separated, made only of safe segments (html.h)
  std::string bytes;
};

using SiteFiles = std::vector<SiteFile>;

// Receives each file once; called from several threads at a time, so it must be thread-safe.
// Returns false when the file could not be stored: the build then stops.
using FileSink = std::function<bool(const std::string& path, std::string bytes)>;

// Carries a file of the current site over to the new one unchanged; false when it cannot (the file
// is then rendered). Thread-safe, like FileSink.
using KeepFile = std::function<bool(const std::string& path)>;

}  // namespace anth::render::site
