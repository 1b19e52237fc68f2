// Files outside the corpus are never read (issue 13, item 2): a note that is a symbolic link leading out
// of the corpus is an S008 finding and is left out of the site and its search index; FIFOs and devices
// are never opened, so nothing hangs; a link that stays inside the corpus is read as usual.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "core/util/contained_file.h"
#include "tests/hardening/hardening_support.h"
#include "tests/support/test_support.h"

namespace {

using anth::test::TempDir;
using namespace anth::hardening;
using json = nlohmann::json;

// TMP/corpus with one good note, and TMP/outside with a note whose text must never be published.
struct Scene {
  TempDir tmp;
  Scene() {
    tmp.write("corpus/lit/LIT-1.md", lit_note("LIT-1", 2020, "", "A sound paper.\n"));
    tmp.write("outside/secret.md", lit_note("LIT-9", 2021, "", "SECRET-CANARY-7f3a from outside the corpus.\n"));
  }
  fs::path corpus() const { return tmp.path() / "corpus"; }
  void link(const fs::path& target, const std::string& rel) const {
    fs::create_directories((corpus() / rel).parent_path());
    fs::create_symlink(target, corpus() / rel);
  }
  json lint(Limited* out = nullptr, const std::string& corpus = "corpus") const {
    Limited r = run_limited("lint --format json --corpus " + corpus, tmp.path(), time_limit(30));
    INFO("status " << r.status << " after " << r.seconds << " s; stderr: " << r.err);
    CHECK((r.status == 0 || r.status == 1));
    if (out) *out = r;
    json doc = json::parse(r.out, nullptr, false);
    REQUIRE(!doc.is_discarded());
    return doc;
  }
};

// The S008 message of one file, or "" when it has none.
std::string s008(const json& doc, const std::string& file) {
  for (const json& d : doc["diagnostics"])
    if (d["file"] == file && d["rule"] == "S008") return d["message"].get<std::string>();
  return "";
}

// Whether any file under `dir` contains `text`.
bool any_file_contains(const fs::path& dir, const std::string& text) {
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && anth::test::read_file(e.path()).find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("symlinks: a note linking outside the corpus is a finding, not a page", "[hardening][symlinks]") {
  Scene s;
  s.link(s.tmp.path() / "outside" / "secret.md", "lit/secret.md");  // absolute
  s.link("../../outside/secret.md", "lit/relative.md");             // relative
  s.link("/etc/passwd", "lit/passwd.md");
  json doc = s.lint();
  for (const char* f : {"lit/secret.md", "lit/relative.md", "lit/passwd.md"}) {
    INFO(f);
    CHECK(s008(doc, f) == "file leads outside the corpus through a symbolic link; not read");
  }
  CHECK(doc["summary"]["nodes"] == 1);

  Limited build = run_limited("build --corpus corpus --out site", s.tmp.path(), time_limit(60));
  INFO(build.err);
  REQUIRE(build.status == 0);
  fs::path site = s.tmp.path() / "site";
  CHECK(fs::exists(site / "LIT-1.html"));  // the other notes build
  CHECK_FALSE(fs::exists(site / "LIT-9.html"));
  CHECK(fs::is_directory(site / "search"));
  CHECK_FALSE(any_file_contains(site, "SECRET-CANARY-7f3a"));  // pages and search index
  CHECK_FALSE(any_file_contains(site, "root:x:0:0"));
  CHECK(any_file_contains(site, "leads outside the corpus"));  // the provenance report names them
}

TEST_CASE("symlinks: FIFOs inside and outside the corpus never hang a run", "[hardening][symlinks]") {
  Scene s;
  REQUIRE(::mkfifo((s.tmp.path() / "outside" / "fifo.md").c_str(), 0644) == 0);
  fs::create_directories(s.corpus() / "lit");
  REQUIRE(::mkfifo((s.corpus() / "lit" / "fifo.md").c_str(), 0644) == 0);
  s.link(s.tmp.path() / "outside" / "fifo.md", "lit/fifo-outside.md");
  s.link("fifo.md", "lit/fifo-inside.md");
  // /proc/kmsg blocks a reader and is a "regular file" to stat; only root may open it.
  const bool kmsg = ::access("/proc/kmsg", R_OK) == 0;
  if (kmsg) s.link("/proc/kmsg", "lit/kmsg.md");
  s.link(s.tmp.path() / "outside" / "no-such-file.md", "lit/dangling.md");

  Limited r;
  json doc = s.lint(&r);
  CHECK(r.seconds < time_limit(20));
  CHECK(s008(doc, "lit/fifo.md") == "file is not a regular file (a FIFO); not read");
  CHECK(s008(doc, "lit/fifo-inside.md") == "file is not a regular file (a FIFO); not read");
  CHECK(s008(doc, "lit/fifo-outside.md") == "file leads outside the corpus through a symbolic link; not read");
  if (kmsg) CHECK(s008(doc, "lit/kmsg.md") == "file leads outside the corpus through a symbolic link; not read");
  CHECK(s008(doc, "lit/dangling.md").rfind("cannot read file: ", 0) == 0);
  CHECK(doc["summary"]["nodes"] == 1);

  // anthology.toml is read the same way: a FIFO there stops the run at once with a reason.
  REQUIRE(::mkfifo((s.corpus() / "anthology.toml").c_str(), 0644) == 0);
  Limited config = run_limited("lint --corpus corpus", s.tmp.path(), time_limit(30));
  CHECK(config.status == 2);
  CHECK(config.err == "anthology lint: anthology.toml: file is not a regular file (a FIFO); not read\n");
  fs::remove(s.corpus() / "anthology.toml");
  fs::create_symlink(s.tmp.path() / "outside" / "secret.md", s.corpus() / "anthology.toml");
  config = run_limited("build --corpus corpus --out site", s.tmp.path(), time_limit(30));
  CHECK(config.status == 2);
  CHECK(config.err.find("anthology.toml: file leads outside the corpus") != std::string::npos);
}

TEST_CASE("symlinks: links that stay inside the corpus are read, through a linked root too", "[hardening][symlinks]") {
  Scene s;
  s.tmp.write("corpus/.drafts/LIT-3.md", lit_note("LIT-3", 2022, "", "Kept in a hidden folder, linked in.\n"));
  s.link("../.drafts/LIT-3.md", "lit/LIT-3.md");
  s.tmp.write("corpus/.drafts/LIT-4.md", lit_note("LIT-4", 2023, "", "Linked by an absolute path.\n"));
  s.link(s.corpus() / ".drafts" / "LIT-4.md", "lit/sub/LIT-4.md");  // absolute, still inside
  fs::create_directory_symlink(s.corpus(), s.tmp.path() / "corpus-link");
  for (const char* corpus : {"corpus", "corpus-link"}) {
    INFO(corpus);
    json doc = s.lint(nullptr, corpus);
    CHECK(s008(doc, "lit/LIT-3.md").empty());
    CHECK(s008(doc, "lit/sub/LIT-4.md").empty());
    CHECK(doc["summary"]["nodes"] == 3);
    CHECK(doc["summary"]["errors"] == 0);
  }
  Limited build = run_limited("build --corpus corpus-link --out site", s.tmp.path(), time_limit(60));
  REQUIRE(build.status == 0);
  CHECK(anth::test::read_file(s.tmp.path() / "site" / "LIT-3.html").find("Kept in a hidden folder") != std::string::npos);
}

TEST_CASE("symlinks: read_inside refuses what is outside or not a regular file, without opening it", "[hardening][symlinks]") {
  TempDir tmp;
  tmp.write("root/a.md", "inside");
  tmp.write("out/b.md", "outside");
  fs::create_symlink(tmp.path() / "out" / "b.md", tmp.path() / "root" / "b.md");
  fs::create_symlink("a.md", tmp.path() / "root" / "c.md");
  fs::create_symlink("/dev/zero", tmp.path() / "root" / "zero.md");
  fs::path root = anth::util::real_root(tmp.path() / "root");
  CHECK(anth::util::read_inside(root, "a.md", 100).value_or("") == "inside");
  CHECK(anth::util::read_inside(root, "c.md", 100).value_or("") == "inside");
  CHECK(anth::util::read_inside(root, "a.md", 3).value_or("") == "insi");  // limit + 1 bytes
  CHECK_FALSE(anth::util::read_inside(root, "b.md", 100));
  CHECK_FALSE(anth::util::read_inside(root, "zero.md", 100));
  CHECK(anth::util::resolves_inside(root, tmp.path() / "root" / "site"));
  CHECK_FALSE(anth::util::resolves_inside(root, tmp.path() / "root" / ".." / "site"));
  CHECK_FALSE(anth::util::resolves_inside(root, tmp.path() / "root" / "b.md"));
}
