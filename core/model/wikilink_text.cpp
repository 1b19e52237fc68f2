#include "core/model/wikilink_text.h"

namespace anth {

namespace {

std::string_view trim_blanks(std::string_view s) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

WikilinkText split_wikilink(std::string_view inside) {
  WikilinkText out;
  if (std::size_t bar = inside.find('|'); bar != std::string_view::npos) {
    out.display = trim_blanks(inside.substr(bar + 1));
    inside = inside.substr(0, bar);
    if (!inside.empty() && inside.back() == '\\') inside.remove_suffix(1);  // "\|": the table escape
  }
  if (std::size_t hash = inside.find('#'); hash != std::string_view::npos) {
    out.heading = trim_blanks(inside.substr(hash + 1));
    inside = inside.substr(0, hash);
  }
  out.target = trim_blanks(inside);
  return out;
}

}  // namespace anth
