// `anthology build --watch`: rebuilds on change, survives a half-written note.
#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <thread>

#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

bool wait_for(const std::function<bool()>& ready, int seconds) {
  for (int i = 0; i < seconds * 20; ++i) {
    if (ready()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// `command` run on a thread joined when it goes: a failed REQUIRE must not destroy a joinable thread
// (std::terminate hides the failure); the watch ends by itself within its `timeout`.
class Watcher {
 public:
  explicit Watcher(std::string command) : thread_([c = std::move(command)] { run(c); }) {}
  ~Watcher() { join(); }
  void join() {
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::thread thread_;
};

}  // namespace

TEST_CASE("build --watch rebuilds on change and survives a half-written note", "[cli][watch]") {
  TempDir dir;
  dir.write("corpus/lit/LIT-1.md", "---\ntitle: First title\nauthors: [A]\nyear: 2020\n---\nBody.\n");
  fs::path out = dir.path() / "stdout.txt", err = dir.path() / "stderr.txt";
  std::string command = "cd '" + dir.path().string() + "' && ANTHOLOGY_WATCH_MAX_REBUILDS=2 timeout 60 '" +
                        anthology_binary().string() + "' build --watch --corpus corpus --out site >'" + out.string() +
                        "' 2>'" + err.string() + "'";
  Watcher watcher(command);

  REQUIRE(wait_for([&] { return read_file(err).find("watching") != std::string::npos; }, 30));
  dir.write("corpus/lit/LIT-1.md", "---\ntitle: Second title\nauthors: [A]\nyear: 2020\n---\nBody.\n");
  REQUIRE(wait_for([&] { return count(read_file(out), "wrote ") == 2; }, 30));
  CHECK(read_file(dir.path() / "site/LIT-1.html").find("Second title") != std::string::npos);

  // Saved half-written: the frontmatter is not closed yet. The build reports it and the watch goes on.
  dir.write("corpus/lit/LIT-1.md", "---\ntitle: Third ti");
  watcher.join();
  std::string printed = read_file(out), messages = read_file(err);
  CHECK(count(printed, "wrote ") == 3);
  CHECK(messages.find("changed lit/LIT-1.md") != std::string::npos);
  CHECK(printed.find("1 error") != std::string::npos);  // the build's summary: stdout (docs/cli.md)
  CHECK(read_file(dir.path() / "site/provenance.html").find("S001") != std::string::npos);
}

namespace {

// The site's pages and scripts by path (its own bookkeeping, the dot-files, left out).
std::map<std::string, std::string> site_files(const fs::path& site) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(site)) {
    std::string path = e.path().lexically_relative(site).generic_string();
    if (e.is_regular_file() && path.find("/.") == std::string::npos && path[0] != '.') out[path] = read_file(e.path());
  }
  return out;
}

}  // namespace

TEST_CASE("build --watch patches the render it keeps, and its site equals a cold build's", "[cli][watch]") {
  TempDir dir;
  const fs::path corpus = dir.path() / "corpus";
  fs::copy(source_dir() / "tests/fixtures/site/corpus", corpus, fs::copy_options::recursive);
  // Query blocks whose answers each edit below changes, though their note does not change: the index
  // that answers them must be stored again before the patch, as a cold build stores it first.
  dir.write("corpus/sota/SOTA-002.md", read_file(corpus / "sota/SOTA-002.md") +
                                           "\n## Edited so far\n\n```anthology\nquery --text \"edit number\"\n```\n\n"
                                           "```anthology\nquery --sql \"SELECT count(*) AS edited FROM search WHERE body LIKE "
                                           "'%Edit number%'\"\n```\n");
  fs::path out = dir.path() / "stdout.txt", err = dir.path() / "stderr.txt";
  std::string command = "cd '" + dir.path().string() + "' && ANTHOLOGY_TIMINGS=1 ANTHOLOGY_WATCH_MAX_REBUILDS=3 timeout 90 '" +
                        anthology_binary().string() + "' build --watch --no-kernels --corpus corpus --out site >'" +
                        out.string() + "' 2>'" + err.string() + "'";
  Watcher watcher(command);

  REQUIRE(wait_for([&] { return read_file(err).find("watching") != std::string::npos; }, 60));
  // The first change renders the site whole and keeps the render; the next two are patches of it.
  const char* const edits[] = {"lit/LIT-001.md", "lit/LIT-002.md", "notes/NOTE-001.md"};
  for (int i = 0; i < 3; ++i) {
    std::string text = read_file(corpus / edits[i]) + "\nEdit number " + std::to_string(i) + " of this body.\n";
    dir.write("corpus/" + std::string(edits[i]), text);
    REQUIRE(wait_for([&] { return count(read_file(out), "wrote ") == static_cast<std::size_t>(i + 2); }, 60));
  }
  watcher.join();
  const std::string messages = read_file(err);
  CHECK(count(messages, "timing: site patch: site pages") == 2);
  CHECK(read_file(dir.path() / "site/NOTE-001.html").find("Edit number 2") != std::string::npos);
  const std::string answers = read_file(dir.path() / "site/SOTA-002.html");
  CHECK(answers.find("4 results") != std::string::npos);  // the three notes edited, and this one
  CHECK(answers.find("<td>4</td>") != std::string::npos);

  RunResult cold = run_anthology("build --no-kernels --corpus corpus --out cold-site", dir.path());
  REQUIRE(cold.status == 0);
  std::map<std::string, std::string> watched = site_files(dir.path() / "site"), built = site_files(dir.path() / "cold-site");
  std::vector<std::string> differ;
  for (const auto& [path, bytes] : built)
    if (!watched.count(path) || watched[path] != bytes) differ.push_back(path);
  for (const auto& [path, bytes] : watched)
    if (!built.count(path)) differ.push_back(path + " (not in the cold build)");
  CHECK(differ == std::vector<std::string>{});
}
