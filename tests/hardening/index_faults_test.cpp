// Faults on the index write path, through the real binary: a damaged index file, an index folder that
// cannot be written, a full disk, a process killed in the middle of writing, two runs at once. lint must
// recover by itself (exit 0/1 with the same report) or, when it truly cannot work, exit 2 with a
// one-line reason; the index must never be left inconsistent (PRAGMA integrity_check).
#include <sqlite3.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "tests/hardening/hardening_support.h"
#include "tests/support/test_support.h"

namespace {

using anth::test::read_file;
using anth::test::run;
using anth::test::TempDir;
using namespace anth::hardening;

// PRAGMA integrity_check of a database file ("ok" when sound); "missing" when there is no file.
std::string integrity(const fs::path& db_path) {
  if (!fs::exists(db_path)) return "missing";
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    std::string e = db ? sqlite3_errmsg(db) : "cannot open";
    sqlite3_close(db);
    return e;
  }
  sqlite3_busy_timeout(db, 10000);
  std::string result;
  auto collect = [](void* out, int n, char** values, char**) {
    auto* s = static_cast<std::string*>(out);
    for (int i = 0; i < n; ++i) *s += (s->empty() ? "" : "\n") + std::string(values[i] ? values[i] : "NULL");
    return 0;
  };
  char* err = nullptr;
  if (sqlite3_exec(db, "PRAGMA integrity_check", collect, &result, &err) != SQLITE_OK) {
    result = err ? err : "error";
    sqlite3_free(err);
  }
  sqlite3_close(db);
  return result;
}

// The same check on a copy of the database and its WAL and shared-memory files, so that looking does not
// recover anything the next run should recover by itself.
std::string integrity_of_copy(const fs::path& db_path) {
  TempDir copy;
  if (!fs::exists(db_path)) return "missing";
  for (const char* suffix : {"", "-wal", "-journal"}) {
    fs::path from = db_path.string() + suffix;
    if (fs::exists(from)) fs::copy_file(from, copy.path() / ("index.db" + std::string(suffix)));
  }
  return integrity(copy.path() / "index.db");
}

bool one_line(const std::string& err) {
  return !err.empty() && err.find('\n') == err.size() - 1;
}

struct Fixture {
  TempDir tmp;
  fs::path corpus() const { return tmp.path() / "corpus"; }
  fs::path anthology_dir() const { return corpus() / ".anthology"; }
  fs::path db() const { return anthology_dir() / "index.db"; }
  Limited lint() const { return run_limited("lint --corpus corpus", tmp.path()); }
};

// A corpus with findings of every severity (so that the report is not trivially empty).
void small_corpus(const Fixture& f, int notes = 60) {
  write_generated_corpus(f.tmp, "corpus", notes);
  f.tmp.write("corpus/lit/LIT-9999.md", lit_note("LIT-9999", 2000, "cites: [LIT-404]\n", "[[nowhere]]\n"));
}

// A tmpfs mounted for the life of the object; `ok` is false where mounting is not permitted.
struct TmpfsMount {
  fs::path at;
  bool ok = false;
  TmpfsMount(const fs::path& where, const std::string& size) : at(where) {
    fs::create_directories(at);
    ok = ::geteuid() == 0 && run("mount -t tmpfs -o size=" + size + ",mode=0755 anthology-test " + quote(at)).status == 0;
  }
  ~TmpfsMount() {
    if (ok) run("umount -l " + quote(at));
  }
  bool remount(const std::string& options) const { return run("mount -o remount," + options + " " + quote(at)).status == 0; }
};

void corrupt(const fs::path& file, std::uintmax_t offset, std::size_t length, unsigned seed) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(static_cast<std::streamoff>(offset));
  std::mt19937 rng(seed);
  for (std::size_t i = 0; i < length; ++i) f.put(static_cast<char>(rng()));
}

// Fills the file system holding the fixture's .anthology folder until `leave` bytes are available,
// with one file; free_space() removes it.
void fill(Fixture& f, std::uintmax_t leave) {
  fs::space_info space = fs::space(f.anthology_dir());
  std::uintmax_t size = space.available > leave ? space.available - leave : 0;
  std::ofstream out(f.anthology_dir() / "filler", std::ios::binary | std::ios::app);
  std::string block(1 << 16, '\0');
  for (std::uintmax_t written = 0; written < size; written += block.size())
    out.write(block.data(), static_cast<std::streamsize>(std::min<std::uintmax_t>(block.size(), size - written)));
}

void free_space(Fixture& f) { fs::remove(f.anthology_dir() / "filler"); }

}  // namespace

