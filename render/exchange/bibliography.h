#pragma once
// `anthology export --format bibtex | csl-json`: one entry per paper (LIT note) of the graph, in id order,
// keyed by the note's id (stable: an id never changes, and it finds the note again), with every field the
// note has (docs/linked-data.md, "Bibliographies").
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/graph/graph.h"

namespace anth::render::exchange {

// What a paper's venue looks like (None also for "arXiv preprint"): BibTeX's entry type and CSL's item type
// follow it.
enum class VenueKind { None, Proceedings, Journal };

// One paper, ready for either writer.
struct PaperRecord {
  const Note* note = nullptr;
  std::string key;  // the citation key: the note's id
  VenueKind venue = VenueKind::None;
  // The note's fields that no bibliographic field stands for (status, cites, ...), in file order:
  // the key and the values as written, joined with ", " (a map's entries as "name=value").
  std::vector<std::pair<std::string, std::string>> extra;
};

// The papers of the graph in natural id order.
std::vector<PaperRecord> paper_records(const graph::Graph& graph);

void write_bibtex(const graph::Graph& graph, std::ostream& out);
void write_csl_json(const graph::Graph& graph, std::ostream& out);

}  // namespace anth::render::exchange
