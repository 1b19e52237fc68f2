#include "cli/build_watch.h"

#include <iostream>
#include <mutex>
#include <set>

#include "cli/commands.h"
#include "cli/watch.h"
#include "cli/workspace_session.h"
#include "render/site/body_pass_file.h"
#include "render/site/site_render.h"

namespace anth::cli {

namespace {

// The render of the last write, kept to be patched (render/site/site_render.h), and the files of the
// site it wrote: a patch writes what changed and carries every other file over from the current site.
struct KeptSite {
  std::unique_ptr<render::site::SiteRender> render;
  const workspace::Workspace* of = nullptr;
  std::uint64_t graph_builds = 0;
  std::set<std::string> files;
};

// The site of the workspace as it is now, written like a build writes it: into a folder of its own,
// swapped in at the end, so that a failed write leaves the previous site whole. When the workspace kept
// its graph since the last write, the kept render is patched; else the site is rendered whole (every
// page whose key is unchanged carried over). False when it could not be written.
bool write_site(const WorkspaceSession& session, const WatchBuild& build, KeptSite& kept) {
  auto started = std::chrono::steady_clock::now();
  const workspace::Workspace& ws = *session.workspace;
  auto refuse = [](const std::string& why) { return std::cerr << "anthology build: " << why << "; the previous site is kept\n", false; };
  render::site::WriteOptions options;
  options.corpus = session.root;
  auto writer = render::site::SiteWriter::begin(build.out, options);
  if (!writer) return refuse(writer.error());
  std::mutex lock;  // the sinks are called from the render's threads
  std::set<std::string> written, dropped;
  auto record = [&](const std::string& path, std::set<std::string>& in) {
    std::lock_guard hold(lock);
    in.insert(path);
  };
  auto put = [&](const std::string& path, std::string bytes) { return record(path, written), (*writer)->put(path, std::move(bytes)); };
  auto keep = [&](const std::string& path) { return record(path, written), (*writer)->keep(path); };

  bool built = false;
  if (kept.render && kept.of == &ws && kept.graph_builds == ws.graph_builds()) {
    auto done = kept.render->patch(put, [&](const std::string& path) { return record(path, dropped), true; });
    if (done == render::site::SiteRender::Patched::done) {
      built = true;
      for (const std::string& path : kept.files)
        if (!written.count(path) && !dropped.count(path) && !(built = (*writer)->keep(path))) break;
      if (built) {
        for (const std::string& path : dropped) kept.files.erase(path);
        kept.files.insert(written.begin(), written.end());
      }
    }
    if (!built) kept.render.reset();  // rendered whole below, into the same new folder
    if (done == render::site::SiteRender::Patched::failed) return refuse((*writer)->error());
  }
  if (!built) {
    if (!written.empty()) {  // a patch cut short (a file of the site gone): start a clean folder
      written.clear();
      auto again = render::site::SiteWriter::begin(build.out, options);
      if (!again) return refuse(again.error());
      writer = std::move(again);
    }
    render::site::SiteInput input{ws.corpus(), ws.graph(), ws.diagnostics(), session.kernel_results, session.site_options()};
    input.options.renderer = renderer_identity();
    input.options.recorded = render::site::RecordedKeys::load(build.out);
    input.options.pass_cache = std::make_shared<render::site::BodyPassCache>();
    auto made = std::make_unique<render::site::SiteRender>(input, true);
    built = made->build(put, keep);
    if (built) kept = {std::move(made), &ws, ws.graph_builds(), std::move(written)};
  }
  auto stats = built ? (*writer)->commit() : util::Expected<render::site::WriteStats>(util::failure((*writer)->error()));
  if (!stats) {
    kept.render.reset();
    return refuse(stats.error());
  }
  BuildSummary summary{stats->pages_total, stats->files_total, 0, 0};
  for (const Diagnostic& d : ws.diagnostics()) {
    if (d.severity == Severity::Error) ++summary.errors;
    if (d.severity == Severity::Warning) ++summary.warnings;
  }
  build.print(*stats, summary, started);
  return true;
}

}  // namespace

int watch_build(const Args& args, const WatchBuild& build) {
  auto session = open_workspace(args);
  if (!session) return usage_error("build", session.error());
  WatchOptions watch{(*session)->root};
  if (const char* n = std::getenv("ANTHOLOGY_WATCH_MAX_REBUILDS")) watch.max_rebuilds = std::atoi(n);  // for tests
  std::cerr << "anthology build: watching " << watch.root.string() << " for changes (Ctrl-C to stop)\n";
  KeptSite kept;
  auto watched = watch_corpus(watch, [&](const std::vector<std::string>& changed) {
    std::cerr << "anthology build: changed " << list_briefly(changed) << "\n";
    Applied applied = apply_changes(**session, changed);
    if (applied.corpus_gone) {
      std::cerr << "anthology build: the corpus folder " << (*session)->root.string() << " is gone; the site is kept\n";
      return;
    }
    // The index answers the query blocks: stored first, as a cold build stores it before the site.
    if (applied.answers_moved)
      if (auto stored = (*session)->store_index(); !stored)
        std::cerr << "anthology build: the index could not be written (" << stored.error() << "); query blocks answer from the last one\n";
    if (applied.config_changed) {  // settings the workspace does not follow: build from the files, start again
      kept = {};
      build.whole_build();
      if (auto reopened = open_workspace(args)) *session = std::move(*reopened);
      return;
    }
    write_site(**session, build, kept);
    std::cout.flush();
  });
  if (!watched) return usage_error("build", watched.error());
  return 0;
}

}  // namespace anth::cli
