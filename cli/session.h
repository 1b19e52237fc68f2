#pragma once
// What most commands share: find the corpus, read its configuration, open the index, ingest (parsing
// only changed notes), build the graph, run the rules and remember the result in the index.
#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.h"
#include "core/model/config.h"
#include "core/graph/graph.h"
#include "core/index/index.h"
#include "core/util/expected.h"
#include "ingest/load_corpus.h"

namespace anth::cli {

namespace fs = std::filesystem;

// --corpus, else ./data when it exists, else the current folder.
fs::path corpus_root(const Args& args);
// --index, else CORPUS/.anthology/index.db.
fs::path index_path(const Args& args, const fs::path& root);
// Whose the index's place is: the tool's own folder (no --index), or a path the user named, where only
// a file recognisably an index of ours is ever replaced (core/index/index.h).
index::Index::Place index_place(const Args& args);
// The folder of the index (and the lock, stamps and caches) must be the corpus's own: a .anthology that
// is a link to a folder outside the corpus (one shipped in a cloned corpus) is refused.
util::Expected<void> check_index_folder(const Args& args, const fs::path& root);

// An exclusive advisory lock on CORPUS/.anthology/lock, held while a command writes the index or the
// site, so that concurrent commands take turns instead of mixing their output.
class WriteLock {
 public:
  static util::Expected<WriteLock> acquire(const fs::path& anthology_dir);
  WriteLock(WriteLock&& other) noexcept;
  WriteLock& operator=(WriteLock&&) = delete;
  ~WriteLock();

 private:
  explicit WriteLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

struct Session {
  fs::path root;
  Config config;
  std::optional<WriteLock> lock;
  // Behind pointers: the graph refers to the corpus, and a background store uses the index and the
  // corpus, none of which may move when the session does.
  std::unique_ptr<index::Index> index;
  std::unique_ptr<ingest::LoadedCorpus> loaded;
  std::unique_ptr<graph::Graph> graph;
  std::vector<Diagnostic> diagnostics;  // every finding, configured, filtered by lint-ignore, sorted
  std::vector<index::StoredKernelResult> kernel_results;  // read at opening with StoreMode::Background only

  const Corpus& corpus() const { return loaded->corpus; }
  // The index update's outcome, waiting for it when it runs in the background. Call it once, before
  // using `index` again; the session's destructor waits for it too.
  util::Expected<void> wait_stored();
  // For a one-shot command's last use of the session: waits for the store and closes the index as the
  // destructor would, and leaves the corpus and the graph to the process's exit, which returns their
  // memory at once. Destroying them is millions of frees: about 40 ms of a 1.5 s one-note build at
  // 10,000 notes. Not for `build --watch`, which builds again in the same process.
  void end_with_process();

  // Last, so that it is destroyed (waited for) first: it uses the members above.
  std::future<util::Expected<void>> stored;
};

// Whether open_session updates the index before returning, or on a thread of its own while the
// caller goes on with the corpus (which nobody may change meanwhile) and leaves the index alone.
enum class StoreMode { Wait, Background };

// Ingests, checks and updates the index. Fails with a one-line reason when the corpus is missing, the
// configuration is unreadable, or (StoreMode::Wait) the index cannot be written. `bodies`: the site
// will read every note's body (ingest::LoadOptions::bodies).
util::Expected<Session> open_session(const Args& args, StoreMode mode = StoreMode::Wait, bool bodies = false);

}  // namespace anth::cli
