// anthology export: the whole graph for other tools, as JSON, GraphML (Gephi, yEd, Neo4j) or DOT (Graphviz).
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/graph/graph_export.h"
#include "core/query/index_corpus.h"
#include "render/query/graph_json.h"

namespace anth::cli {

namespace {

const std::vector<FlagSpec> export_flags = {
    {"--format", true, false, "FORMAT  json (default), graphml or dot"},
    {"--out", true, false, "FILE  write to FILE instead of standard output"},
    freshness_flag(),
};

std::string export_usage() {
  return usage_text("export", "[--format json|graphml|dot] [--out FILE]",
                    "Writes the whole graph: every node in the graph (id, kind, title, year, status) and every\n"
                    "resolved relation (relation, file, line). GraphML opens in Gephi, yEd and Neo4j's import;\n"
                    "DOT renders with Graphviz (nodes coloured by kind, edges labelled by relation).",
                    export_flags,
                    {"anthology export --format json | jq '.nodes | length'",
                     "anthology export --format graphml --out anthology.graphml",
                     "anthology export --format dot | dot -Tsvg > graph.svg"});
}

}  // namespace

int run_export(const Argv& argv) {
  auto args = parse_args(argv, export_flags);
  if (!args) return usage_error("export", args.error());
  if (args->has("--help")) {
    std::cout << export_usage();
    return 0;
  }
  if (!args->positionals.empty()) return usage_error("export", "unexpected argument '" + args->positionals.front() + "'");
  std::string format = args->get("--format").value_or("json");
  if (format != "json" && format != "graphml" && format != "dot")
    return usage_error("export", "--format must be json, graphml or dot, not '" + format + "'");

  auto db = open_query_index(*args);
  if (!db) return usage_error("export", db.error());
  auto g = query::graph_from_index(db->handle());
  if (!g) return usage_error("export", g.error());

  std::ostringstream text;
  if (format == "graphml") write_graphml(*g->graph, text);
  else if (format == "dot") write_dot(*g->graph, text);
  else render::write_graph_json(*g->graph, text);

  auto out = args->get("--out");
  if (!out) {
    std::cout << text.str();
    return 0;
  }
  // Written beside the target and renamed over it, so a reader never sees half a file.
  fs::path target = *out, partial = target.string() + ".partial";
  {
    std::ofstream file(partial, std::ios::binary);
    file << text.str();
    if (!file.flush()) return usage_error("export", "cannot write " + partial.string());
  }
  std::error_code ec;
  fs::rename(partial, target, ec);
  if (ec) {
    fs::remove(partial, ec);
    return usage_error("export", "cannot write " + target.string());
  }
  std::cout << "wrote " << target.string() << " (" << g->graph->vertex_count() << " nodes, "
            << g->graph->edge_count() << " edges)\n";
  return 0;
}

}  // namespace anth::cli
