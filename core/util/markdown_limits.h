#pragma once
// Guards around cmark-gfm shared by ingest (reading bodies) and render (the site), so that both read a
// body the same way.
#include <cstddef>
#include <string_view>

namespace anth::util {

// cmark-gfm's table extension (0.29.0.gfm.6) takes time quadratic in the number of cells of a row: one
// 100 KB row of 50,000 cells takes half a minute. A body with a line of more pipes than this is parsed
// without the extension; its tables are then paragraphs.
inline constexpr std::size_t max_table_pipes_per_line = 256;

inline bool has_huge_table_row(std::string_view body) {
  std::size_t pipes = 0;
  for (char c : body) {
    if (c == '\n') pipes = 0;
    else if (c == '|' && ++pipes > max_table_pipes_per_line) return true;
  }
  return false;
}

}  // namespace anth::util