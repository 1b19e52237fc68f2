#pragma once
// What the graph says of a note that the note alone does not: the graph (core/graph) finds it, the index
// (core/index) stores it with the note's row, and the queries read it there instead of saying it again.
#include <optional>

namespace anth {

struct NodeFacts {
  std::optional<int> year;  // Graph::year: a LIT's year, a SOTA's introduced_by paper's, a THEORY's earliest source's
};

}  // namespace anth