TEST_CASE("index faults: a truncated or overwritten index is rebuilt by the next lint", "[hardening][index-faults]") {
  Fixture f;
  small_corpus(f);
  Limited reference = f.lint();
  REQUIRE((reference.status == 0 || reference.status == 1));
  REQUIRE(fs::is_regular_file(f.db()));
  const std::uintmax_t size = fs::file_size(f.db());

  struct Damage {
    const char* what;
    std::function<void()> apply;
  };
  std::vector<Damage> damages = {
      {"truncated to half", [&] { fs::resize_file(f.db(), fs::file_size(f.db()) / 2); }},
      {"truncated to 100 bytes (inside the header)", [&] { fs::resize_file(f.db(), 100); }},
      {"truncated to 0 bytes", [&] { fs::resize_file(f.db(), 0); }},
      {"overwritten whole with garbage", [&] { corrupt(f.db(), 0, static_cast<std::size_t>(fs::file_size(f.db())), 1); }},
      {"garbage over the header", [&] { corrupt(f.db(), 0, 100, 2); }},
      {"garbage over pages in the middle", [&] { corrupt(f.db(), size / 3, 8192, 3); }},
      {"garbage over the last page", [&] { corrupt(f.db(), fs::file_size(f.db()) - 4096, 4096, 4); }},
      {"a stray garbage WAL file", [&] {
         std::ofstream(f.db().string() + "-wal", std::ios::binary) << std::string(32768, '\x5a');
       }},
      {"replaced by a text file", [&] { std::ofstream(f.db(), std::ios::binary | std::ios::trunc) << "not a database\n"; }},
  };
  for (const Damage& d : damages) {
    INFO("damage: " << d.what);
    d.apply();
    Limited again = f.lint();
    INFO("stderr: " << again.err);
    CHECK(again.status == reference.status);
    CHECK(again.out == reference.out);
    CHECK(integrity(f.db()) == "ok");
    // And the run after that reuses the rebuilt index.
    Limited third = f.lint();
    CHECK(third.status == reference.status);
    CHECK(third.out == reference.out);
  }
}

TEST_CASE("index faults: .anthology is a file, so the index cannot be created", "[hardening][index-faults]") {
  Fixture f;
  small_corpus(f, 8);
  f.tmp.write("corpus/.anthology", "a file where the index folder should be\n");
  Limited r = f.lint();
  INFO("stderr: " << r.err);
  CHECK(r.status == 2);
  CHECK(one_line(r.err));
  CHECK(r.err.rfind("anthology lint: ", 0) == 0);
  CHECK(anth::test::read_file(f.corpus() / ".anthology") == "a file where the index folder should be\n");
}

TEST_CASE("index faults: an immutable index folder (chattr +i) is a one-line exit 2", "[hardening][index-faults]") {
  Fixture f;
  small_corpus(f, 8);
  Limited first = f.lint();
  REQUIRE((first.status == 0 || first.status == 1));
  if (::geteuid() != 0 || run("chattr +i " + quote(f.anthology_dir()) + " " + quote(f.db())).status != 0) {
    WARN("skipped: chattr +i is not available here");
    return;
  }
  // Change a note so the run has something to write.
  f.tmp.write("corpus/lit/LIT-9999.md", lit_note("LIT-9999", 2001, "", "changed\n"));
  Limited r = f.lint();
  run("chattr -i " + quote(f.anthology_dir()) + " " + quote(f.db()));
  INFO("stderr: " << r.err);
  CHECK(r.status == 2);
  CHECK(one_line(r.err));
  // Writable again: the next run works.
  Limited after = f.lint();
  CHECK((after.status == 0 || after.status == 1));
  CHECK(integrity(f.db()) == "ok");
}

