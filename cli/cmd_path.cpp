// anthology path A B: the shortest chain of relations between two nodes, following relations either way.
#include <iostream>

#include "cli/commands.h"
#include "cli/node_operand.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/query/graph_walk.h"
#include "core/query/index_corpus.h"
#include "render/query/walk_report.h"

namespace anth::cli {

namespace {



}  // namespace

int run_path(const Args& args) {
  if (args.positionals.size() != 2) return usage_error("path", "needs two ids (anthology path A B)");
  std::string format = args.get("--format").value_or("text");
  if (format != "text" && format != "json") return usage_error("path", "--format must be text or json, not '" + format + "'");
  auto via = query::relation_list(args.all("--via"));
  if (!via) return usage_error("path", via.error());

  auto db = open_query_index(args);
  if (!db) return usage_error("path", db.error());
  auto g = query::graph_from_index(db->handle());
  if (!g) return usage_error("path", g.error());
  std::size_t ends[2];
  for (int i = 0; i < 2; ++i) {
    auto id = node_operand(db->handle(), args.positionals[i], "path");
    if (!id) return usage_error("path", id.error());
    if (!*id) return 1;
    auto v = g->graph->vertex(**id);
    if (!v) {
      std::cerr << "anthology path: " << query::no_node_message(db->handle(), **id) << "\n";
      return 1;
    }
    ends[i] = *v;
  }
  auto hops = query::path_hops(*g->graph, ends[0], ends[1], *via);
  if (hops.empty()) {
    std::string kinds;
    for (const std::string& k : *via) kinds += (kinds.empty() ? "" : ",") + k;
    std::cerr << "anthology path: no path from " << args.positionals[0] << " to " << args.positionals[1]
              << (kinds.empty() ? "" : " via " + kinds) << "\n";
    return 1;
  }
  std::cout << (format == "json" ? render::query::path_json(hops, *via) : render::query::path_text(hops));
  return 0;
}

}  // namespace anth::cli
