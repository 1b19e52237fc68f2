#include "cli/vocabulary.h"

#include "core/model/schema.h"

namespace anth::cli {

std::vector<std::string> relation_words() {
  const auto& names = relation_kinds();
  return {names.begin(), names.end()};
}

}  // namespace anth::cli
