#pragma once
// `anthology origin SOTA-…`: a practice's provenance, on the graph around it loaded from the index
// (core/query/index_corpus.h). The linked papers are those of rule P001, by the same walk
// (core/graph/linked_papers.h); the origin (`introduced_by`) is listed among them too.
#include <optional>
#include <string>
#include <vector>

#include "core/graph/linked_papers.h"
#include "core/query/node_details.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

// How a paper is linked to the practice, one entry per way (the walk of core/graph/linked_papers.h).
struct Link {
  using Way = graph::PaperLink::Way;
  Way way;
  std::string via;       // THEORY or NOTE id
  std::string relation;  // PaperRelates, NoteReading
};

struct LinkedPaper {
  NodeRef paper;
  std::vector<Link> links;
};

// A NOTE declining to claim its paper is the origin of the practice (declines_origin_of).
struct Hedge {
  NodeRef note;
  NodeRef paper;             // the paper the note reads (id empty when it has none)
  std::vector<std::string> practices;  // every practice the note declines (for readings of the origin)
};

struct Provenance {
  NodeRef practice;
  std::string path;
  std::string introduced_by_written;  // as written; empty when the field is missing
  std::optional<NodeRef> origin;      // nullopt when missing or naming no note
  std::vector<std::string> origin_authors;
  std::string origin_arxiv;
  std::vector<LinkedPaper> linked;    // earliest year first (unknown years last), then by id
  std::vector<NodeRef> readings;      // NOTEs reading the origin
  std::vector<Hedge> reading_hedges;  // those readings' declines_origin_of, any practice
  std::vector<Hedge> hedges;          // every NOTE declining the origin of this practice
  std::vector<NodeRef> contested_by;
  std::vector<StoredFinding> findings;  // in the practice's file
};

// What the graph tells of the practice at vertex v (no findings: they come from the index). The graph
// may be the whole one or graph_for_provenance's part of it: the answers are the same.
Provenance trace_provenance(const graph::Graph& g, std::size_t v);

// nullopt when the index has no node of that id. The caller checks that the node is a SOTA.
util::Expected<std::optional<Provenance>> load_provenance(sqlite3* db, const std::string& id);

}  // namespace anth::query
