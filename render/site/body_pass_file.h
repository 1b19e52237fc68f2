#pragma once
// The body passes of a build (body_pass_cache.h), kept in the site itself as `.anthology-passes` so
// that they always describe the search files next to them: the next build takes from it every note
// whose pass key is unchanged and reads the body of none of them (only of those whose snippet file is
// made again). Written only by `anthology build`, which hands it to the site writer like any file: a
// build that does not write it (a watching build) leaves a site without one, never a stale one.
#include <filesystem>
#include <memory>
#include <string_view>

#include "render/site/body_pass_cache.h"

namespace anth::render::site {

inline constexpr const char* body_passes_file = ".anthology-passes";

// The passes kept in `site`/.anthology-passes by this renderer; an empty cache when the file is
// missing, unreadable, of another renderer or damaged.
std::shared_ptr<BodyPassCache> load_body_passes(const std::filesystem::path& site, std::string_view renderer);

}  // namespace anth::render::site
