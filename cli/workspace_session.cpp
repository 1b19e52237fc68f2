#include "cli/workspace_session.h"

#include "cli/session.h"
#include "core/util/phase_timer.h"
#include "core/util/terminal_text.h"
#include "ingest/config_file.h"

namespace anth::cli {

render::site::SiteOptions WorkspaceSession::site_options() const {
  render::site::SiteOptions o;
  o.site_title = workspace->config().site_title;
  o.allow_raw_html = unsafe_html;
  o.layout_cache = index.parent_path() / "site-layouts.bin";
  if (const char* katex = std::getenv("ANTHOLOGY_KATEX_DIR")) o.katex_dir = katex;
  const index::BodyReader* reader = bodies.get();
  o.stored_body = [reader](const Note& n) { return reader->read(n.path); };
  o.query_db = queries ? queries->handle() : nullptr;
  return o;
}

util::Expected<void> WorkspaceSession::store_index() const {
  util::PhaseTimer timer;
  auto lock = WriteLock::acquire(index.parent_path());
  if (!lock) return std::unexpected(lock.error());
  auto db = index::Index::open(index, index::Index::Mode::ReadWrite, place);
  if (!db) return std::unexpected(db.error());
  timer.mark("workspace: index opened");
  auto stored = workspace->store(*db);
  timer.mark("workspace: index stored");
  return stored;
}

util::Expected<std::unique_ptr<WorkspaceSession>> open_workspace(const Args& args) {
  auto s = std::make_unique<WorkspaceSession>();
  s->root = corpus_root(args);
  s->index = index_path(args, s->root);
  s->unsafe_html = args.has("--unsafe-html");
  s->place = index_place(args);
  std::error_code ec;
  if (!fs::is_directory(s->root, ec)) return util::failure("no corpus folder at " + s->root.string());
  auto config = ingest::load_config(s->root);
  if (!config) return std::unexpected(config.error());
  if (auto own = check_index_folder(args, s->root); !own) return std::unexpected(own.error());
  {
    // The lock only while the index is written: a `lint` beside a running server waits only that long.
    auto lock = WriteLock::acquire(s->index.parent_path());
    if (!lock) return std::unexpected(lock.error());
    auto index = index::Index::open(s->index, index::Index::Mode::ReadWrite, s->place);
    if (!index) return std::unexpected(index.error());
    ingest::LoadOptions options{s->root, config->max_note_bytes};
    options.allow_raw_html = s->unsafe_html;
    options.bodies = true;
    options.typing = config->typing;
    options.commit_dates = true;
    auto ws = workspace::Workspace::open(options, *config, &*index);
    if (!ws) return std::unexpected(ws.error());
    s->workspace = std::move(*ws);
    s->kernel_results = index->kernel_results();
  }
  auto reader = index::BodyReader::open(s->index);
  if (!reader) return std::unexpected(reader.error());
  s->bodies = std::make_unique<index::BodyReader>(std::move(*reader));
  // Open even when no note has a query block yet: one may gain one.
  if (auto db = query::QueryDb::open(s->index)) s->queries = std::make_unique<query::QueryDb>(std::move(*db));
  return s;
}

Applied apply_changes(WorkspaceSession& session, const std::vector<std::string>& changed) {
  Applied out;
  std::error_code ec;
  if (!fs::is_directory(session.root, ec)) {
    out.corpus_gone = true;
    return out;
  }
  bool folders = false;
  for (const std::string& path : changed) {
    if (path == "anthology.toml") out.config_changed = true;
    else if (!path.empty() && path.back() == '/') folders = true;
    else session.workspace->update_from_disk(path);
  }
  if (folders) session.workspace->sync_with_disk();
  out.refresh = session.workspace->refresh();
  out.answers_moved = !out.refresh.changed.empty() && session.workspace->corpus().has_query_blocks();
  return out;
}

std::string list_briefly(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < 3; ++i) out += (i ? ", " : "") + util::escape_for_terminal(items[i]);
  if (items.size() > 3) out += " and " + std::to_string(items.size() - 3) + " more";
  return out.empty() ? "nothing" : out;
}

}  // namespace anth::cli
