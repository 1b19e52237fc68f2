#include "cli/session.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>

#include "cli/progress.h"
#include "core/rules/rule.h"
#include "core/rules/severity_policy.h"
#include "core/util/phase_timer.h"
#include "ingest/config_file.h"

namespace anth::cli {

fs::path corpus_root(const Args& args) {
  if (auto c = args.get("--corpus")) return *c;
  std::error_code ec;
  if (fs::is_directory("data", ec)) return "data";
  return ".";
}

fs::path index_path(const Args& args, const fs::path& root) {
  if (auto i = args.get("--index")) return *i;
  return root / ".anthology" / "index.db";
}

index::Index::Place index_place(const Args& args) {
  return args.has("--index") ? index::Index::Place::Given : index::Index::Place::OwnFolder;
}

util::Expected<void> check_index_folder(const Args& args, const fs::path& root) {
  if (args.has("--index")) return {};
  fs::path dir = root / ".anthology";
  std::error_code ec;
  if (!fs::is_symlink(dir, ec)) return {};
  fs::path target = fs::weakly_canonical(dir, ec), corpus = fs::weakly_canonical(root, ec);
  auto inside = target.lexically_relative(corpus);
  if (!ec && !inside.empty() && inside.native().rfind("..", 0) != 0) return {};
  return util::failure(dir.string() + " is a link to " + target.string() +
                 ", outside the corpus; refusing to write there (remove the link, or name an index with --index)");
}

util::Expected<WriteLock> WriteLock::acquire(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  fs::path file = dir / "lock";
  int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return util::failure("cannot create " + file.string() + ": " + std::strerror(errno));
  // Say why nothing happens while another run holds the corpus, then wait for it.
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return WriteLock(fd);
  if (errno == EWOULDBLOCK)
    std::fprintf(stderr, "anthology: waiting for another anthology run to finish (it holds %s)\n", file.c_str());
  while (::flock(fd, LOCK_EX) != 0) {
    if (errno != EINTR) {
      ::close(fd);
      return util::failure("cannot lock " + file.string() + ": " + std::strerror(errno));
    }
  }
  return WriteLock(fd);
}

WriteLock::WriteLock(WriteLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

WriteLock::~WriteLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

util::Expected<void> Session::wait_stored() {
  if (!stored.valid()) return {};
  return stored.get();
}

namespace {

// What end_with_process keeps: held by a global, so that a leak checker (the sanitizer suite) counts
// it as reachable rather than lost. LLVM's BuryPointer does the same for a compiler's last AST.
void* kept_to_exit[8];
std::size_t kept_count = 0;

template <class T>
void keep_to_exit(std::unique_ptr<T> object) {
  if (!object) return;
  if (kept_count == std::size(kept_to_exit)) return;  // freed as usual
  kept_to_exit[kept_count++] = object.release();
}

}  // namespace

void Session::end_with_process() {
  (void)wait_stored();  // reported by whoever waited first; else unreported, as by the destructor's wait
  index.reset();
  keep_to_exit(std::move(graph));
  keep_to_exit(std::move(loaded));
}

util::Expected<Session> open_session(const Args& args, StoreMode mode, bool bodies) {
  Session s;
  util::PhaseTimer timer;
  s.root = corpus_root(args);
  std::error_code ec;
  if (!fs::is_directory(s.root, ec)) return util::failure("no corpus folder at " + s.root.string());
  auto config = ingest::load_config(s.root);
  if (!config) return std::unexpected(config.error());
  s.config = std::move(*config);

  fs::path db = index_path(args, s.root);
  if (auto own = check_index_folder(args, s.root); !own) return std::unexpected(own.error());
  auto lock = WriteLock::acquire(db.parent_path());
  if (!lock) return std::unexpected(lock.error());
  s.lock.emplace(std::move(*lock));
  timer.mark("config and lock");
  auto index = index::Index::open(db, index::Index::Mode::ReadWrite, index_place(args));
  if (!index) return std::unexpected(index.error());
  s.index = std::make_unique<index::Index>(std::move(*index));
  timer.mark("open index");

  Progress progress("ingest", 0);
  ingest::LoadOptions options{s.root, s.config.max_note_bytes, 0, [&](std::size_t done, std::size_t total) {
                        progress.set_total(total);
                        progress.advance(done);
                      }};
  options.allow_raw_html = args.has("--unsafe-html");  // build's: the bodies keep raw HTML for the site
  options.bodies = bodies;
  options.typing = s.config.typing;
  options.commit_dates = bodies;  // the site shows them
  for (const auto& [rule, severity] : s.config.severities)
    if (severity == Severity::Off) options.rules_off.insert(rule);
  auto loaded = ingest::load_corpus(options, &*s.index);
  progress.finish();
  if (!loaded) return std::unexpected(loaded.error());
  s.loaded = std::make_unique<ingest::LoadedCorpus>(std::move(*loaded));
  timer.mark("ingest");

  s.graph = std::make_unique<graph::Graph>(s.loaded->corpus);
  std::vector<Diagnostic> raw = std::move(s.loaded->corpus.diagnostics);  // read nowhere else
  raw.insert(raw.end(), s.config.findings.begin(), s.config.findings.end());  // about anthology.toml
  std::vector<Diagnostic> graph_findings = rules::check_graph(s.loaded->corpus, *s.graph);
  raw.insert(raw.end(), graph_findings.begin(), graph_findings.end());
  s.diagnostics = rules::finalize_diagnostics(std::move(raw), s.loaded->corpus, s.config);
  timer.mark("graph and rules");
  // After the checks a build reads nothing of the body's wikilinks: the site fills bodies from their
  // rendered links, and the index has them in the parses (a build from nothing at 100k peaked 48 MiB
  // lower without them).
  if (bodies)
    for (Note& n : s.loaded->corpus.notes) std::vector<Wikilink>().swap(n.wikilinks);

  // Pointers to what the session keeps behind pointers, so that moving the session is harmless.
  auto store = [index = s.index.get(), loaded = s.loaded.get(), graph = s.graph.get()](
                   const std::vector<Diagnostic>& diagnostics) -> util::Expected<void> {
    auto stored = index->store(loaded->corpus, loaded->changed(), loaded->paths, diagnostics, graph->node_facts());
    // The parses made this run are in the index now: free their encodings for the rest of a cold build.
    std::vector<ingest::LoadedCorpus::FreshParse>().swap(loaded->fresh);
    return stored;
  };
  // Storing a note costs the index a few times its size (its parse, its full-text entry), and so does
  // rendering it: a note larger than the default limit is stored first, so that the two do not add up.
  std::size_t largest = s.loaded->largest_parsed_body;
  for (const Note& n : s.loaded->corpus.notes) largest = std::max(largest, n.body.size());  // parsed without an index
  if (mode == StoreMode::Background) s.kernel_results = s.index->kernel_results();  // the index is the store's until wait_stored()
  if (mode == StoreMode::Background && largest <= ingest::default_max_note_bytes) {
    s.stored = std::async(std::launch::async, std::move(store), s.diagnostics);  // its own copy
    return s;
  }
  if (auto stored = store(s.diagnostics); !stored) return std::unexpected(stored.error());
  timer.mark("store index");
  return s;
}

}  // namespace anth::cli
