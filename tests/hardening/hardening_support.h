#pragma once
// Helpers of the hardening tests (header-only: tests/CMakeLists.txt compiles only tests/support/*.cpp
// besides the *_test.cpp files): running the real binary under limits, measuring a child's peak memory,
// snapshotting a folder tree, and making corpora.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <tuple>

#include "tests/support/test_support.h"

namespace anth::hardening {

namespace fs = std::filesystem;

// Whether this build runs under AddressSanitizer (the `asan` preset): then `ulimit -v` cannot be used
// (ASan reserves terabytes of address space) and the sanitizer's own RSS limit stands in for it, and
// everything runs a few times slower.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool under_asan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool under_asan = true;
#else
inline constexpr bool under_asan = false;
#endif
#else
inline constexpr bool under_asan = false;
#endif

inline std::string quote(const fs::path& p) { return "'" + p.string() + "'"; }

// A shell prefix that caps the next command's memory at `gib` GiB.
inline std::string memory_limit(int gib = 4) {
  if (under_asan)
    return "export ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=" + std::to_string(gib * 1024) + "\"; ";
  return "ulimit -v " + std::to_string(gib * 1024 * 1024) + "; ";
}

// Seconds a run may take before it counts as a hang; the sanitizers slow everything down.
inline int time_limit(int seconds = 60) { return under_asan ? seconds * 3 : seconds; }

struct Limited {
  int status = -1;  // exit status; 124 or 137 after a timeout, 128+N after signal N
  std::string out, err;
  long peak_rss_kib = 0;  // of the command's process tree (wait4)
  double seconds = 0;
  double cpu_seconds = 0;  // user + system time of the process tree: what a cost bound compares, since
                           // wall time on the shared machine is many times that under load
};

// Runs `anthology ARGS` in `cwd` under `ulimit -v` (or ASan's RSS limit) and `timeout`, as
// `sh -c "... exec timeout ..."` in a child whose resource usage is read back with wait4.
inline Limited run_limited(const std::string& args, const fs::path& cwd, int seconds = time_limit(),
                           int gib = 4) {
  anth::test::TempDir io;
  fs::path out = io.path() / "out", err = io.path() / "err";
  std::string cmd = "cd " + quote(cwd) + " && " + memory_limit(gib) + "NO_COLOR=1 exec timeout -k 5 " +
                    std::to_string(seconds) + " " + quote(anth::test::anthology_binary()) + " " + args + " >" +
                    quote(out) + " 2>" + quote(err) + " </dev/null";
  auto start = std::chrono::steady_clock::now();
  Limited r;
  pid_t pid = ::fork();
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int raw = 0;
  struct rusage usage {};
  if (pid > 0 && ::wait4(pid, &raw, 0, &usage) == pid) {
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    r.peak_rss_kib = usage.ru_maxrss;
    auto secs = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
    r.cpu_seconds = secs(usage.ru_utime) + secs(usage.ru_stime);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.out = anth::test::read_file(out);
  r.err = anth::test::read_file(err);
  return r;
}

// Every file and folder under `root` with its size and modification time, except under `skip`
// (relative, '/'-separated prefixes such as "corpus/.anthology").
using Snapshot = std::map<std::string, std::tuple<bool, std::uintmax_t, std::int64_t>>;
inline Snapshot snapshot(const fs::path& root, const std::vector<std::string>& skip) {
  Snapshot s;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::string rel = fs::relative(it->path(), root, ec).generic_string();
    bool skipped = false;
    for (const std::string& p : skip) skipped |= rel == p || rel.rfind(p + "/", 0) == 0;
    if (skipped) {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    // A folder's own mtime changes whenever an entry is added or removed (such as .anthology itself);
    // those entries show up on their own, so folders are compared by existence only.
    bool dir = it->is_directory(ec);
    std::uintmax_t size = dir ? 0 : it->file_size(ec);
    auto mtime = dir ? 0 : it->last_write_time(ec).time_since_epoch().count();
    s[rel] = {dir, size, static_cast<std::int64_t>(mtime)};
  }
  return s;
}

// What differs between two snapshots, one path a line (for failure messages).
inline std::string diff(const Snapshot& before, const Snapshot& after) {
  std::ostringstream d;
  for (const auto& [path, v] : after)
    if (auto it = before.find(path); it == before.end()) d << "+ " << path << "\n";
    else if (it->second != v) d << "~ " << path << "\n";
  for (const auto& [path, v] : before)
    if (!after.count(path)) d << "- " << path << "\n";
  return d.str();
}

// A LIT note with the given id (and optional extra frontmatter lines and body).
inline std::string lit_note(const std::string& id, int year, const std::string& extra = "", const std::string& body = "") {
  return "---\nid: " + id + "\ntitle: Paper " + id + "\nauthors: [Someone]\nyear: " + std::to_string(year) + "\n" +
         extra + "---\n" + body;
}

// Writes a corpus of `n` linked notes (LITs citing older LITs, SOTAs, NOTEs, a few terms) under `root`.
inline void write_generated_corpus(const anth::test::TempDir& dir, const std::string& root, int n) {
  for (int i = 0; i < n; ++i) {
    std::string id;
    std::string text;
    switch (i % 4) {
      case 0:
      case 1: {
        id = "LIT-" + std::to_string(1000 + i);
        std::string cites = i >= 8 ? "cites: [LIT-" + std::to_string(1000 + i - 4) + ", LIT-" + std::to_string(1000 + i - 7) + "]\n" : "";
        text = lit_note(id, 1990 + i % 30, cites,
                        "A paper about attention, entropy and [[LIT-" + std::to_string(1000 + (i / 2) * 2) + "]].\n\n"
                        "It reports results on several benchmarks and discusses stability at length.\n");
        dir.write(root + "/lit/" + id + ".md", text);
        break;
      }
      case 2: {
        id = "NOTE-" + std::to_string(1000 + i);
        text = "---\nid: " + id + "\ntitle: Reading " + id + "\npaper: LIT-" + std::to_string(1000 + i - 2) +
               "\n---\nThis reading summarises [[LIT-" + std::to_string(1000 + i - 1) + "]] and its claims.\n";
        dir.write(root + "/notes/" + id + ".md", text);
        break;
      }
      default: {
        id = "SOTA-" + std::to_string(1000 + i);
        text = "---\nid: " + id + "\ntitle: Do the thing number " + std::to_string(i) +
               "\nstatus: adopted\nsource: [LIT-" + std::to_string(1000 + i - 3) + "]\nintroduced_by: LIT-" +
               std::to_string(1000 + i - 2) + "\n---\nA practice. See [[NOTE-" + std::to_string(1000 + i - 1) + "]].\n";
        dir.write(root + "/sota/" + id + ".md", text);
      }
    }
  }
}

}  // namespace anth::hardening
