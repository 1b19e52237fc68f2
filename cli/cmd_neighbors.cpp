// anthology neighbors ID: the nodes within a few relations of one node, each with the relation that
// reaches it.
#include <iostream>

#include "cli/commands.h"
#include "cli/node_operand.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/query/graph_walk.h"
#include "core/query/index_corpus.h"
#include "core/query/query_spec.h"
#include "render/query/result_formats.h"
#include "render/query/text_width.h"
#include "render/query/walk_report.h"

namespace anth::cli {

namespace {



}  // namespace

int run_neighbors(const Args& args) {
  auto spec = query::neighbors_spec(args.values, args.positionals);
  if (!spec) return usage_error("neighbors", spec.error());
  std::string format_name = args.get("--format").value_or("table");
  auto format = render::query::parse_result_format(format_name);
  if (!format) return usage_error("neighbors", "--format must be table, json, csv or ids, not '" + format_name + "'");
  const int depth = spec->depth;
  const std::vector<std::string>* relations = &spec->relations;

  auto db = open_query_index(args);
  if (!db) return usage_error("neighbors", db.error());
  auto g = query::graph_from_index(db->handle());
  if (!g) return usage_error("neighbors", g.error());
  auto id = node_operand(db->handle(), spec->id, "neighbors");
  if (!id) return usage_error("neighbors", id.error());
  if (!*id) return 1;
  auto v = g->graph->vertex(**id);
  if (!v) {
    std::cerr << "anthology neighbors: " << query::no_node_message(db->handle(), **id) << "\n";
    return 1;
  }
  auto hops = query::neighbor_hops(*g->graph, *v, depth, *relations);
  if (*format == render::query::ResultFormat::Json) std::cout << render::query::neighbors_json(hops, depth, *relations);
  else std::cout << render::query::format_result(render::query::neighbors_table(hops), *format, render::query::output_width());
  return 0;
}

}  // namespace anth::cli
