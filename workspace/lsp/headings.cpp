#include "workspace/lsp/headings.h"

namespace anth::lsp {

namespace {

bool fence(std::string_view line) {
  std::size_t i = line.find_first_not_of(' ');
  return i != std::string_view::npos && i <= 3 && (line.substr(i, 3) == "```" || line.substr(i, 3) == "~~~");
}

// The level of an ATX heading line (1-6), else 0.
int atx_level(std::string_view line) {
  std::size_t i = line.find_first_not_of(' ');
  if (i == std::string_view::npos || i > 3) return 0;
  std::size_t n = 0;
  while (i + n < line.size() && line[i + n] == '#') ++n;
  if (n == 0 || n > 6) return 0;
  return i + n == line.size() || line[i + n] == ' ' || line[i + n] == '\t' ? static_cast<int>(n) : 0;
}

}  // namespace

std::vector<AnchorPlace> anchor_places(const Note& note, const TextLines& lines) {
  std::vector<int> heading_lines;
  bool in_code = false;
  for (int l = note.body_line - 1; l < lines.count(); ++l) {
    std::string_view line = lines.line(l);
    if (fence(line)) in_code = !in_code;
    else if (!in_code && atx_level(line) > 0) heading_lines.push_back(l);
  }
  std::vector<AnchorPlace> out;
  std::size_t next_heading = 0;
  for (const BodyAnchor& a : note.rendered.anchors) {
    int line = -1;
    if (a.level > 0) {
      if (next_heading < heading_lines.size()) line = heading_lines[next_heading++];
    } else {
      for (int l = note.body_line - 1; l < lines.count() && line < 0; ++l) {
        std::string_view text = lines.line(l);
        while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
        if (text.ends_with(a.text) && text.size() > a.text.size() && text[text.size() - a.text.size() - 1] == ' ') line = l;
      }
    }
    out.push_back({&a, line});
  }
  return out;
}

}  // namespace anth::lsp
