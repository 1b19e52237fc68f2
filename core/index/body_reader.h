#pragma once
// The bodies the index keeps (column files.body), read one at a time as the site renders, so that a
// build never holds every note's HTML. A connection of its own, read-only: the session's connection is
// writing the derived tables meanwhile, and WAL lets this one read what ingest committed.
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/index/index.h"
#include "core/model/rendered_body.h"
#include "core/util/expected.h"

namespace anth::index {

class BodyReader {
 public:
  // Snapshot::one holds one read transaction for the reader's life: what the index held when it was
  // opened, without a lock taken and released per body (a cold build read 10,000 bodies, each its own
  // transaction: 20,000 fcntl calls). Snapshot::per_read sees every later commit, as a resident server
  // must.
  enum class Snapshot { one, per_read };
  static util::Expected<BodyReader> open(const std::filesystem::path& db_path, Snapshot snapshot = Snapshot::per_read);

  // The html and plain of the file at `path` (relative to the corpus); nullopt when the index has none.
  // From any thread: the queries take turns, the decoding does not.
  std::optional<BodyText> read(const std::string& path) const;

 private:
  explicit BodyReader(Index index);
  std::unique_ptr<Index> index_;
  std::unique_ptr<std::mutex> turn_;
};

}  // namespace anth::index