// anthology show ID: one node with its properties, relations both ways, readings, kernel and findings,
// from the index.
#include <iostream>

#include "cli/commands.h"
#include "cli/node_operand.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/query/node_details.h"
#include "render/query/show_report.h"

namespace anth::cli {

namespace {



}  // namespace

int run_show(const Args& args) {
  if (args.positionals.size() != 1)
    return usage_error("show", args.positionals.empty() ? "which node? (anthology show ID)" : "one ID at a time");
  std::string format = args.get("--format").value_or("text");
  if (format != "text" && format != "json") return usage_error("show", "--format must be text or json, not '" + format + "'");

  auto db = open_query_index(args);
  if (!db) return usage_error("show", db.error());
  auto id = node_operand(db->handle(), args.positionals.front(), "show");
  if (!id) return usage_error("show", id.error());
  if (!*id) return 1;
  auto details = query::load_node_details(db->handle(), **id);
  if (!details) return usage_error("show", details.error());
  if (!*details) {
    std::cerr << "anthology show: " << query::no_node_message(db->handle(), **id) << "\n";
    return 1;
  }
  std::cout << (format == "json" ? render::query::show_json(**details) : render::query::show_text(**details));
  return 0;
}

}  // namespace anth::cli
