#include "core/util/allocator.h"

#include <gnu/libc-version.h>
#include <malloc.h>
#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <string>

// jemalloc's control interface, declared weak: present when the binary links jemalloc (or it is
// preloaded), null otherwise, so that one object serves both builds.
extern "C" int mallctl(const char* name, void* oldp, std::size_t* oldlenp, void* newp, std::size_t newlen)
    __attribute__((weak));

namespace anth::util {

std::string allocator_name() {
  if (mallctl) {
    const char* version = nullptr;
    std::size_t size = sizeof(version);
    if (mallctl("version", &version, &size, nullptr, 0) == 0 && version) return std::string("jemalloc ") + version;
    return "jemalloc";
  }
  return std::string("system (glibc ") + gnu_get_libc_version() + ")";
}

void return_free_memory() {
  if (mallctl) {
    // "arena.<MALLCTL_ARENAS_ALL>.purge": every arena's unused dirty pages go back at once.
    mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0);
    return;
  }
  malloc_trim(0);
}

void favour_low_memory() {
  static std::atomic<bool> done{false};
  if (!mallctl || done.exchange(true)) return;
  ssize_t zero = 0;
  // Arenas made from now on, then each existing one ("arenas.narenas" of them).
  mallctl("arenas.dirty_decay_ms", nullptr, nullptr, &zero, sizeof(zero));
  mallctl("arenas.muzzy_decay_ms", nullptr, nullptr, &zero, sizeof(zero));
  unsigned arenas = 0;
  std::size_t size = sizeof(arenas);
  if (mallctl("arenas.narenas", &arenas, &size, nullptr, 0) != 0) return;
  for (unsigned i = 0; i < arenas; ++i) {
    const std::string arena = "arena." + std::to_string(i);
    mallctl((arena + ".dirty_decay_ms").c_str(), nullptr, nullptr, &zero, sizeof(zero));
    mallctl((arena + ".muzzy_decay_ms").c_str(), nullptr, nullptr, &zero, sizeof(zero));
  }
  return_free_memory();
}

void tune_for_server() {
  if (mallctl) {
    bool on = true;
    mallctl("background_thread", nullptr, nullptr, &on, sizeof(on));
    return;
  }
  mallopt(M_ARENA_MAX, 2);
}

}  // namespace anth::util
