#include "render/site/search_headings.h"

#include <algorithm>

#include "render/site/js_text.h"
#include "render/site/toc.h"

namespace anth::render::site {

namespace {

constexpr std::size_t opening_bytes = 400;  // a preview shows about 320 characters of a section

// Heading text as toc_entries gives it (escaped HTML, tags dropped) back to the text a reader sees.
std::string unescaped(std::string_view html) {
  static constexpr std::pair<std::string_view, char> entities[] = {
      {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}};
  std::string out;
  for (std::size_t i = 0; i < html.size(); ++i) {
    bool replaced = false;
    if (html[i] == '&')
      for (auto [name, c] : entities)
        if (html.substr(i, name.size()) == name) {
          out += c;
          i += name.size() - 1;
          replaced = true;
          break;
        }
    if (!replaced) out += html[i];
  }
  return out;
}

bool blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; });
}

}  // namespace

std::vector<SearchHeading> locate_headings(std::string_view body_html, std::string_view plain) {
  std::vector<SearchHeading> out;
  std::size_t from = 0;
  for (const TocEntry& e : toc_entries(body_html, 1, 6)) {
    std::string line = unescaped(e.text);
    if (line.empty()) continue;
    for (std::size_t at = plain.find(line, from); at != std::string_view::npos; at = plain.find(line, at + 1)) {
      std::size_t end = at + line.size();
      if ((at == 0 || plain[at - 1] == '\n') && (end == plain.size() || plain[end] == '\n')) {
        out.push_back({e.id, at});
        from = end;
        break;
      }
    }
  }
  return out;
}

void append_headings_js(std::string& out, std::string_view text, std::size_t kept, const std::vector<SearchHeading>& headings) {
  out += '[';
  std::size_t units = 0, counted = 0;  // UTF-16 units in text[0, counted): headings come in order
  auto units_to = [&](std::size_t at) {
    at = std::max(at, counted);
    units += utf16_length(text.substr(counted, at - counted));
    counted = at;
    return units;
  };
  for (std::size_t k = 0; k < headings.size(); ++k) {
    std::size_t at = std::min(headings[k].at, text.size());
    std::size_t line_end = std::min(text.find('\n', at), text.size());
    auto start_of = [&](std::size_t j) { return j < headings.size() ? std::min(headings[j].at, text.size()) : text.size(); };
    std::size_t end = start_of(k + 1);
    if (end > line_end && blank(text.substr(line_end, end - line_end))) end = start_of(k + 2);
    std::size_t cut = utf8_prefix(text.substr(0, std::max(end, at)), line_end + opening_bytes).size();
    if (k > 0) out += ',';
    out += '[';
    append_js_string(out, headings[k].id);
    out += ',';
    if (cut <= kept) {
      out += std::to_string(units_to(at)) + ',' + std::to_string(utf16_length(text.substr(at, cut - at)));
    } else {
      append_js_string(out, text.substr(at, cut > at ? cut - at : 0));
    }
    out += ']';
  }
  out += ']';
}

}  // namespace anth::render::site
