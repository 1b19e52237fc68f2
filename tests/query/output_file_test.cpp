// Output files the user names (issue 13, item 5; core/util/output_file.h): `export --out` replaces a
// regular file whole and writes through a FIFO, a character device or a link's target; `kernels emit`
// replaces only what it wrote, unless --force, and never writes through a link.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <cerrno>
#include <chrono>
#include <future>

#include "tests/query/query_fixture.h"

using namespace anth::test;

namespace {

std::string export_json(const QueryCorpus& corpus) { return corpus.run("export --format json").out; }

std::string file_mode(const fs::path& p) {
  struct stat st {};
  ::lstat(p.c_str(), &st);
  return std::to_string(st.st_mode & 07777);
}

}  // namespace

TEST_CASE("export --out: a regular file is replaced whole, keeping its permissions", "[query][output-file]") {
  QueryCorpus corpus;
  const std::string expected = export_json(corpus);
  REQUIRE(expected.size() > 100);
  fs::path out = corpus.path() / "graph.json";
  std::ofstream(out) << "an older export";
  fs::permissions(out, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  RunResult r = corpus.run("export --out graph.json");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(read_file(out) == expected);
  CHECK(file_mode(out) == std::to_string(0640));
  // No temporary file is left beside it.
  std::size_t entries = 0;
  for (const auto& e : fs::directory_iterator(corpus.path())) entries += e.path().filename().string().find("graph.json") != std::string::npos;
  CHECK(entries == 1);
}

TEST_CASE("export --out: a FIFO is written through to its reader", "[query][output-file]") {
  QueryCorpus corpus;
  const std::string expected = export_json(corpus);
  fs::path fifo = corpus.path() / "pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // Opened for reading first, without blocking, so that an export replacing the FIFO fails the test
  // instead of leaving a reader waiting forever.
  int fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  REQUIRE(fd >= 0);
  auto exporter = std::async(std::launch::async, [&] { return corpus.run("export --out pipe"); });
  std::string got;
  char buf[1 << 16];
  bool finished = false;
  for (auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120); std::chrono::steady_clock::now() < deadline;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      got.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno != EAGAIN) break;
    if (finished) break;  // drained after the writer ended
    finished = exporter.wait_for(std::chrono::milliseconds(20)) == std::future_status::ready;
  }
  ::close(fd);
  RunResult r = exporter.get();
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(got == expected);
  struct stat st {};
  REQUIRE(::lstat(fifo.c_str(), &st) == 0);
  CHECK(S_ISFIFO(st.st_mode));
}

TEST_CASE("export --out: a link's target is written and the link stays", "[query][output-file]") {
  QueryCorpus corpus;
  const std::string expected = export_json(corpus);
  fs::create_directories(corpus.path() / "exports");
  std::ofstream(corpus.path() / "exports" / "graph.json") << "old";
  fs::create_symlink("exports/graph.json", corpus.path() / "latest.json");
  fs::create_symlink("exports/new.json", corpus.path() / "dangling.json");
  REQUIRE(corpus.run("export --out latest.json").status == 0);
  CHECK(fs::is_symlink(corpus.path() / "latest.json"));
  CHECK(read_file(corpus.path() / "exports" / "graph.json") == expected);
  REQUIRE(corpus.run("export --out dangling.json").status == 0);
  CHECK(fs::is_symlink(corpus.path() / "dangling.json"));
  CHECK(read_file(corpus.path() / "exports" / "new.json") == expected);
}

TEST_CASE("export --out: a full device is a failed write (exit 2), and stays a device", "[query][output-file]") {
  QueryCorpus corpus;
  // Private nodes of /dev/full and /dev/null: a binary that replaces what it writes to (as before
  // this fix) must not replace the system's own.
  fs::path full = corpus.path() / "full", null = corpus.path() / "null";
  if (::mknod(full.c_str(), S_IFCHR | 0666, ::makedev(1, 7)) != 0 || ::mknod(null.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) != 0) {
    WARN("cannot make device nodes here (needs CAP_MKNOD); not tested");
    return;
  }
  RunResult r = corpus.run("export --out full");
  CHECK(r.status == 2);
  CHECK(r.err.find("No space left on device") != std::string::npos);
  CHECK(fs::is_character_file(full));
  CHECK(corpus.run("export --out null").status == 0);
  CHECK(fs::is_character_file(null));
  // A folder is refused.
  fs::create_directory(corpus.path() / "folder");
  CHECK(corpus.run("export --out folder").status == 2);
  CHECK(fs::is_directory(corpus.path() / "folder"));
}

TEST_CASE("kernels emit: replaces only what it wrote unless --force, never through a link", "[kernels][cli][output-file]") {
  TempDir dir;
  dir.write("corpus/lit/LIT-008.md",
            "---\nid: LIT-008\ntitle: Attention Is All You Need\nauthors: [Vaswani]\nyear: 2017\n---\nThe paper.\n");
  dir.write("corpus/sota/SOTA-050.md",
            "---\nid: SOTA-050\ntitle: Scale attention weights by 1/sqrt(head_dim)\nstatus: adopted\n"
            "source: [LIT-008]\nintroduced_by: LIT-008\nkernel: sdpa_scale\n---\nScale it.\n");
  auto emit = [&](const std::string& extra = "") { return run_anthology("kernels emit --corpus corpus --out out " + extra, dir.path()); };
  const fs::path file = dir.path() / "out/kernels/SOTA-050/sdpa_scale.cpp";

  REQUIRE(emit().status == 0);
  const std::string emitted = read_file(file);
  REQUIRE(emit().status == 0);  // its own file, emitted again
  CHECK(read_file(file) == emitted);

  // A file of the user's at that name.
  std::ofstream(file) << "// my edited kernel\n";
  RunResult refused = emit();
  CHECK(refused.status == 2);
  CHECK(refused.err.find("refusing to overwrite") != std::string::npos);
  CHECK(refused.err.find("--force") != std::string::npos);
  CHECK(read_file(file) == "// my edited kernel\n");
  REQUIRE(emit("--force").status == 0);
  CHECK(read_file(file) == emitted);

  // A link at the file's name, or in the folders below --out, is never written through, --force or not.
  const std::string outside = "a file outside --out\n";
  fs::path victim = dir.write("victim.txt", outside);
  fs::remove(file);
  fs::create_symlink(victim, file);
  CHECK(emit().status == 2);
  CHECK(emit("--force").status == 2);
  CHECK(read_file(victim) == outside);
  fs::remove_all(dir.path() / "out");
  fs::create_directories(dir.path() / "out/kernels");
  fs::create_directories(dir.path() / "elsewhere");
  fs::create_directory_symlink(dir.path() / "elsewhere", dir.path() / "out/kernels/SOTA-050");
  RunResult through = emit("--force");
  CHECK(through.status == 2);
  CHECK(through.err.find("symbolic link") != std::string::npos);
  CHECK(fs::is_empty(dir.path() / "elsewhere"));
}
