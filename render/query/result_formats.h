#pragma once
// The four output formats of `anthology query` (and of neighbors): an aligned table fitted to a width,
// JSON (an array of objects keyed by column name), CSV (RFC 4180, with a header row) and ids (the column
// named "id", else the first; one value a line).
#include <cstddef>
#include <optional>
#include <string>

#include "core/query/result_table.h"

namespace anth::render {

enum class ResultFormat { Table, Json, Csv, Ids };

// "table", "json", "csv", "ids"; nullopt otherwise.
std::optional<ResultFormat> parse_result_format(std::string_view name);

// Header in capitals, columns two spaces apart, numbers right-aligned, no trailing spaces. When the
// rows are wider than `width`, the `flex` column (default: the one named "title", else the widest)
// shrinks first, then the widest others, each cell cut with "…".
std::string format_table(const query::ResultTable& table, std::size_t width, std::optional<std::size_t> flex = {});
std::string format_json(const query::ResultTable& table);
std::string format_csv(const query::ResultTable& table);
std::string format_ids(const query::ResultTable& table);

std::string format_result(const query::ResultTable& table, ResultFormat format, std::size_t width);

}  // namespace anth::render
