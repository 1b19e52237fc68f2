// anthology serve: the site over HTTP from the resident workspace, patched and reloaded in the
// browser as notes change (docs/serve.md).
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>

#include "cli/commands.h"
#include "cli/session.h"
#include "cli/watch.h"
#include "cli/workspace_session.h"
#include "core/util/allocator.h"
#include "workspace/live_site.h"
#include "workspace/site_server.h"

extern char** environ;

namespace anth::cli {

namespace {

bool loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

// xdg-open, only when --open asks for it; run directly (no shell) and not waited for.
void open_browser(const std::string& url) {
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  pid_t pid = 0;
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0)
    std::cerr << "anthology serve: could not run xdg-open; open " << url << " yourself\n";
}

long elapsed_ms(std::chrono::steady_clock::time_point since) {
  return static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - since).count());
}

// A render of the workspace as it is now, the files that changed announced to the pages open on them;
// nullopt when it failed (and said why).
std::optional<std::vector<std::string>> render_announced(workspace::LiveSite& site, workspace::SiteServer& server,
                                                         const workspace::Workspace& ws) {
  auto rendered = site.render(ws);
  if (!rendered) {
    std::cerr << "anthology serve: " << site.error() << "; the last site is still served\n";
    return std::nullopt;
  }
  server.announce(*rendered);
  return rendered;
}

}  // namespace

int run_serve(const Args& args) {
  // Under glibc, two malloc arenas, not one per thread: the render's workers and the HTTP connections'
  // threads each kept the memory freed in their own arena, which made serve's peak 315 MiB instead of
  // 247 MiB at 10,000 notes (docs/serve.md, "Cost"). Under jemalloc, freed memory goes back while idle.
  util::tune_for_server();
  workspace::ServerOptions options;
  options.host = args.get("--host").value_or("127.0.0.1");
  if (auto p = args.get("--port")) {
    char* end = nullptr;
    long port = std::strtol(p->c_str(), &end, 10);
    if (p->empty() || *end || port < 0 || port > 65535) return usage_error("serve", "--port must be a number from 0 to 65535");
    options.port = static_cast<int>(port);
  }
  if (!loopback(options.host))
    std::cerr << "anthology serve: warning: listening on " << options.host
              << ", not only this machine: anyone who can reach it can read the site\n";

  auto started = std::chrono::steady_clock::now();
  auto session = open_workspace(args);
  if (!session) return usage_error("serve", session.error());
  // A site folder of serve's own beside the index: `build`'s site is left alone, and a second start
  // keeps the pages whose keys did not change.
  workspace::LiveSite site((*session)->site_options(), (*session)->kernel_results, (*session)->index.parent_path() / "serve-site");
  if (!site.render(*(*session)->workspace)) return usage_error("serve", site.error());
  workspace::SiteServer server(site);
  auto port = server.bind(options);
  if (!port) return usage_error("serve", port.error());
  server.start();
  std::string host = options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  std::string url = "http://" + host + ":" + std::to_string(*port) + "/";

  WatchOptions watch{(*session)->root};
  // Ready once the corpus is watched: an edit made as soon as the URL is printed is seen.
  watch.watching = [&] {
    std::cout << "serving " << (*session)->workspace->corpus().notes.size() << " notes (" << site.size() << " files) at "
              << url << " in " << elapsed_ms(started) << " ms; Ctrl-C to stop" << std::endl;
    if (args.has("--open")) open_browser(url);
  };
  watch.settle_ms = 10;  // an editor's save is a burst of a few events within a few milliseconds
  if (const char* n = std::getenv("ANTHOLOGY_WATCH_MAX_REBUILDS")) watch.max_rebuilds = std::atoi(n);  // for tests
  auto render = [&] { return render_announced(site, server, *(*session)->workspace); };
  bool gone_said = false;
  auto watched = watch_corpus(watch, [&](const std::vector<std::string>& changed) {
    auto began = std::chrono::steady_clock::now();
    Applied applied = apply_changes(**session, changed);
    if (applied.corpus_gone) {
      if (!gone_said) std::cerr << "anthology serve: the corpus folder " << (*session)->root.string()
                                << " is gone; still serving the last site\n";
      gone_said = true;
      return;
    }
    gone_said = false;
    if (applied.config_changed) std::cerr << "anthology serve: anthology.toml changed; restart serve to apply it\n";
    auto pages = render();
    if (!pages) return;
    std::cout << "rebuilt in " << elapsed_ms(began) << " ms (checks " << applied.refresh.took.count() / 1000 << " ms): "
              << list_briefly(applied.refresh.changed) << " changed; "
              << pages->size() << (pages->size() == 1 ? " file" : " files") << " of the site changed (" << list_briefly(*pages) << ")" << std::endl;
    // The query blocks are answered from the index, stored after the edited pages are served (storing
    // is linear in notes: 0.6 s at 100,000), then answered again: pages whose answers moved follow.
    if (!applied.answers_moved) return;
    auto stored_at = std::chrono::steady_clock::now();
    if (auto stored = (*session)->store_index(); !stored) {
      std::cerr << "anthology serve: the index could not be written (" << stored.error() << "); query blocks answer from the last one\n";
      return;
    }
    auto answered = render();
    if (answered && !answered->empty())
      std::cout << "query blocks answered again in " << elapsed_ms(stored_at) << " ms: " << answered->size()
                << (answered->size() == 1 ? " file" : " files") << " of the site changed (" << list_briefly(*answered) << ")" << std::endl;
  });
  server.stop();
  if (!watched) return usage_error("serve", watched.error());
  std::cout << "stopped" << std::endl;
  return 0;
}

}  // namespace anth::cli
