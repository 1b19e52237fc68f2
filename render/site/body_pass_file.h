#pragma once
// The body passes of a build (body_pass_cache.h), kept in the site itself as `.anthology-passes` (an
// index) and its parts `.anthology-passes-<n>`, so that they always describe the search files next to
// them: the next build takes from them every note whose pass key is unchanged and reads the body of
// none of them (only of those whose snippet file is made again). Written only by `anthology build`,
// which hands them to the site writer like any file (a part whose passes are unchanged is carried
// over): a build that does not write them (a watching build) leaves a site without, never stale ones.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "render/site/body_pass_cache.h"

namespace anth::render::site {

inline constexpr const char* body_passes_file = ".anthology-passes";  // the index of the parts
inline std::string body_pass_part_file(std::size_t part) { return ".anthology-passes-" + std::to_string(part); }

// A file of the site by its name, nullopt when it cannot be read.
using ReadSiteFile = std::function<std::optional<std::string>(const std::string& name)>;

// The passes kept in `site` by this renderer: an empty cache when the index is missing, unreadable,
// of another renderer or damaged; without a part's passes when that part is.
std::shared_ptr<BodyPassCache> load_body_passes(const std::filesystem::path& site, std::string_view renderer);
std::shared_ptr<BodyPassCache> load_body_passes(const ReadSiteFile& read, std::string_view renderer);

}  // namespace anth::render::site
