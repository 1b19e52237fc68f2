#include "render/site/markdown_assets.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace anth::render::site {

namespace {

std::optional<std::string> read_whole(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in && !in.eof()) return std::nullopt;
  return bytes.str();
}

}  // namespace

std::uint8_t body_features(std::string_view html) {
  // Ingest's own markup (callouts.h, math_syntax.h, highlight.h, an inline tag's marker "<\x07", an
  // embed's " e>" or " te>"); a note's text cannot spell it, its quotes and angle brackets being
  // escaped. One pass over the bytes, looking only at '<', '"' and '>' (six searches of the whole
  // body, four of them for a space, were ~0.4% of a full build).
  constexpr std::uint8_t all = uses_math | uses_markdown_css;
  std::uint8_t f = 0;
  auto at = [&](std::size_t i, std::string_view s) { return html.substr(i, s.size()) == s; };
  for (std::size_t i = 0; i < html.size() && f != all; ++i) {
    switch (html[i]) {
      case '<':
        if (at(i, "<span class=\"math ")) f |= all;
        else if (at(i, "<mark>") || at(i, "<\x07")) f |= uses_markdown_css;
        break;
      case '"':
        if (i >= 7 && at(i - 7, " class=\"callout ")) f |= uses_markdown_css;
        break;
      case '>':
        if ((i >= 2 && at(i - 2, " e>")) || (i >= 3 && at(i - 3, " te>"))) f |= uses_markdown_css;
        break;
      default:
        break;
    }
  }
  return f;
}

std::optional<SiteFiles> katex_files(const std::filesystem::path& dir) {
  SiteFiles files;
  for (const char* name : {"katex.min.js", "katex.min.css"}) {
    std::optional<std::string> bytes = read_whole(dir / name);
    if (!bytes || bytes->empty()) return std::nullopt;
    files.push_back({std::string("katex/") + name, std::move(*bytes)});
  }
  // The stylesheet lists woff2 first: browsers that read it never ask for the older formats.
  std::error_code ec;
  std::vector<std::filesystem::path> fonts;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "fonts", ec))
    if (entry.path().extension() == ".woff2") fonts.push_back(entry.path());
  if (ec || fonts.empty()) return std::nullopt;
  std::sort(fonts.begin(), fonts.end());
  for (const auto& font : fonts) {
    std::optional<std::string> bytes = read_whole(font);
    if (!bytes) return std::nullopt;
    files.push_back({"katex/fonts/" + font.filename().string(), std::move(*bytes)});
  }
  return files;
}

}  // namespace anth::render::site
