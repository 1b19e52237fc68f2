#pragma once
// The site as the renderer produces it: every file's path inside the site folder and its bytes.
#include <string>
#include <vector>

namespace anth::site {

struct SiteFile {
  std::string path;  // relative, '/'-separated, made only of safe segments (html.h)
  std::string bytes;
};

using SiteFiles = std::vector<SiteFile>;

}  // namespace anth::site
