// anthology export: the whole graph for other tools, as JSON, GraphML (Gephi, yEd, Neo4j) or DOT (Graphviz).
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/util/output_file.h"
#include "core/graph/graph_export.h"
#include "core/query/index_corpus.h"
#include "render/query/graph_json.h"

namespace anth::cli {

namespace {



}  // namespace

int run_export(const Args& args) {
  if (!args.positionals.empty()) return usage_error("export", "unexpected argument '" + args.positionals.front() + "'");
  std::string format = args.get("--format").value_or("json");
  if (format != "json" && format != "graphml" && format != "dot")
    return usage_error("export", "--format must be json, graphml or dot, not '" + format + "'");

  auto db = open_query_index(args);
  if (!db) return usage_error("export", db.error());
  auto g = query::graph_from_index(db->handle());
  if (!g) return usage_error("export", g.error());

  std::ostringstream text;
  if (format == "graphml") write_graphml(*g->graph, text);
  else if (format == "dot") write_dot(*g->graph, text);
  else render::write_graph_json(*g->graph, text);

  auto out = args.get("--out");
  if (!out) {
    std::cout << text.str();
    return 0;
  }
  // A regular file is replaced whole; a pipe, a device or a link's target is written through
  // (core/util/output_file.h).
  fs::path target = *out;
  if (auto written = write_output_file(target, text.str()); !written) return usage_error("export", written.error());
  std::cout << "wrote " << target.string() << " (" << g->graph->vertex_count() << " nodes, "
            << g->graph->edge_count() << " edges)\n";
  return 0;
}

}  // namespace anth::cli
