#include "cli/node_operand.h"

#include <iostream>

#include "core/query/node_name.h"
#include "core/query/query_db.h"
#include "core/util/terminal_text.h"

namespace anth::cli {

util::Expected<std::optional<std::string>> node_operand(sqlite3* db, const std::string& written, std::string_view command) {
  auto named = query::node_named(db, written);
  if (!named) return std::unexpected(named.error());
  if (named->id.empty()) {
    std::cerr << "anthology " << command << ": " << query::no_node_message(db, written) << "\n";
    return std::nullopt;
  }
  if (!named->others.empty()) {
    std::string others;
    for (const std::string& id : named->others) others += (others.empty() ? "" : ", ") + util::escape_for_terminal(id);
    std::cerr << "anthology " << command << ": several notes are named " << util::escape_for_terminal(written) << "; took "
              << util::escape_for_terminal(named->id) << ", the one a link from the vault's root names (the others: " << others << ")\n";
  }
  return named->id;
}

}  // namespace anth::cli
