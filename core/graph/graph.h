#pragma once
// The typed knowledge graph: one vertex per in-graph note, one edge per resolved relation with its kind
// and source location. Built on Boost.Graph, which only graph.cpp and the algorithm files include:
// nothing else in the project touches Boost.Graph directly.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/corpus.h"
#include "core/model/node_facts.h"

namespace anth::graph {

struct Edge {
  std::size_t from;  // vertex numbers
  std::size_t to;
  const Relation* relation;  // kind, written target, location
};

// An edge from a frontmatter link outside the schema (Origin::Property, docs/format.md "Frontmatter
// links"): shown on pages and in backlinks, never read by the typed rules. A query for edges of a
// relation's name ("source") leaves them out, one for a property's own key ("categories") finds them;
// a rule that walks every kind skips them.
inline bool is_property_edge(const Edge& e) { return e.relation->origin == Origin::Property; }
// Whether the edge answers a query for edges of `kind`.
bool edge_of_kind(const Edge& e, std::string_view kind);

// A position from a layout, in [0, 1] x [0, 1].
struct Point {
  double x = 0;
  double y = 0;
};

// A LIT's own year (its `year` field); nullopt for another kind or when unknown. The base of Graph::year,
// and the whole rule for a note kept out of the graph (it has no relations).
std::optional<int> paper_year(const Note& note);

class Graph {
 public:
  explicit Graph(const Corpus& corpus);
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  const Corpus& corpus() const;

  // The relations of the note at vertex v were resolved again (the note may have been replaced in place,
  // same id, same place in the corpus): when they make the edges v had (the same targets in the same
  // order), those edges now point at the new relations and true is returned, the graph being what a new
  // one over the corpus would be; false, nothing changed, when they differ (build the graph again).
  bool repoint_out_edges(std::size_t v);
  std::size_t vertex_count() const;
  std::size_t edge_count() const;
  // Vertex of an id, or nullopt when the id is no in-graph note.
  std::optional<std::size_t> vertex(std::string_view id) const;
  const Note& note(std::size_t vertex) const;

  // Relations leaving / entering a node, optionally of one kind (edge_of_kind); in file order of the
  // relation's note, then by path.
  std::vector<Edge> out_edges(std::size_t v, std::string_view kind = {}) const;
  std::vector<Edge> in_edges(std::size_t v, std::string_view kind = {}) const;

  // The year of a node (docs/rules/README.md, "Terms the rules share"): a LIT's year; a SOTA's introduced_by paper's year; a THEORY's
  // earliest LIT source year; nullopt for a NOTE, a TERM, or when the year is unknown.
  std::optional<int> year(std::size_t v) const;
  // What the graph says of each note of the corpus (its year), in the corpus's order: what the index
  // stores with the notes' rows.
  std::vector<NodeFacts> node_facts() const;
  // The NOTEs whose `paper` is this LIT.
  std::vector<std::size_t> readings(std::size_t lit) const;

  // The one neighborhood walk (`neighbors`, the site's Graph View): vertices within `depth` steps,
  // following edges both ways (only of `kinds` when given), v itself first, level by level.
  struct NeighborhoodOptions {
    int depth = 1;
    std::vector<std::string> kinds;
    std::size_t cap = static_cast<std::size_t>(-1);  // at most this many vertices (v always)
    // Found: a breadth-first walk, each vertex's edges in file order, outgoing first. SparseFirst: a
    // level's vertices least connected first, each one's new neighbors by id; under a cap, a hub's
    // neighbors, which say little about v, come last.
    enum class Expand { Found, SparseFirst } expand = Expand::Found;
  };
  struct Reached {
    std::size_t vertex;
    int depth;
    const Edge* via;  // the edge that first reached it; null for v
    bool forward;     // `via` points from the vertex it was reached from to this one
  };
  std::vector<Reached> neighborhood(std::size_t v, const NeighborhoodOptions& options) const;
  // The shortest chain of edges from a to b following edges in either direction (optionally only of
  // the given kinds); empty when none. Each step is an Edge whose `from` is the earlier vertex on the path
  // when walked forward, or reversed when the relation points backwards (see Step).
  struct Step {
    Edge edge;
    bool forward;  // true when the relation points from the earlier vertex of the path to the later one
  };
  std::vector<Step> shortest_path(std::size_t a, std::size_t b, const std::vector<std::string>& kinds = {}) const;
  // Every strongly connected component of the edges of the given kinds that holds a cycle (two or
  // more vertices, or one with a self-loop), in order of their smallest ids: its members sorted by id
  // and a shortest cycle through its smallest id, starting there (ids in their one natural order,
  // core/util/natural_order.h, like every "by id" of this class). Linear in the graph; deterministic.
  struct CyclicComponent {
    std::vector<std::size_t> members;
    std::vector<std::size_t> cycle;
  };
  std::vector<CyclicComponent> cyclic_components(const std::vector<std::string>& kinds) const;

  // A force-directed layout (Boost's Fruchterman-Reingold, seeded for determinism) of the subgraph
  // induced by `vertices`, scaled into [0, 1]^2; parallel to `vertices`.
  std::vector<Point> layout(const std::vector<std::size_t>& vertices) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace anth::graph