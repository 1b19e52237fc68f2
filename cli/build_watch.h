#pragma once
// `build --watch` after its first build: the corpus is loaded once into the resident workspace
// (workspace/workspace.h) and each burst of changes is a patch of it, from which the site is written
// again: the render of the last write is kept and patched (render/site/site_render.h) while the graph
// keeps its vertices and edges, else rendered whole with every page whose key is unchanged carried over;
// either way into a new folder swapped in at the end. anthology.toml changing makes a whole build.
#include <chrono>
#include <filesystem>
#include <functional>

#include "cli/args.h"
#include "cli/build_stamp.h"
#include "render/site/site_writer.h"

namespace anth::cli {

struct WatchBuild {
  std::filesystem::path out;
  std::function<int()> whole_build;  // a build from the files, as without --watch
  std::function<void(const render::site::WriteStats&, const BuildSummary&, std::chrono::steady_clock::time_point)> print;
};

// Watches until interrupted; returns the exit status.
int watch_build(const Args& args, const WatchBuild& build);

}  // namespace anth::cli
