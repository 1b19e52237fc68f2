#pragma once
// The node a query command's operand names (show, neighbors, path, origin, query --introduced-by and
// --source): its id, or a note's name as a link at the vault's root would read it (core/query/node_name.h).
#include <optional>
#include <string>
#include <string_view>

#include "core/util/expected.h"

struct sqlite3;

namespace anth::cli {

// The id `written` names. When it names none, "anthology COMMAND: no node X[; did you mean Y?]" is
// on stderr and the answer is nullopt (the command exits 1). A name several files share takes the one
// a link from the root takes, and stderr says which others share it. Fails only when the index does.
util::Expected<std::optional<std::string>> node_operand(sqlite3* db, const std::string& written, std::string_view command);

}  // namespace anth::cli
