#pragma once
// What `serve` and `build --watch` share: the resident workspace opened the way a session opens the
// corpus (configuration, the index's lock while loading, the index brought up to date), with what the
// site needs beside it (bodies from the index, its query answers, the kernels' last results), and
// a burst of changed paths from the watcher applied to it as patches.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.h"
#include "core/index/body_reader.h"
#include "core/query/query_db.h"
#include "core/util/expected.h"
#include "render/site/site_context.h"
#include "workspace/workspace.h"

namespace anth::cli {

struct WorkspaceSession {
  std::filesystem::path root;
  std::filesystem::path index;
  std::unique_ptr<workspace::Workspace> workspace;
  std::unique_ptr<index::BodyReader> bodies;
  index::Index::Place place = index::Index::Place::OwnFolder;
  std::unique_ptr<query::QueryDb> queries;  // what answers the query blocks
  std::vector<index::StoredKernelResult> kernel_results;
  bool unsafe_html = false;

  // The site's options as `build` gives them (title, raw HTML, bodies, query answers, layouts' cache).
  render::site::SiteOptions site_options() const;
  // Writes the workspace into the index (Workspace::store), holding the index's lock meanwhile.
  util::Expected<void> store_index() const;
};

util::Expected<std::unique_ptr<WorkspaceSession>> open_workspace(const Args& args);

// What a burst of changes did to the workspace.
struct Applied {
  bool config_changed = false;  // anthology.toml: the workspace does not follow it
  bool corpus_gone = false;     // the corpus folder is no more: nothing was applied
  workspace::Refresh refresh;
  // Some note has query blocks, whose answers the change may have moved: the index that answers them
  // must be stored again (WorkspaceSession::store_index) before they are answered again.
  bool answers_moved = false;
};

// Applies the watcher's changed paths (cli/watch.h: notes, folders ending in '/', anthology.toml).
Applied apply_changes(WorkspaceSession& session, const std::vector<std::string>& changed);

// "lit/LIT-1.md, notes/NOTE-2.md and 3 more": what changed, for one line of output.
std::string list_briefly(const std::vector<std::string>& items);

}  // namespace anth::cli
