#include "core/query/result_table.h"

#include <charconv>

namespace anth::query {

Cell Cell::of_real(double v) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  Cell c;
  c.type = Type::Real;
  c.real = v;
  c.text = ec == std::errc() ? std::string(buffer, end) : std::to_string(v);
  return c;
}

}  // namespace anth::query
