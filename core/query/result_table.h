#pragma once
// Rows and named columns, as the query commands produce them and render/query formats them (table, JSON,
// CSV, ids). A cell keeps SQLite's type so JSON can tell 2020 from "2020" and null from "".
#include <cstdint>
#include <string>
#include <vector>

namespace anth::query {

struct Cell {
  enum class Type { Null, Integer, Real, Text };
  Type type = Type::Null;
  std::string text;  // the value as text ("" for null); a real in its shortest round-trip form
  std::int64_t integer = 0;
  double real = 0;

  static Cell null() { return {}; }
  static Cell of(std::int64_t v) { return {Type::Integer, std::to_string(v), v, 0}; }
  static Cell of(std::string v) { return {Type::Text, std::move(v), 0, 0}; }
  static Cell of_real(double v);
};

struct ResultTable {
  std::vector<std::string> columns;
  std::vector<std::vector<Cell>> rows;  // each as long as columns
};

}  // namespace anth::query
