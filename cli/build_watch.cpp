#include "cli/build_watch.h"

#include <iostream>

#include "cli/commands.h"
#include "cli/watch.h"
#include "cli/workspace_session.h"
#include "render/site/site_builder.h"

namespace anth::cli {

namespace {

// The site of the workspace as it is now, written like a build writes it. False when it could not be.
bool write_site(const WorkspaceSession& session, const WatchBuild& build) {
  auto started = std::chrono::steady_clock::now();
  const workspace::Workspace& ws = *session.workspace;
  render::site::SiteInput input{ws.corpus(), ws.graph(), ws.diagnostics(), session.kernel_results, session.site_options()};
  input.options.renderer = renderer_identity();
  input.options.recorded = render::site::RecordedKeys::load(build.out);
  render::site::WriteOptions options;
  options.corpus = session.root;
  auto writer = render::site::SiteWriter::begin(build.out, options);
  if (!writer) return std::cerr << "anthology build: " << writer.error() << "; the previous site is kept\n", false;
  bool built = render::site::build_site(
      input, [&](const std::string& path, std::string bytes) { return (*writer)->put(path, std::move(bytes)); },
      [&](const std::string& path) { return (*writer)->keep(path); });
  auto stats = built ? (*writer)->commit() : util::Expected<render::site::WriteStats>(util::failure((*writer)->error()));
  if (!stats) return std::cerr << "anthology build: " << stats.error() << "; the previous site is kept\n", false;
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
  auto watched = watch_corpus(watch, [&](const std::vector<std::string>& changed) {
    std::cerr << "anthology build: changed " << list_briefly(changed) << "\n";
    Applied applied = apply_changes(**session, changed);
    if (applied.corpus_gone) {
      std::cerr << "anthology build: the corpus folder " << (*session)->root.string() << " is gone; the site is kept\n";
      return;
    }
    if (applied.config_changed) {  // settings the workspace does not follow: build from the files, start again
      build.whole_build();
      if (auto reopened = open_workspace(args)) *session = std::move(*reopened);
      return;
    }
    write_site(**session, build);
    std::cout.flush();
  });
  if (!watched) return usage_error("build", watched.error());
  return 0;
}

}  // namespace anth::cli
