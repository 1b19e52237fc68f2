#include "render/site/toc.h"

namespace anth::render::site {

namespace {

// The text of an HTML fragment: tags dropped, entities kept as written.
std::string without_tags(std::string_view html) {
  std::string out;
  bool in_tag = false;
  for (char c : html) {
    if (c == '<') in_tag = true;
    else if (c == '>' && in_tag) in_tag = false;
    else if (!in_tag) out += c;
  }
  return out;
}

}  // namespace

std::vector<TocEntry> toc_entries(std::string_view html, int min_level, int max_level) {
  std::vector<TocEntry> out;
  for (std::size_t at = html.find("<h"); at != std::string_view::npos; at = html.find("<h", at + 2)) {
    if (at + 3 >= html.size() || html[at + 2] < '0' + min_level || html[at + 2] > '0' + max_level) continue;
    const char level = html[at + 2];
    std::string_view tag = html.substr(at, html.find('>', at) - at);
    std::size_t id_at = tag.find(" id=\"");
    if (tag.size() == html.size() - at || id_at == std::string_view::npos) continue;
    std::size_t id_end = tag.find('"', id_at + 5);
    if (id_end == std::string_view::npos) continue;
    const std::string close = std::string("</h") + level + ">";
    std::size_t content = at + tag.size() + 1, end = html.find(close, content);
    if (end == std::string_view::npos) continue;
    out.push_back({level - '0', std::string(tag.substr(id_at + 5, id_end - id_at - 5)),
                   without_tags(html.substr(content, end - content))});
    at = end;
  }
  return out;
}

}  // namespace anth::render::site
