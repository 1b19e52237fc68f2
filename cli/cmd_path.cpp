// anthology path A B: the shortest chain of relations between two nodes, following relations either way.
#include <iostream>

#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/query/graph_walk.h"
#include "core/query/index_corpus.h"
#include "render/query/walk_report.h"

namespace anth::cli {

namespace {

const std::vector<FlagSpec> path_flags = {
    {"--via", true, true, "RELATIONS  follow only these relations (comma-separated: source,cites,mentions)"},
    {"--format", true, false, "FORMAT  text (default) or json"},
    freshness_flag(),
};

std::string path_usage() {
  return usage_text("path", "A B [--via RELATIONS] [--format text|json]",
                    "Prints the shortest chain of relations from node A to node B, following each relation\n"
                    "in either direction: '-[source]->' is a relation written in the node before it, '<-[paper]-'\n"
                    "one written in the node after it.\n"
                    "Exit status: 0 a path was found, 1 no path or no node of that id, 2 bad usage.",
                    path_flags,
                    {"anthology path SOTA-192 LIT-008", "anthology path NOTE-058 LIT-640 --via paper,introduced_by,source",
                     "anthology path SOTA-050 SOTA-192 --format json"});
}

}  // namespace

int run_path(const Argv& argv) {
  auto args = parse_args(argv, path_flags);
  if (!args) return usage_error("path", args.error());
  if (args->has("--help")) {
    std::cout << path_usage();
    return 0;
  }
  if (args->positionals.size() != 2) return usage_error("path", "needs two ids (anthology path A B)");
  std::string format = args->get("--format").value_or("text");
  if (format != "text" && format != "json") return usage_error("path", "--format must be text or json, not '" + format + "'");
  auto via = query::relation_list(args->all("--via"));
  if (!via) return usage_error("path", via.error());

  auto db = open_query_index(*args);
  if (!db) return usage_error("path", db.error());
  auto g = query::graph_from_index(db->handle());
  if (!g) return usage_error("path", g.error());
  std::size_t ends[2];
  for (int i = 0; i < 2; ++i) {
    auto v = g->graph->vertex(args->positionals[i]);
    if (!v) {
      std::cerr << "anthology path: " << query::no_node_message(db->handle(), args->positionals[i]) << "\n";
      return 1;
    }
    ends[i] = *v;
  }
  auto hops = query::path_hops(*g->graph, ends[0], ends[1], *via);
  if (hops.empty()) {
    std::string kinds;
    for (const std::string& k : *via) kinds += (kinds.empty() ? "" : ",") + k;
    std::cerr << "anthology path: no path from " << args->positionals[0] << " to " << args->positionals[1]
              << (kinds.empty() ? "" : " via " + kinds) << "\n";
    return 1;
  }
  std::cout << (format == "json" ? render::path_json(hops, *via) : render::path_text(hops));
  return 0;
}

}  // namespace anth::cli
