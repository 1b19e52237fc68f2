#pragma once
// The four output formats of `anthology query` (and of neighbors): an aligned table fitted to a width,
// JSON (an array of objects keyed by column name), CSV (RFC 4180, with a header row) and ids (the column
// named "id", else the first; one value a line).
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/query/result_table.h"

namespace anth::render::query {

enum class ResultFormat { Table, Json, Csv, Ids };

// "table", "json", "csv", "ids"; nullopt otherwise.
std::optional<ResultFormat> parse_result_format(std::string_view name);

// Header in capitals, columns two spaces apart, numbers right-aligned, no trailing spaces. When the
// rows are wider than `width`, the `flex` column (default: the one named "title", else the widest)
// shrinks first, then the widest others, each cell cut with "…".
std::string format_table(const anth::query::ResultTable& table, std::size_t width, std::optional<std::size_t> flex = {});
std::string format_json(const anth::query::ResultTable& table);
std::string format_csv(const anth::query::ResultTable& table);
std::string format_ids(const anth::query::ResultTable& table);

std::string format_result(const anth::query::ResultTable& table, ResultFormat format, std::size_t width);

// The same formats written as the rows arrive (query --sql), so memory does not grow with the result:
// JSON, CSV and ids go out row by row; a table needs every row's width and keeps them until finish().
class ResultStream {
 public:
  ResultStream(std::ostream& out, ResultFormat format, std::size_t width) : out_(out), format_(format), width_(width) {}
  void columns(const std::vector<std::string>& names);
  void row(const std::vector<anth::query::Cell>& cells);
  // Closes the output: ends the JSON array, prints the table (nothing for no rows, as for ids).
  void finish();
  std::size_t rows() const { return rows_; }

 private:
  std::ostream& out_;
  ResultFormat format_;
  std::size_t width_;
  std::vector<std::string> names_;
  std::size_t id_column_ = 0;
  std::size_t rows_ = 0;
  anth::query::ResultTable table_;  // Table only
};

}  // namespace anth::render::query
