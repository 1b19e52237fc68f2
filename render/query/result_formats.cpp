#include "render/query/result_formats.h"

#include "render/query/node_text.h"


#include <algorithm>
#include <set>
#include <sstream>

namespace anth::render::query {

using anth::query::Cell;
using anth::query::ResultTable;

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

namespace {

std::string through_stream(const ResultTable& table, ResultFormat format) {
  std::ostringstream out;
  ResultStream stream(out, format, 0);
  stream.columns(table.columns);
  for (const auto& row : table.rows) stream.row(row);
  stream.finish();
  return out.str();
}

std::string csv_line(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t c = 0; c < fields.size(); ++c) out += (c ? "," : "") + csv_field(fields[c]);
  return out + "\n";
}

}  // namespace

std::string format_json(const ResultTable& table) { return through_stream(table, ResultFormat::Json); }
std::string format_csv(const ResultTable& table) { return through_stream(table, ResultFormat::Csv); }
std::string format_ids(const ResultTable& table) { return through_stream(table, ResultFormat::Ids); }

void ResultStream::columns(const std::vector<std::string>& names) {
  auto named_id = std::find(names.begin(), names.end(), "id");
  id_column_ = named_id == names.end() ? 0 : static_cast<std::size_t>(named_id - names.begin());
  if (format_ == ResultFormat::Json) names_ = unique_names(names);
  if (format_ == ResultFormat::Csv) out_ << csv_line(names);
  if (format_ == ResultFormat::Table) table_.columns = names;
}

void ResultStream::row(const std::vector<Cell>& cells) {
  ++rows_;
  switch (format_) {
    case ResultFormat::Table: table_.rows.push_back(cells); break;
    case ResultFormat::Csv: {
      std::vector<std::string> fields;
      for (const Cell& cell : cells) fields.push_back(cell.text);
      out_ << csv_line(fields);
      break;
    }
    case ResultFormat::Ids:
      if (id_column_ < cells.size() && cells[id_column_].type != Cell::Type::Null) out_ << cells[id_column_].text << "\n";
      break;
    case ResultFormat::Json: {
      ordered_json object = ordered_json::object();
      for (std::size_t c = 0; c < names_.size() && c < cells.size(); ++c) object[names_[c]] = json_of(cells[c]);
      // Each object as the whole array's dump would lay it out: indented one level.
      std::string text = dump(object);
      text.pop_back();  // dump's final newline
      out_ << (rows_ == 1 ? "[\n  " : ",\n  ");
      for (char c : text) {
        out_ << c;
        if (c == '\n') out_ << "  ";
      }
      break;
    }
  }
}

void ResultStream::finish() {
  if (format_ == ResultFormat::Json) out_ << (rows_ ? "\n]\n" : "[]\n");
  if (format_ == ResultFormat::Table && rows_) out_ << format_table(table_, width_);
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

}  // namespace anth::render::query
