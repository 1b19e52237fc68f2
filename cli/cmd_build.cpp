// anthology build: ingest, check and render the corpus into a static site (docs/site.md).
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <string_view>
#include <utility>

#include "cli/build_kernels.h"
#include "cli/build_stamp.h"
#include "cli/build_watch.h"
#include "cli/progress.h"
#include "cli/commands.h"
#include "cli/session.h"
#include "cli/site_prefetch.h"
#include "core/index/body_reader.h"
#include "core/query/query_db.h"
#include "core/util/allocator.h"
#include "core/util/contained_file.h"
#include "core/util/phase_timer.h"
#include "ingest/config_file.h"
#include "render/site/body_pass_file.h"
#include "render/site/site_builder.h"
#include "render/site/site_writer.h"

namespace anth::cli {

namespace {



// --out (the user's choice: anywhere), else the configured folder (relative to the corpus, and refused
// when it leads outside: a cloned corpus must not choose where the build writes), else ./site.
util::Expected<fs::path> out_dir(const Args& args, const fs::path& root, const Config& config) {
  if (auto o = args.get("--out")) return fs::path(*o);
  if (config.out_dir.empty()) return fs::path("site");
  fs::path configured = root / config.out_dir;  // an absolute out replaces root
  if (!util::resolves_inside(util::real_root(root), configured))
    return util::failure("anthology.toml: [site] out = \"" + config.out_dir +
                   "\" leads outside the corpus; refusing to write there (give --out to choose a folder outside it)");
  return configured;
}

void print_summary(const fs::path& out, const render::site::WriteStats& stats, const BuildSummary& summary,
                   std::chrono::steady_clock::time_point started) {
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  char timing[32];
  std::snprintf(timing, sizeof timing, "%.2f", seconds);
  std::cout << "wrote " << stats.pages_written << " of " << stats.pages_total << " pages (" << stats.files_written
            << " of " << stats.files_total << " files) to " << out.string() << " in " << timing << "s\n";
  std::size_t errors = summary.errors, warnings = summary.warnings;
  if (errors + warnings > 0)
    std::cout << errors << (errors == 1 ? " error" : " errors") << " and " << warnings
              << (warnings == 1 ? " warning" : " warnings") << " in the corpus; see " << (out / "provenance.html").string()
              << "\n";  // a summary: stdout, with the other (docs/cli.md)
}

// The last build's summary when nothing it was made from changed and its site is untouched
// (cli/build_stamp.h); the caller then has nothing to do.
std::optional<BuildSummary> skippable(const Args& args, const BuildInputs& inputs, std::uint64_t sources) {
  if (std::getenv("ANTHOLOGY_SITE_FAULT")) return std::nullopt;  // fault tests need a real build
  auto hash = hash_with_kernel_results(inputs, sources);
  auto last = hash ? unchanged_build(inputs, *hash) : std::nullopt;
  if (last && args.has("--strict") && last->errors > 0) return std::nullopt;  // it must fail again, saying why
  return last;
}

// Test hooks: ANTHOLOGY_SITE_FAULT=fail:N or kill:N injects a fault after N files are written, and
// kill-at:STEP kills the process at that step of the commit (render/site/site_writer.h: both kills
// are the writer's checkpoints);
// ANTHOLOGY_SITE_SWAP=entries swaps the site in entry by entry, as for a mount point, and =renames by
// two renames, as where RENAME_EXCHANGE is unsupported.
render::site::WriteOptions fault_options() {
  render::site::WriteOptions o;
  if (const char* swap = std::getenv("ANTHOLOGY_SITE_SWAP")) {
    o.swap_entries = std::string(swap) == "entries";
    o.swap_renames = std::string(swap) == "renames";
  }
  const char* spec = std::getenv("ANTHOLOGY_SITE_FAULT");
  if (!spec) return o;
  std::string s = spec;
  auto colon = s.find(':');
  if (colon == std::string::npos) return o;
  long n = std::strtol(s.c_str() + colon + 1, nullptr, 10);
  if (s.compare(0, colon, "fail") == 0) o.fail_after = n;
  if (s.compare(0, colon, "kill") == 0)  // files are written by one thread: a plain count
    o.checkpoint = [n, written = std::make_shared<long>(0)](std::string_view reached) {
      if (reached == "file" && (*written)++ >= n) ::kill(::getpid(), SIGKILL);
    };
  if (s.compare(0, colon, "kill-at") == 0)
    o.checkpoint = [step = s.substr(colon + 1)](std::string_view reached) {
      if (reached == step) ::kill(::getpid(), SIGKILL);
    };
  return o;
}

// The errors and warnings among the diagnostics.
std::pair<std::size_t, std::size_t> count_findings(const std::vector<Diagnostic>& diagnostics) {
  std::size_t errors = 0, warnings = 0;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == Severity::Error) ++errors;
    if (d.severity == Severity::Warning) ++warnings;
  }
  return {errors, warnings};
}

