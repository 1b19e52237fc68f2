#pragma once
// The papers linked to a practice (docs/rules P001), the one walk that rule P001 and `anthology origin`
// share: the LITs of its `introduced_by` and `source`; the LIT sources of THEORYs in its `source`; every
// LIT whose note relates to or mentions it; the first `paper` of every NOTE that relates to or mentions
// it; every LIT its own body mentions. A frontmatter property's own link (graph.h, is_property_edge)
// is none of these.
#include <cstddef>
#include <vector>

#include "core/graph/graph.h"

namespace anth::graph {

struct PaperLink {
  enum class Way {
    IntroducedBy,  // the practice's introduced_by
    Source,        // in the practice's source
    TheorySource,  // a source of `via`, a THEORY in the practice's source
    PaperRelates,  // the paper's own note relates to the practice (`edge`'s kind, "mentions" for a wikilink)
    NoteReading,   // the paper of NOTE `via`, which relates to the practice by `edge`
    BodyMention,   // the practice's body mentions the paper
  };
  Way way;
  std::size_t paper;  // a LIT
  std::size_t via;    // the THEORY or NOTE; the practice itself for the other ways
  Edge edge;          // the relation that makes the link, where it is written
};

// Every link of a LIT to the practice `sota`, in the order above (each way in file order); a paper
// linked several ways appears once per way.
std::vector<PaperLink> linked_papers(const Graph& graph, std::size_t sota);

}  // namespace anth::graph