#include "cli/vocabulary.h"

#include <algorithm>
#include <cctype>

#include "core/model/kind.h"
#include "core/model/schema.h"

namespace anth::cli {

std::vector<std::string> kind_words() {
  std::vector<std::string> out;
  for (Kind k : all_kinds) {
    std::string name = kind_name(k);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.push_back(name);
  }
  return out;
}

std::vector<std::string> status_words() {
  std::vector<std::string> out;
  for (Kind k : all_kinds)
    if (const FieldSpec* spec = find_field(k, "status"))
      for (std::string_view c : spec->choices)
        if (std::find(out.begin(), out.end(), c) == out.end()) out.emplace_back(c);
  return out;
}

std::vector<std::string> relation_words() {
  const auto& names = relation_kinds();
  return {names.begin(), names.end()};
}

}  // namespace anth::cli
