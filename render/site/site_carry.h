#pragma once
// Carrying entries of the current site into the new one: pages kept unchanged (page_keys.h), and
// what the user added to the site folder (`.git`, `CNAME`, `.nojekyll`, ...), which a build never
// deletes (docs/site-output.md). An entry is the user's when the site's manifest (site_manifest.h)
// does not list it as written by a build and the new build does not write it; names beginning with
// `.anthology-` at the top of the site are the tool's bookkeeping, never the user's.
#include <filesystem>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "core/util/expected.h"
#include "render/site/site_manifest.h"

namespace anth::render::site {

// The current site's file under a second name in the new one (a hard link), else a copy.
std::error_code link_or_copy(const std::filesystem::path& from, const std::filesystem::path& to);

struct UserEntries {
  std::vector<std::string> carried;    // the user's, to carry over ('/'-separated, relative)
  std::vector<std::string> conflicts;  // the user's, where the new build writes a file of the same name
};

// The entries of `site` that are the user's. `written` holds what the new build writes; `before` is
// the current site's manifest (null when it has none: then every file the new build writes is taken
// as an older build's).
UserEntries find_user_entries(const std::filesystem::path& site, const std::set<std::string>& written,
                              const SiteManifest* before);

// Copies the entry at `from` to `to`: folders recreated, files hard-linked (else copied), links copied
// as links. Anything else (a FIFO, a socket, a device) fails.
util::Expected<void> carry_entry(const std::filesystem::path& from, const std::filesystem::path& to);

}  // namespace anth::render::site
