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

const std::vector<FlagSpec> neighbors_flags = {
    {"--depth", true, false, "N  how many relations away (default 1)"},
    {"--relation", true, true, "RELATIONS  follow only these relations (repeat or comma-separate)"},
    {"--format", true, false, "FORMAT  table (default), json, csv or ids"},
    freshness_flag(),
};

std::string neighbors_usage() {
  return usage_text("neighbors", "ID [--depth N] [--relation R] [--format table|json|csv|ids]",
                    "Lists the node and every node within N relations of it, following relations either\n"
                    "way, nearest first. VIA tells how each was reached: 'SOTA-192 -source->' is a relation\n"
                    "written in SOTA-192, 'SOTA-192 <-paper-' one written in the node listed.\n"
                    "Exit status: 0 listed, 1 no node of that id, 2 bad usage.",
                    neighbors_flags,
                    {"anthology neighbors SOTA-192", "anthology neighbors LIT-640 --depth 2",
                     "anthology neighbors LIT-008 --relation cites,source --format ids",
                     "anthology neighbors SOTA-192 --format json"});
}

}  // namespace

int run_neighbors(const Argv& argv) {
  auto args = parse_args(argv, neighbors_flags);
  if (!args) return usage_error("neighbors", args.error());
  if (args->has("--help")) {
    std::cout << neighbors_usage();
    return 0;
  }
  if (args->positionals.size() != 1)
    return usage_error("neighbors", args->positionals.empty() ? "which node? (anthology neighbors ID)" : "one ID at a time");
  std::string format_name = args->get("--format").value_or("table");
  auto format = render::parse_result_format(format_name);
  if (!format) return usage_error("neighbors", "--format must be table, json, csv or ids, not '" + format_name + "'");
  int depth = 1;
  if (auto d = args->get("--depth")) {
    char* end = nullptr;
    long n = std::strtol(d->c_str(), &end, 10);
    if (d->empty() || *end || n < 0 || n > 1000) return usage_error("neighbors", "--depth needs a number from 0 to 1000, not '" + *d + "'");
    depth = static_cast<int>(n);
  }
  auto relations = query::relation_list(args->all("--relation"));
  if (!relations) return usage_error("neighbors", relations.error());

  auto db = open_query_index(*args);
  if (!db) return usage_error("neighbors", db.error());
  auto g = query::graph_from_index(db->handle());
  if (!g) return usage_error("neighbors", g.error());
  const std::string& id = args->positionals.front();
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
