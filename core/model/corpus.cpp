#include "core/model/corpus.h"

#include <algorithm>

namespace anth {

const Note* Corpus::find(std::string_view id) const {
  auto it = by_id.find(std::string(id));
  return it == by_id.end() ? nullptr : &notes[it->second];
}

bool Corpus::has_query_blocks() const {
  return std::any_of(notes.begin(), notes.end(), [](const Note& n) { return !n.rendered.queries.empty(); });
}

void Corpus::index_ids() {
  by_id.clear();
  for (std::size_t i = 0; i < notes.size(); ++i)
    if (notes[i].in_graph) by_id.emplace(notes[i].id, i);
}

}  // namespace anth
