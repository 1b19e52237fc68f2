#include "render/query/result_formats.h"

#include "render/query/node_text.h"


#include <algorithm>
#include <set>

namespace anth::render {

using query::Cell;
using query::ResultTable;

namespace {

ordered_json json_of(const Cell& cell) {
  switch (cell.type) {
    case Cell::Type::Null: return nullptr;
    case Cell::Type::Integer: return cell.integer;
    case Cell::Type::Real: return cell.real;
    case Cell::Type::Text: return cell.text;
  }
  return nullptr;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// Column names made unique for JSON keys: a repeated name gets "_2", "_3", ...
std::vector<std::string> unique_names(const std::vector<std::string>& columns) {
  std::vector<std::string> out;
  std::set<std::string> taken;
  for (const std::string& c : columns) {
    std::string name = c;
    for (int k = 2; taken.count(name); ++k) name = c + "_" + std::to_string(k);
    taken.insert(name);
    out.push_back(name);
  }
  return out;
}

}  // namespace

std::optional<ResultFormat> parse_result_format(std::string_view name) {
  if (name == "table") return ResultFormat::Table;
  if (name == "json") return ResultFormat::Json;
  if (name == "csv") return ResultFormat::Csv;
  if (name == "ids") return ResultFormat::Ids;
  return std::nullopt;
}

std::string format_json(const ResultTable& table) {
  std::vector<std::string> names = unique_names(table.columns);
  ordered_json rows = ordered_json::array();
  for (const auto& row : table.rows) {
    ordered_json object = ordered_json::object();
    for (std::size_t c = 0; c < names.size(); ++c) object[names[c]] = json_of(row[c]);
    rows.push_back(std::move(object));
  }
  return dump(rows);
}

std::string format_csv(const ResultTable& table) {
  std::string out;
  auto line = [&](const auto& values, auto text_of) {
    for (std::size_t c = 0; c < values.size(); ++c) out += (c ? "," : "") + csv_field(text_of(values[c]));
    out += "\n";
  };
  line(table.columns, [](const std::string& s) { return s; });
  for (const auto& row : table.rows) line(row, [](const Cell& cell) { return cell.text; });
  return out;
}

std::string format_ids(const ResultTable& table) {
  auto named_id = std::find(table.columns.begin(), table.columns.end(), "id");
  std::size_t column = named_id == table.columns.end() ? 0 : static_cast<std::size_t>(named_id - table.columns.begin());
  std::string out;
  for (const auto& row : table.rows)
    if (column < row.size() && row[column].type != Cell::Type::Null) out += row[column].text + "\n";
  return out;
}

std::string format_result(const ResultTable& table, ResultFormat format, std::size_t width) {
  switch (format) {
    case ResultFormat::Table: return format_table(table, width);
    case ResultFormat::Json: return format_json(table);
    case ResultFormat::Csv: return format_csv(table);
    case ResultFormat::Ids: return format_ids(table);
  }
  return {};
}

}  // namespace anth::render
