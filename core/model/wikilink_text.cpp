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

std::optional<WikilinkText> whole_wikilink(std::string_view value) {
  value = trim_blanks(value);
  if (value.size() < 5 || !value.starts_with("[[") || !value.ends_with("]]")) return std::nullopt;
  std::string_view inside = value.substr(2, value.size() - 4);
  if (inside.find("[[") != std::string_view::npos || inside.find("]]") != std::string_view::npos ||
      inside.find('\n') != std::string_view::npos)
    return std::nullopt;
  WikilinkText parts = split_wikilink(inside);
  if (parts.target.empty()) return std::nullopt;
  return parts;
}

}  // namespace anth

namespace anth {

std::size_t WikilinkFinder::close_after(std::size_t from) {
  if (from >= no_close_from_) return std::string_view::npos;
  // Asked from anywhere between the last search's start and what it found: the same answer.
  if (close_ != std::string_view::npos && from >= close_from_ && from <= close_) return close_;
  std::size_t close = text_.find("]]", from);
  if (close == std::string_view::npos) no_close_from_ = from;
  else close_from_ = from, close_ = close;
  return close;
}

std::size_t WikilinkFinder::open_before(std::size_t close, std::size_t from) {
  // The same "]]" asked about from further on: the last "[[" is still the answer (or still none).
  if (close == open_for_ && from >= open_from_) return open_ == std::string_view::npos || open_ >= from ? open_ : std::string_view::npos;
  open_for_ = close;
  open_from_ = from;
  std::size_t found = from < close ? text_.substr(from, close - from).rfind("[[") : std::string_view::npos;
  open_ = found == std::string_view::npos ? found : from + found;
  return open_;
}

std::optional<WikilinkSpan> WikilinkFinder::at(std::size_t open) {
  std::size_t close = close_after(open + 2);
  if (close == std::string_view::npos || open_before(close, open) != open) return std::nullopt;
  WikilinkSpan span{open, close};
  std::string_view inside = span.inside(text_);
  if (inside.empty() || inside.find('\n') != std::string_view::npos) return std::nullopt;
  return span;
}

std::optional<WikilinkSpan> WikilinkFinder::next(std::size_t from) {
  while (true) {
    std::size_t close = close_after(from);
    if (close == std::string_view::npos) return std::nullopt;
    if (std::size_t open = open_before(close, from); open != std::string_view::npos)
      if (auto span = at(open)) return span;
    from = close + 2;
  }
}

}  // namespace anth
