#include "cli/query_index.h"

#include "cli/session.h"
#include "ingest/freshness.h"

namespace anth::cli {

FlagSpec freshness_flag() {
  return {"--freshness", "MODE",
          "how to check that the index matches the notes before answering:\n"
          "files (stat every note), folders (notes added, removed or saved by\n"
          "rename: a few stats), off; auto (default): files up to 20,000 notes",
          Completion::fixed({"auto", "files", "folders", "off"})};
}

util::Expected<query::QueryDb> open_query_index(const Args& args) {
  std::string name = args.get("--freshness").value_or("auto");
  auto mode = ingest::parse_freshness(name);
  if (!mode) return util::failure("--freshness must be auto, files, folders or off, not '" + name + "'");
  fs::path root = corpus_root(args);
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return util::failure("no corpus folder at " + root.string());
  const fs::path db_path = index_path(args, root);
  // Ingest says whether the index is stale; when it is, cli refreshes it (an incremental ingest) and opens again.
  if (auto db = query::QueryDb::open(db_path); db && ingest::staleness(db->handle(), root, *mode).empty()) return db;
  if (auto session = open_session(args); !session) return std::unexpected(session.error());
  return query::QueryDb::open(db_path);
}

}  // namespace anth::cli
