#pragma once
// A stat's times as nanoseconds since the epoch: the unit the index's `files` rows, the site's manifest
// and the build stamp all keep, so that a stamp written by one is compared with another's.
#include <sys/stat.h>

#include <cstdint>

namespace anth::util {

inline std::int64_t nanoseconds(const struct timespec& t) {
  return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}
inline std::int64_t mtime_ns(const struct stat& st) { return nanoseconds(st.st_mtim); }
inline std::int64_t ctime_ns(const struct stat& st) { return nanoseconds(st.st_ctim); }

}  // namespace anth::util