// --strict with errors: the first ten of them, and why the previous site stays.
void report_strict_failure(const std::vector<Diagnostic>& diagnostics, std::size_t errors) {
  std::size_t shown = 0;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity != Severity::Error) continue;
    if (shown++ == 10) {
      std::cerr << "  ...\n";
      break;
    }
    std::cerr << d.where.file << ":" << d.where.line << ":" << d.where.column << ": error " << d.rule << ": " << d.message
              << "\n";
  }
  std::cerr << "anthology build: " << errors << (errors == 1 ? " lint error" : " lint errors")
            << " with --strict; the previous site is kept\n";
}

// Earlier versions kept a body cache beside the index; it is removed only when its first bytes are that
// cache's signature, since `--index` may put the index in a folder of the user's own files.
void remove_old_body_cache(const fs::path& file) {
  char head[8] = {};
  std::ifstream in(file, std::ios::binary);
  if (!in.read(head, sizeof head) || std::string_view(head, sizeof head) != "ANTHBOD1") return;
  in.close();
  std::error_code gone;
  fs::remove(file, gone);
}

// What the site is built from, with its caches beside the index.
render::site::SiteInput site_input(const Session& session, const Args& args, const BuildInputs& inputs) {
  render::site::SiteInput input{session.corpus(), *session.graph, session.diagnostics, session.kernel_results, {}};
  input.options.site_title = session.config.site_title;
  input.options.allow_raw_html = args.has("--unsafe-html");
  input.options.max_attachment_bytes = session.config.max_note_bytes;
  input.options.layout_cache = inputs.index.parent_path() / "site-layouts.bin";
  remove_old_body_cache(inputs.index.parent_path() / "site-bodies.bin");
  return input;
}

// The index as this build stored it, which answers the query blocks (render/site/query_blocks.h): only a
// corpus with query blocks waits for the store before rendering. None when there are no blocks, or
// when it cannot be opened (the blocks then say so); a failure when the store failed.
util::Expected<std::optional<query::QueryDb>> index_for_queries(Session& session, const fs::path& index) {
  if (!session.corpus().has_query_blocks()) return std::nullopt;
  if (auto stored = session.wait_stored(); !stored) return std::unexpected(stored.error());
  auto db = query::QueryDb::open(index);
  if (!db) return std::optional<query::QueryDb>();
  return std::optional<query::QueryDb>(std::move(*db));
}

// Kernels, render, store and swap-in of a session already checked. Returns the exit status. `bodies` is
// taken over: its connection closes on return, so that the index can close cleanly after it.
int render_and_commit(Session& session, index::BodyReader bodies, SitePrefetch& prefetch, const Args& args, const BuildInputs& inputs,
                      util::PhaseTimer& timer, std::chrono::steady_clock::time_point started, std::size_t errors, std::size_t warnings,
                      std::uint64_t sources) {
  const fs::path& out = inputs.out;
  // Kernels run while the index is stored; their results are on the pages and in the index after it.
  std::vector<index::StoredKernelResult> kernel_rows = refresh_build_kernels(args, session);
  timer.mark("kernels");
  render::site::SiteInput input = site_input(session, args, inputs);
  auto query_db = index_for_queries(session, inputs.index);
  if (!query_db) return std::cerr << "anthology build: " << query_db.error() << "; the previous site is kept\n", 2;
  input.options.query_db = *query_db ? (*query_db)->handle() : nullptr;
  input.options.stored_body = [&](const Note& n) { return bodies.read(n.path); };

  render::site::WriteOptions write_options = fault_options();
  write_options.corpus = session.root;
  auto writer = render::site::SiteWriter::begin(out, write_options);
  if (!writer) {
    std::cerr << "anthology build: " << writer.error() << "; the previous site is kept\n";
    return 2;
  }
  input.options.renderer = renderer_identity();
  PhasedProgress progress(started);
  input.options.progress = std::ref(progress);
  // The current site's page keys, and what the last build made of each body (unchanged notes' bodies
  // are not read), read while ingest ran.
  SiteRecords records = prefetch.take();
  input.options.recorded = std::move(records.recorded);
  input.options.pass_cache = std::move(records.passes);
  // A snippet file the passes count on must be there to keep (a user may have removed it): else none is used.
  for (std::size_t c = 0; c < input.options.pass_cache->chunk_keys().size(); ++c)
    if (!(*writer)->can_keep(render::site::search_chunk_file(c))) {
      input.options.pass_cache = std::make_shared<render::site::BodyPassCache>();
      break;
    }
  input.options.passes_in_site = true;
  // KaTeX for pages with math; ANTHOLOGY_KATEX_DIR points elsewhere (the tests' missing KaTeX).
  if (const char* katex = std::getenv("ANTHOLOGY_KATEX_DIR")) input.options.katex_dir = katex;
  input.options.warn = [](std::string_view w) { std::cerr << "anthology build: warning: " << w << "\n"; };
  bool built = render::site::build_site(
      input, [&](const std::string& path, std::string bytes) { return (*writer)->put(path, std::move(bytes)); },
      [&](const std::string& path) { return (*writer)->keep(path); });
  progress.finish();
  timer.mark("render");
  if (auto stored = session.wait_stored(); !stored) {
    std::cerr << "anthology build: " << stored.error() << "; the previous site is kept\n";
    return 2;
  }
  store_build_kernels(session, kernel_rows);
  timer.mark("store index (waited for)");
  auto stats = built ? (*writer)->commit() : util::Expected<render::site::WriteStats>(util::failure((*writer)->error()));
  if (!stats) {
    std::cerr << "anthology build: " << stats.error() << "; the previous site is kept\n";
    return 2;
  }
  timer.mark("commit site");
  BuildSummary summary{stats->pages_total, stats->files_total, errors, warnings};
  if (auto hash = hash_with_kernel_results(inputs, sources)) remember_build(inputs, *hash, summary);
  print_summary(out, *stats, summary, started);
  return 0;
}

