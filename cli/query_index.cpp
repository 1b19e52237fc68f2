#include "cli/query_index.h"

#include "cli/session.h"
#include "core/query/fresh_index.h"

namespace anth::cli {

FlagSpec freshness_flag() {
  return {"--freshness", "MODE",
          "how to check that the index matches the notes before answering:\n"
          "files (stat every note), folders (notes added, removed or saved by\n"
          "rename: a few stats), off; auto (default): files up to 20,000 notes",
          Completion::fixed({"auto", "files", "folders", "off"})};
}

Expected<query::QueryDb> open_query_index(const Args& args) {
  std::string name = args.get("--freshness").value_or("auto");
  auto mode = query::parse_freshness(name);
  if (!mode) return failure("--freshness must be auto, files, folders or off, not '" + name + "'");
  fs::path root = corpus_root(args);
  return query::open_fresh_index(
      root, index_path(args, root),
      [&]() -> Expected<void> {
        auto session = open_session(args);
        if (!session) return std::unexpected(session.error());
        return {};
      },
      *mode);
}

}  // namespace anth::cli
