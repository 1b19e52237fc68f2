#pragma once
// The site's files for Obsidian's markdown (docs/site.md, "Math and callouts"): markdown.css for
// callouts, highlights, inline tags and math, and for math KaTeX from Debian's libjs-katex (its
// script, stylesheet and woff2 fonts, copied under katex/) with math.js, which renders each math
// span on load. Only a site whose bodies use them gets them, and only the pages that do link them.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

#include "render/site/site_files.h"

namespace anth::render::site {

// What a body's HTML (as ingest made it) needs of these files.
enum BodyFeature : std::uint8_t { uses_markdown_css = 1, uses_math = 2 };
std::uint8_t body_features(std::string_view ingest_html);

// KaTeX's files as the site holds them ("katex/katex.min.js", ...), read from `dir`
// (/usr/share/javascript/katex); nullopt when it is not there or incomplete.
std::optional<SiteFiles> katex_files(const std::filesystem::path& dir);

inline constexpr std::string_view markdown_assets_dir = "render/assets/site/markdown/";

}  // namespace anth::render::site
