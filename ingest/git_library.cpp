#include "ingest/git_library.h"

#include <dlfcn.h>

namespace anth::ingest {

namespace {

struct Loaded {
  GitLibrary functions;
  std::string problem;
  bool ok = false;

  Loaded() {
    // The soname the build was made against (CMake reads it from the -dev package's symlink).
    void* handle = dlopen(ANTH_LIBGIT2_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* why = dlerror();
      problem = std::string("libgit2 (" ANTH_LIBGIT2_SONAME ") could not be loaded: ") + (why ? why : "unknown");
      return;
    }
#define ANTH_GIT_LOOKUP(name)                                                              \
  functions.name = reinterpret_cast<decltype(&::name)>(dlsym(handle, #name));              \
  if (!functions.name) {                                                                   \
    problem = "libgit2 (" ANTH_LIBGIT2_SONAME ") has no " #name;                           \
    return;                                                                                \
  }
    ANTH_GIT_FUNCTIONS(ANTH_GIT_LOOKUP)
#undef ANTH_GIT_LOOKUP
    // Never unloaded nor shut down: its state lives as long as the process, like a linked library's.
    functions.git_libgit2_init();
    ok = true;
  }
};

}  // namespace

const GitLibrary* git_library(std::string& problem) {
  static const Loaded loaded;
  if (loaded.ok) return &loaded.functions;
  problem = loaded.problem;
  return nullptr;
}

}  // namespace anth::ingest
