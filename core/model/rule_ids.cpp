#include <charconv>

#include "core/model/rule_catalog.h"

namespace anth {

namespace {

// The number of "P013", or -1 when the id has no number after its family letter.
int id_number(std::string_view id) {
  int n = -1;
  if (id.size() < 2 || std::from_chars(id.data() + 1, id.data() + id.size(), n).ptr != id.data() + id.size()) return -1;
  return n;
}

bool follows(std::string_view previous, std::string_view id) {
  const int a = id_number(previous), b = id_number(id);
  return previous[0] == id[0] && a >= 0 && b == a + 1;
}

}  // namespace

std::string id_ranges(const std::vector<std::string_view>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t last = i;
    while (last + 1 < ids.size() && follows(ids[last], ids[last + 1])) ++last;
    if (!out.empty()) out += ", ";
    out += ids[i];
    if (last > i) out += "-" + std::string(ids[last]);
    i = last + 1;
  }
  return out;
}

std::string catalogue_ranges() {
  std::vector<std::string_view> ids;
  for (const RuleInfo& r : rule_catalog()) ids.push_back(r.id);
  return id_ranges(ids);
}

}  // namespace anth