// One build: ingest (only changed notes), check, render, swap the site in. Returns the exit status.
// `last`: no build follows in this process (no --watch).
int build_once(const Args* args, bool last) {
  auto started = std::chrono::steady_clock::now();
  util::PhaseTimer timer;
  // Nothing changed since the last build: say so without ingesting (cli/build_stamp.h).
  fs::path root = corpus_root(*args);
  auto config = ingest::load_config(root);
  if (!config) return usage_error("build", config.error());
  auto out_folder = out_dir(*args, root, *config);
  if (!out_folder) return usage_error("build", out_folder.error());
  BuildInputs inputs{root, index_path(*args, root), *out_folder, args->has("--unsafe-html"), args->has("--no-kernels")};
  std::uint64_t sources = 0;
  std::error_code ec;
  if (fs::is_directory(root, ec)) {  // else the session says there is no corpus
    if (auto own = check_index_folder(*args, root); !own) return usage_error("build", own.error());
    auto lock = WriteLock::acquire(inputs.index.parent_path());
    if (!lock) return usage_error("build", lock.error());
    sources = hash_sources(inputs);
    if (auto last = skippable(*args, inputs, sources)) {
      timer.mark("site up to date");
      print_summary(inputs.out, {0, last->pages_total, 0, last->files_total}, *last, started);
      return 0;
    }
  }

  // The site's records are read meanwhile; the index is updated on a thread of its own while the
  // site renders; the site is swapped in only once both are done.
  SitePrefetch prefetch(inputs.out, renderer_identity());
  auto session = open_session(*args, StoreMode::Background, /*bodies=*/true);
  if (!session) return usage_error("build", session.error());
  // The bodies ingest left in the index, read back one page at a time (core/index/body_reader.h).
  auto body_reader = index::BodyReader::open(inputs.index, index::BodyReader::Snapshot::one);
  if (!body_reader) return usage_error("build", body_reader.error());
  // What ingest freed (file bytes, parse encodings, a large note's index rows) goes back to the system
  // before rendering: the allocator keeps freed memory per thread's arena, where the rendering threads
  // would not reuse it, and the peak would be the sum of both phases.
  util::return_free_memory();
  timer.mark("session (its phases above)");  // so that the next mark times the kernels alone

  const fs::path& out = inputs.out;
  if (auto ok = render::site::check_out_dir(out, session->root); !ok) return usage_error("build", ok.error());

  const auto [errors, warnings] = count_findings(session->diagnostics);
  if (args->has("--strict") && errors > 0) {
    report_strict_failure(session->diagnostics, errors);
    return 1;
  }

  int status = render_and_commit(*session, std::move(*body_reader), prefetch, *args, inputs, timer, started, errors, warnings,
                                 sources);
  if (last) session->end_with_process();
  return status;
}

}  // namespace

int run_build(const Args& args) {
  int status = build_once(&args, !args.has("--watch"));
  if (!args.has("--watch")) return status;
  if (status == 2) return status;  // nothing to watch: no corpus, or the site cannot be written
  fs::path root = corpus_root(args);
  auto config = ingest::load_config(root);
  auto out = config ? out_dir(args, root, *config) : util::Expected<fs::path>(util::failure(config.error()));
  if (!out) return usage_error("build", out.error());
  auto print = [&](const render::site::WriteStats& stats, const BuildSummary& summary, std::chrono::steady_clock::time_point began) {
    print_summary(*out, stats, summary, began);
  };
  return watch_build(args, {*out, [&] { return build_once(&args, false); }, print});
}

}  // namespace anth::cli
