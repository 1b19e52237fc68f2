#include "workspace/lsp/positions.h"

#include <algorithm>

#include "core/util/utf8.h"

namespace anth::workspace::lsp {

nlohmann::json to_json(Position p) { return {{"line", p.line}, {"character", p.character}}; }
nlohmann::json to_json(const Range& r) { return {{"start", to_json(r.start)}, {"end", to_json(r.end)}}; }

TextLines::TextLines(std::string_view text) {
  std::size_t start = 0;
  while (true) {
    std::size_t nl = text.find('\n', start);
    std::string_view line = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines_.push_back(line);
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
}

std::string_view TextLines::line(int index) const {
  return index >= 0 && index < count() ? lines_[static_cast<std::size_t>(index)] : std::string_view();
}

int units(std::string_view text, Encoding encoding) {
  if (encoding == Encoding::Utf8) return static_cast<int>(text.size());
  int n = 0;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t len = util::utf8_sequence_length(text, i);
    if (len == 0) len = 1;  // a stray byte: one unit, as an editor shows a replacement character
    n += len == 4 ? 2 : 1;
    i += len;
  }
  return n;
}

Position TextLines::position(int line, int byte_column, Encoding encoding) const {
  if (line < 0) return {0, 0};
  if (line >= count()) return {count() - 1, units(lines_.back(), encoding)};
  std::string_view text = lines_[static_cast<std::size_t>(line)];
  std::size_t cut = static_cast<std::size_t>(std::clamp(byte_column, 0, static_cast<int>(text.size())));
  return {line, units(text.substr(0, cut), encoding)};
}

int TextLines::byte_of(int line, int column) const {
  std::string_view text = this->line(line);
  std::size_t i = 0;
  for (int c = 1; c < column && i < text.size(); ++c) {
    std::size_t len = util::utf8_sequence_length(text, i);
    i += len == 0 ? 1 : len;
  }
  return static_cast<int>(std::min(i, text.size()));
}

int TextLines::byte_column(Position p, Encoding encoding) const {
  if (p.line < 0 || p.line >= count()) return -1;
  std::string_view text = lines_[static_cast<std::size_t>(p.line)];
  if (p.character <= 0) return 0;
  int n = 0;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t len = util::utf8_sequence_length(text, i);
    if (len == 0) len = 1;
    int w = encoding == Encoding::Utf8 ? static_cast<int>(len) : (len == 4 ? 2 : 1);
    if (n + w > p.character) return static_cast<int>(i);
    n += w;
    i += len;
  }
  return static_cast<int>(text.size());
}

}  // namespace anth::workspace::lsp
