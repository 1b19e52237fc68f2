#include <algorithm>
#include <cctype>

#include "render/query/result_formats.h"
#include "render/query/text_width.h"

namespace anth::render::query {

using anth::query::Cell;
using anth::query::ResultTable;

namespace {

constexpr std::size_t gap = 2;
constexpr std::size_t min_column = 4;

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string pad(const std::string& text, std::size_t width, bool right) {
  std::size_t w = display_width(text);
  if (w >= width) return text;
  return right ? std::string(width - w, ' ') + text : text + std::string(width - w, ' ');
}

}  // namespace

std::string format_table(const ResultTable& table, std::size_t width, std::optional<std::size_t> flex) {
  const std::size_t n = table.columns.size();
  if (n == 0) return {};
  std::vector<std::string> header;
  std::vector<std::size_t> widths(n, 0), floors(n, 0);
  for (std::size_t c = 0; c < n; ++c) {
    header.push_back(upper(one_line(table.columns[c])));
    widths[c] = display_width(header[c]);
    floors[c] = std::min(widths[c], min_column);
  }
  std::vector<std::vector<std::string>> cells;
  std::vector<bool> numeric(n, true);
  for (const auto& row : table.rows) {
    std::vector<std::string> line;
    for (std::size_t c = 0; c < n; ++c) {
      const Cell& cell = row[c];
      line.push_back(one_line(cell.text));
      widths[c] = std::max(widths[c], display_width(line.back()));
      if (cell.type == Cell::Type::Text) numeric[c] = false;
    }
    cells.push_back(std::move(line));
  }
  for (std::size_t c = 0; c < n; ++c) floors[c] = std::max(floors[c], std::min(widths[c], min_column));

  if (!flex)
    for (std::size_t c = 0; c < n; ++c)
      if (table.columns[c] == "title") flex = c;
  std::size_t total = (n - 1) * gap;
  for (std::size_t w : widths) total += w;
  if (total > width && flex && *flex < n) {
    std::size_t floor = std::max<std::size_t>(floors[*flex], std::min<std::size_t>(widths[*flex], 12));
    std::size_t cut = std::min(total - width, widths[*flex] - std::min(widths[*flex], floor));
    widths[*flex] -= cut;
    total -= cut;
  }
  while (total > width) {  // then the widest column that can still give, one column at a time
    std::size_t widest = n;
    for (std::size_t c = 0; c < n; ++c)
      if (widths[c] > floors[c] && (widest == n || widths[c] > widths[widest])) widest = c;
    if (widest == n) break;
    --widths[widest];
    --total;
  }

  std::string out;
  auto emit = [&](const std::vector<std::string>& line) {
    std::string text;
    for (std::size_t c = 0; c < n; ++c) {
      std::string cell = fit_width(line[c], widths[c]);
      bool last = c + 1 == n;
      bool right = numeric[c];
      text += last && !right ? cell : pad(cell, widths[c], right);
      if (!last) text += std::string(gap, ' ');
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + "\n";
  };
  emit(header);
  for (const auto& line : cells) emit(line);
  return out;
}

}  // namespace anth::render::query
