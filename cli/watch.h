#pragma once
// `build --watch`: waits for changes under the corpus (inotify) and calls `rebuild` after each burst of
// changes settles, until interrupted. A note saved half-written is just a note with diagnostics: the
// next save triggers another rebuild.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/util/expected.h"

namespace anth::cli {

struct WatchOptions {
  std::filesystem::path root;
  int settle_ms = 150;   // changes closer together than this are one rebuild
  int max_rebuilds = -1;  // for tests: stop after this many rebuilds (-1: never)
  // Called once every folder is watched, before the first wait: a change after it is seen (serve says
  // it is ready only then). Empty: nobody is told.
  std::function<void()> watching;
};

// `rebuild` receives the corpus-relative paths that changed since the last rebuild.
// Fails when inotify is unavailable or the corpus cannot be watched.
util::Expected<void> watch_corpus(const WatchOptions& options,
                            const std::function<void(const std::vector<std::string>& changed)>& rebuild);

}  // namespace anth::cli