TEST_CASE("index faults: a read-only file system under .anthology is a one-line exit 2", "[hardening][index-faults]") {
  Fixture f;
  small_corpus(f, 8);
  TmpfsMount mount(f.anthology_dir(), "16m");
  if (!mount.ok) {
    WARN("skipped: cannot mount a tmpfs here (needs root and mount permission)");
    return;
  }
  SECTION("with an index already there") {
    Limited first = f.lint();
    REQUIRE((first.status == 0 || first.status == 1));
    REQUIRE(mount.remount("ro"));
    Limited r = f.lint();
    INFO("stderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(one_line(r.err));
    REQUIRE(mount.remount("rw"));
    Limited after = f.lint();
    CHECK(after.status == first.status);
    CHECK(after.out == first.out);
    CHECK(integrity(f.db()) == "ok");
  }
  SECTION("with an empty folder") {
    REQUIRE(mount.remount("ro"));
    Limited r = f.lint();
    INFO("stderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(one_line(r.err));
  }
}

TEST_CASE("index faults: a full disk is a one-line exit 2, and freeing space recovers", "[hardening][index-faults]") {
  Fixture f;
  small_corpus(f, 400);
  Limited reference;
  {
    TempDir elsewhere;  // the report of an unconstrained run of the same corpus
    reference = run_limited("lint --corpus corpus --index " + quote(elsewhere.path() / "index.db"), f.tmp.path());
    REQUIRE((reference.status == 0 || reference.status == 1));
  }
  TmpfsMount mount(f.anthology_dir(), "8m");
  if (!mount.ok) {
    WARN("skipped: cannot mount a tmpfs here (needs root and mount permission)");
    return;
  }

  SECTION("full before the first index is written") {
    fill(f, 16 * 1024);
    Limited r = f.lint();
    INFO("stderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(one_line(r.err));
    free_space(f);
    Limited after = f.lint();
    INFO("stderr after freeing: " << after.err);
    CHECK(after.status == reference.status);
    CHECK(after.out == reference.out);
    CHECK(integrity(f.db()) == "ok");
  }
  SECTION("full while an existing index is rewritten") {
    Limited first = f.lint();
    REQUIRE(first.status == reference.status);
    // Every note changes, so the run must rewrite most of the index.
    for (const auto& entry : fs::recursive_directory_iterator(f.corpus() / "lit"))
      if (entry.is_regular_file()) std::ofstream(entry.path(), std::ios::app) << "\nOne more line.\n";
    TempDir elsewhere;
    Limited changed_reference =
        run_limited("lint --corpus corpus --index " + quote(elsewhere.path() / "index.db"), f.tmp.path());
    fill(f, 32 * 1024);
    Limited r = f.lint();
    INFO("stderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(one_line(r.err));
    CHECK(integrity_of_copy(f.db()) == "ok");  // the previous content is intact
    free_space(f);
    Limited after = f.lint();
    INFO("stderr after freeing: " << after.err);
    CHECK(after.status == changed_reference.status);
    CHECK(after.out == changed_reference.out);
    CHECK(integrity(f.db()) == "ok");
  }
}

// build updates the index on a thread of its own while the site renders (cli/session.h): a failed
// update must still fail the build, and the site must stay the previous one.
TEST_CASE("index faults: a build whose index update fails keeps the previous site", "[hardening][index-faults]") {
  Fixture f;
  small_corpus(f, 400);
  TmpfsMount mount(f.anthology_dir(), "8m");
  if (!mount.ok) {
    WARN("skipped: cannot mount a tmpfs here (needs root and mount permission)");
    return;
  }
  std::string build = "build --corpus corpus --out site";
  Limited first = run_limited(build, f.tmp.path());
  REQUIRE(first.status == 0);
  // A page that the edit below changes.
  fs::path page;
  for (const auto& entry : fs::directory_iterator(f.tmp.path() / "site"))
    if (entry.path().filename().string().rfind("LIT-", 0) == 0) page = entry.path();
  REQUIRE(!page.empty());
  std::string page_before = read_file(page);
  // Every note changes, so the index must be rewritten; the disk under .anthology is full.
  for (const auto& entry : fs::recursive_directory_iterator(f.corpus() / "lit"))
    if (entry.is_regular_file()) std::ofstream(entry.path(), std::ios::app) << "\nOne more line.\n";
  fill(f, 32 * 1024);
  Limited r = run_limited(build, f.tmp.path());
  INFO("stderr: " << r.err);
  CHECK(r.status == 2);
  CHECK(one_line(r.err));
  CHECK(r.err.find("the previous site is kept") != std::string::npos);
  CHECK(read_file(page) == page_before);
  CHECK(integrity_of_copy(f.db()) == "ok");
  free_space(f);
  Limited after = run_limited(build, f.tmp.path());
  INFO("stderr after freeing: " << after.err);
  CHECK(after.status == 0);
  CHECK(read_file(page).find("One more line.") != std::string::npos);
  CHECK(integrity(f.db()) == "ok");
}

TEST_CASE("index faults: lint killed mid-write leaves an index the next run uses", "[hardening][index-faults]") {
  Fixture f;
  write_generated_corpus(f.tmp, "corpus", 3000);
  // A run from no index and a run over an index whose practices all changed take different times, so
  // each round's kill lands at a fraction of its own kind; each kind is timed twice and the shorter
  // taken, so that one slow reference does not push the kills past the end of the runs.
  auto timed = [&](const std::string& args, bool change_practices) {
    if (change_practices)
      for (const auto& entry : fs::recursive_directory_iterator(f.corpus() / "sota"))
        if (entry.is_regular_file()) std::ofstream(entry.path(), std::ios::app) << "\nRevised first.\n";
    Limited reference = run_limited(args, f.tmp.path(), time_limit(300));
    REQUIRE((reference.status == 0 || reference.status == 1));
    return reference.seconds;
  };
  double cold_seconds = 1e9, warm_seconds = 1e9;
  for (int i = 0; i < 2; ++i) {
    TempDir elsewhere;
    cold_seconds = std::min(cold_seconds, timed("lint --corpus corpus --index " + quote(elsewhere.path() / "index.db"), false));
    REQUIRE(run_limited("lint --corpus corpus", f.tmp.path(), time_limit(300)).status <= 1);
    warm_seconds = std::min(warm_seconds, timed("lint --corpus corpus", true));
  }
  // Rounds alternate: even ones rewrite an existing index after every practice changed, odd ones start
  // from no index. Fixed delays first, then fractions of a run of the round's kind, so that some kills
  // land inside the index write.
  std::vector<int> delays_ms = {50, 150, 250};
  for (double fraction : {0.4, 0.6, 0.8}) {
    double seconds = (delays_ms.size() % 2 == 1) ? cold_seconds : warm_seconds;
    delays_ms.push_back(static_cast<int>(seconds * 1000 * fraction));
  }
  int killed = 0;
  for (std::size_t k = 0; k < delays_ms.size(); ++k) {
    int ms = delays_ms[k];
    INFO("kill after " << ms << " ms (a run from no index takes " << cold_seconds << " s, a rewrite "
                        << warm_seconds << " s)");
    if (k % 2 == 1) {
      fs::remove_all(f.anthology_dir());
    } else {
      for (const auto& entry : fs::recursive_directory_iterator(f.corpus() / "sota"))
        if (entry.is_regular_file()) std::ofstream(entry.path(), std::ios::app) << "\nRevised " << k << ".\n";
    }
    std::string script = "cd " + quote(f.tmp.path()) + " && (NO_COLOR=1 " + quote(anth::test::anthology_binary()) +
                         " lint --corpus corpus >/dev/null 2>&1 & pid=$!; sleep " + std::to_string(ms / 1000.0) +
                         "; kill -9 $pid 2>/dev/null; wait $pid; echo $?)";
    auto killed_run = run(script);
    bool was_killed = killed_run.out.rfind("137", 0) == 0;
    killed += was_killed;
    std::string left = integrity_of_copy(f.db());
    INFO("integrity of what the killed run left: " << left);
    CHECK((left == "ok" || left == "missing"));

    TempDir elsewhere;
    Limited expected = run_limited("lint --corpus corpus --index " + quote(elsewhere.path() / "index.db"), f.tmp.path(),
                                   time_limit(300));
    Limited next = run_limited("lint --corpus corpus", f.tmp.path(), time_limit(300));
    INFO("stderr of the next run: " << next.err);
    CHECK(next.status == expected.status);
    CHECK(next.out == expected.out);
    CHECK(integrity(f.db()) == "ok");
  }
  // Most kills must really have interrupted a run, or the test proves nothing.
  CHECK(killed >= static_cast<int>(delays_ms.size()) / 2);
}

TEST_CASE("index faults: two lint runs at once agree and leave a sound index", "[hardening][index-faults]") {
  Fixture f;
  small_corpus(f, 400);
  const std::string bin = quote(anth::test::anthology_binary());
  for (int round = 0; round < 3; ++round) {
    INFO("round " << round);
    if (round == 2) f.tmp.write("corpus/lit/LIT-9999.md", lit_note("LIT-9999", 2002, "cites: [LIT-405]\n", "changed\n"));
    std::string script = "cd " + quote(f.tmp.path()) + " && export NO_COLOR=1 && (" + bin +
                         " lint --corpus corpus >out1 2>err1; echo $? >rc1) & (cd " + quote(f.tmp.path()) + " && " +
                         bin + " lint --corpus corpus >out2 2>err2; echo $? >rc2) & wait";
    run(script);
    auto rc1 = anth::test::read_file(f.tmp.path() / "rc1"), rc2 = anth::test::read_file(f.tmp.path() / "rc2");
    auto out1 = anth::test::read_file(f.tmp.path() / "out1"), out2 = anth::test::read_file(f.tmp.path() / "out2");
    INFO("stderr: " << anth::test::read_file(f.tmp.path() / "err1") << anth::test::read_file(f.tmp.path() / "err2"));
    CHECK((rc1 == "0\n" || rc1 == "1\n"));
    CHECK(rc1 == rc2);
    CHECK(out1 == out2);
    CHECK(!out1.empty());
    CHECK(integrity(f.db()) == "ok");
  }
}
