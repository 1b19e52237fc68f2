#include "core/model/link_excerpts.h"

#include <algorithm>
#include <optional>

namespace anth {

namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t'; }

}  // namespace

ExcerptWindow excerpt_window(std::string_view text, std::size_t offset, std::size_t length, std::size_t radius) {
  offset = std::min(offset, text.size());
  std::size_t end = std::min(text.size(), offset + length);
  std::size_t from = offset > radius ? offset - radius : 0;
  std::size_t to = std::min(text.size(), end + radius);
  bool cut_front = from > 0, cut_back = to < text.size();
  if (cut_front) {
    while (from < offset && !is_space(text[from])) ++from;
    while (from < offset && is_space(text[from])) ++from;
  }
  if (cut_back) {
    while (to > end && !is_space(text[to - 1])) --to;
    while (to > end && is_space(text[to - 1])) --to;
  }
  return {text.substr(from, to - from), cut_front, cut_back};
}

std::string excerpt_around(std::string_view text, std::size_t offset, std::size_t length, std::size_t radius) {
  const ExcerptWindow window = excerpt_window(text, offset, length, radius);
  std::string out;
  if (window.cut_front) out += "\u2026";
  for (char c : window.text) {
    if (is_space(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (window.cut_back) out += "\u2026";
  return out;
}

// A link's window is one byte wider than the radius on each side where the text goes on: then the
// excerpt cut from the window knows it was cut there, exactly as from the whole text. Windows start
// and end on character boundaries, so that each piece is UTF-8.
void LinkExcerpts::add(std::string_view text, const std::vector<Wanted>& wanted) {
  auto continuation = [&](std::size_t i) { return i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80; };
  auto length = [&](const Wanted& w) { return w.end >= w.start ? w.end - w.start : 0; };
  auto low = [&](const Wanted& w) {
    std::size_t at = std::min(w.start, text.size());
    return at > excerpt_radius + 1 ? at - excerpt_radius - 1 : 0;
  };
  auto high = [&](const Wanted& w) { return std::min(text.size(), std::min(w.start, text.size()) + length(w) + excerpt_radius + 1); };
  std::vector<const Wanted*> order;
  for (const Wanted& w : wanted) order.push_back(&w);
  std::stable_sort(order.begin(), order.end(), [](const Wanted* a, const Wanted* b) { return a->start < b->start; });
  for (std::size_t i = 0; i < order.size();) {
    std::size_t from = low(*order[i]), to = high(*order[i]), j = i + 1;
    for (; j < order.size() && low(*order[j]) <= to; ++j) to = std::max(to, high(*order[j]));
    while (from > 0 && continuation(from)) --from;
    while (continuation(to)) ++to;
    auto piece = static_cast<std::uint32_t>(pieces.size());
    pieces.emplace_back(text.substr(from, to - from));
    for (; i < j; ++i) {
      const Wanted& w = *order[i];
      spans.push_back({static_cast<std::uint32_t>(w.link), piece, static_cast<std::uint32_t>(std::min(w.start, text.size()) - from),
                       static_cast<std::uint32_t>(length(w))});
    }
  }
}

void LinkExcerpts::sort_spans(std::size_t first) {
  if (first >= spans.size()) return;
  std::sort(spans.begin() + static_cast<std::ptrdiff_t>(first), spans.end(),
            [](const Span& a, const Span& b) { return a.link < b.link; });
}

const LinkExcerpts::Span* LinkExcerpts::span_of(std::size_t link) const {
  auto it = std::lower_bound(spans.begin(), spans.end(), link, [](const Span& s, std::size_t l) { return s.link < l; });
  if (it == spans.end() || it->link != link || it->piece >= pieces.size()) return nullptr;
  return &*it;
}

std::string LinkExcerpts::of(std::size_t link) const {
  const Span* s = span_of(link);
  return s ? excerpt_around(pieces[s->piece], s->start, s->length) : "";
}

std::optional<ExcerptWindow> LinkExcerpts::window_of(std::size_t link) const {
  const Span* s = span_of(link);
  if (!s) return std::nullopt;
  return excerpt_window(pieces[s->piece], s->start, s->length);
}

}  // namespace anth
