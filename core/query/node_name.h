#pragma once
// A node as a person names it on the command line: by its id, or as a wikilink written at the vault's
// root names a note (a file name, a path, a title or an alias, in any case: core/graph/link_index.h).
// A vault's pages have ids made from their paths ("people.ada-lovelace"), which nobody types; their
// names ("Ada Lovelace") are what the notes link by. Read from the index alone.
#include <string>
#include <string_view>
#include <vector>

#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

struct NamedNode {
  std::string id;                  // "" when the name names no node
  std::vector<std::string> others;  // other notes whose file has that name, closest to the root first
};

util::Expected<NamedNode> node_named(sqlite3* db, std::string_view name);

}  // namespace anth::query
