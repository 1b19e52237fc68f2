// anthology neighbors ID: the nodes within a few relations of one node, each with the relation that
// reaches it.
#include <iostream>

#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/query/graph_walk.h"
#include "core/query/index_corpus.h"
#include "render/query/result_formats.h"
#include "render/query/text_width.h"
#include "render/query/walk_report.h"

namespace anth::cli {

namespace {



}  // namespace

int run_neighbors(const Args& args) {
  if (args.positionals.size() != 1)
    return usage_error("neighbors", args.positionals.empty() ? "which node? (anthology neighbors ID)" : "one ID at a time");
  std::string format_name = args.get("--format").value_or("table");
  auto format = render::parse_result_format(format_name);
  if (!format) return usage_error("neighbors", "--format must be table, json, csv or ids, not '" + format_name + "'");
  int depth = 1;
  if (auto d = args.get("--depth")) {
    char* end = nullptr;
    long n = std::strtol(d->c_str(), &end, 10);
    if (d->empty() || *end || n < 0 || n > 1000) return usage_error("neighbors", "--depth needs a number from 0 to 1000, not '" + *d + "'");
    depth = static_cast<int>(n);
  }
  auto relations = query::relation_list(args.all("--relation"));
  if (!relations) return usage_error("neighbors", relations.error());

  auto db = open_query_index(args);
  if (!db) return usage_error("neighbors", db.error());
  auto g = query::graph_from_index(db->handle());
  if (!g) return usage_error("neighbors", g.error());
  const std::string& id = args.positionals.front();
  auto v = g->graph->vertex(id);
  if (!v) {
    std::cerr << "anthology neighbors: " << query::no_node_message(db->handle(), id) << "\n";
    return 1;
  }
  auto hops = query::neighbor_hops(*g->graph, *v, depth, *relations);
  if (*format == render::ResultFormat::Json) std::cout << render::neighbors_json(hops, depth, *relations);
  else std::cout << render::format_result(render::neighbors_table(hops), *format, render::output_width());
  return 0;
}

}  // namespace anth::cli
