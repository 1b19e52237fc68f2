// anthology export: the whole graph for other tools, as JSON, GraphML (Gephi, yEd, Neo4j) or DOT (Graphviz);
// its papers as a bibliography (BibTeX, CSL-JSON); the graph as linked data (Turtle, JSON-LD).
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/util/output_file.h"
#include "core/graph/graph_export.h"
#include "core/query/index_corpus.h"
#include "core/query/note_fields.h"
#include "render/exchange/bibliography.h"
#include "render/exchange/linked_data.h"
#include "render/query/graph_json.h"

namespace anth::cli {

namespace {

using Writer = void (*)(const graph::Graph&, std::ostream&);

struct Format {
  const char* name;
  Writer write;
  bool needs_fields;  // authors, doi, venue, url and every field as written (core/query/note_fields.h)
  bool bibliography;  // the papers alone (render/exchange/bibliography.h), which its summary counts
};

void graph_json(const graph::Graph& g, std::ostream& out) { render::query::write_graph_json(g, out); }

constexpr Format formats[] = {
    {"json", graph_json, false, false},
    {"graphml", graph::write_graphml, false, false},
    {"dot", graph::write_dot, false, false},
    {"bibtex", render::exchange::write_bibtex, true, true},
    {"csl-json", render::exchange::write_csl_json, true, true},
    {"jsonld", render::exchange::write_jsonld, true, false},
    {"turtle", render::exchange::write_turtle, true, false},
};

}  // namespace

int run_export(const Args& args) {
  if (!args.positionals.empty()) return usage_error("export", "unexpected argument '" + args.positionals.front() + "'");
  std::string format = args.get("--format").value_or("json");
  const Format* chosen = nullptr;
  for (const Format& f : formats)
    if (format == f.name) chosen = &f;
  if (!chosen)
    return usage_error("export", "--format must be json, graphml, dot, bibtex, csl-json, jsonld or turtle, not '" + format + "'");

  auto db = open_query_index(args);
  if (!db) return usage_error("export", db.error());
  auto g = query::graph_from_index(db->handle());
  if (!g) return usage_error("export", g.error());
  if (chosen->needs_fields)
    if (auto filled = query::add_note_fields(db->handle(), *g); !filled) return usage_error("export", filled.error());

  std::ostringstream text;
  chosen->write(*g->graph, text);

  auto out = args.get("--out");
  if (!out) {
    std::cout << text.str();
    return 0;
  }
  // A regular file is replaced whole; a pipe, a device or a link's target is written through
  // (core/util/output_file.h).
  fs::path target = *out;
  if (auto written = util::write_output_file(target, text.str()); !written) return usage_error("export", written.error());
  std::cout << "wrote " << target.string() << " (";
  // A bibliography holds the papers: a vault of no LIT note gets an empty one, and its summary says so.
  if (chosen->bibliography) {
    const std::size_t papers = render::exchange::paper_records(*g->graph).size();
    std::cout << papers << (papers == 1 ? " paper)\n" : " papers)\n");
  } else {
    std::cout << g->graph->vertex_count() << " nodes, " << g->graph->edge_count() << " edges)\n";
  }
  return 0;
}

}  // namespace anth::cli
