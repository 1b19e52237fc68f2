// anthology show ID: one node with its properties, relations both ways, readings, kernel and findings,
// from the index.
#include <iostream>

#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/query/node_details.h"
#include "render/query/show_report.h"

namespace anth::cli {

namespace {

const std::vector<FlagSpec> show_flags = {
    {"--format", true, false, "FORMAT  text (default) or json"},
    freshness_flag(),
};

std::string show_usage() {
  return usage_text("show", "ID [--format text|json]",
                    "Shows one node: kind, title, citation, status, tags, every property as written, its\n"
                    "relations both ways with the other end's title, its readings, its kernel's last result and\n"
                    "the lint findings in its file. Answered from the index (refreshed first when a note changed).\n"
                    "Exit status: 0 shown, 1 no node has that id, 2 bad usage or no usable index.",
                    show_flags,
                    {"anthology show SOTA-192", "anthology show LIT-640 --format json",
                     "anthology show qk-norm --corpus ~/anthology"});
}

}  // namespace

int run_show(const Argv& argv) {
  auto args = parse_args(argv, show_flags);
  if (!args) return usage_error("show", args.error());
  if (args->has("--help")) {
    std::cout << show_usage();
    return 0;
  }
  if (args->positionals.size() != 1)
    return usage_error("show", args->positionals.empty() ? "which node? (anthology show ID)" : "one ID at a time");
  std::string format = args->get("--format").value_or("text");
  if (format != "text" && format != "json") return usage_error("show", "--format must be text or json, not '" + format + "'");
  const std::string& id = args->positionals.front();

  auto db = open_query_index(*args);
  if (!db) return usage_error("show", db.error());
  auto details = query::load_node_details(db->handle(), id);
  if (!details) return usage_error("show", details.error());
  if (!*details) {
    std::cerr << "anthology show: " << query::no_node_message(db->handle(), id) << "\n";
    return 1;
  }
  std::cout << (format == "json" ? render::show_json(**details) : render::show_text(**details));
  return 0;
}

}  // namespace anth::cli
