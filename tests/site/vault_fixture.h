#pragma once
// The vault fixtures of the site's end-to-end tests (tests/fixtures/<name>), copied to a scratch
// folder, and the part of a built page that is the note's body.
#include <string>

#include "tests/site/site_test_support.h"

namespace anth::test::site {

// Copies tests/fixtures/<name> to DIR/vault and returns that path.
inline fs::path copy_vault(const TempDir& dir, const std::string& name) {
  fs::path to = dir.path() / "vault";
  fs::copy(source_dir() / "tests" / "fixtures" / name, to, fs::copy_options::recursive);
  return to;
}

// A page's body: from its <div class="body prose"> to the backlinks (the whole page when either is missing).
inline std::string body_of(const std::string& page) {
  std::size_t from = page.find("<div class=\"body prose\">");
  std::size_t to = page.find("<section class=\"backlinks\"", from);
  if (from == std::string::npos || to == std::string::npos) return page;
  return page.substr(from, to - from);
}

}  // namespace anth::test::site
