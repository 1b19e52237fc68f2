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

const std::vector<FlagSpec> export_flags = {
    {"--format", true, false, "FORMAT  json (default), graphml or dot"},
    {"--out", true, false, "FILE  write to FILE instead of standard output (a file is replaced whole;\n"
                            "a pipe, a device or a link's target is written through)"},
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
  // A regular file is replaced whole; a pipe, a device or a link's target is written through
  // (core/util/output_file.h).
  fs::path target = *out;
  if (auto written = write_output_file(target, text.str()); !written) return usage_error("export", written.error());
  std::cout << "wrote " << target.string() << " (" << g->graph->vertex_count() << " nodes, "
            << g->graph->edge_count() << " edges)\n";
  return 0;
}

}  // namespace anth::cli
