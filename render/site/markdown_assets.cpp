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
  std::uint8_t f = 0;
  // Ingest's own markup (callouts.h, math_syntax.h, highlight.h, an embed's marker " e>"); a note's
  // text cannot spell it, its quotes and angle brackets being escaped.
  if (html.find("<span class=\"math ") != std::string_view::npos) f |= uses_math | uses_markdown_css;
  if (html.find(" class=\"callout ") != std::string_view::npos || html.find("<mark>") != std::string_view::npos ||
      html.find("<\x07") != std::string_view::npos || html.find(" e>") != std::string_view::npos ||
      html.find(" te>") != std::string_view::npos)
    f |= uses_markdown_css;
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
