// What a build may delete or replace (issue 13, items 6, 7, 25, 26 and 32; docs/site-output.md):
// only what a build of ours wrote. Folders named like our leftovers, files the user added to the site,
// a site reached through a link or on a mount point, a page damaged inside the site, and the site of
// another corpus, each end to end through the binary.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

// The site as a build from nothing makes it, for comparing pages.
std::map<std::string, std::string> fresh_site(const fs::path& corpus) {
  TempDir fresh;
  REQUIRE(build_site(fresh.path(), corpus, fresh.path() / "site").status == 0);
  return snapshot(fresh.path() / "site");
}

std::vector<std::string> names_in(const fs::path& dir, const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().starts_with(prefix)) out.push_back(e.path().filename().string());
  return out;
}

// Files the user keeps in a site folder.
const std::map<std::string, std::string> user_files = {
    {".git/HEAD", "ref: refs/heads/main\n"},
    {".git/objects/ab/cdef", "a git object"},
    {"CNAME", "anthology.example.org\n"},
    {".nojekyll", ""},
    {"robots.txt", "User-agent: *\nDisallow:\n"},
    {"search/notes-of-mine.txt", "inside a folder the build writes\n"},
};

void add_user_files(const fs::path& out) {
  for (const auto& [path, bytes] : user_files) {
    fs::create_directories((out / path).parent_path());
    std::ofstream(out / path, std::ios::binary) << bytes;
  }
}

void check_user_files(const fs::path& out) {
  for (const auto& [path, bytes] : user_files) {
    INFO("user file " << path);
    CHECK(fs::is_regular_file(out / path));
    if (fs::is_regular_file(out / path)) CHECK(read_file(out / path) == bytes);
  }
}

}  // namespace

TEST_CASE("site ownership: folders named like a build's leftovers survive unless a build marked them", "[site][ownership]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  dir.write("site.old-2024/index.html", "my backup of last year's site");
  dir.write("site.tmp-999999999/draft.html", "a draft of mine");
  // A leftover of a dead build (marked), and an empty one (killed before marking): removed.
  dir.write("site.tmp-999999998/.anthology-leftover", "site.tmp-999999998\n");
  dir.write("site.tmp-999999998/index.html", "half a site");
  fs::create_directory(dir.path() / "site.old-999999997");
  // A marker naming another folder (copied by hand) is no leftover of this one.
  dir.write("site.old-999999996/.anthology-leftover", "site.tmp-5\n");

  RunResult r = build_site(dir.path(), corpus, out);
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(read_file(dir.path() / "site.old-2024" / "index.html") == "my backup of last year's site");
  CHECK(read_file(dir.path() / "site.tmp-999999999" / "draft.html") == "a draft of mine");
  CHECK(fs::exists(dir.path() / "site.old-999999996"));
  CHECK_FALSE(fs::exists(dir.path() / "site.tmp-999999998"));
  CHECK_FALSE(fs::exists(dir.path() / "site.old-999999997"));
  CHECK(names_in(dir.path(), "site.").size() == 3);
}

TEST_CASE("site ownership: files the user adds to the site are carried into every build", "[site][ownership]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);
  add_user_files(out);

  SECTION("a build with no note changed") {
    RunResult same = build_site(dir.path(), corpus, out);
    INFO(same.err);
    REQUIRE(same.status == 0);
    check_user_files(out);
  }
  SECTION("a build after an edit, and the one after it") {
    replace_in_file(corpus / "lit" / "LIT-002.md", "Query-Key Normalization for Transformers", "QK normalization");
    REQUIRE(build_site(dir.path(), corpus, out).status == 0);
    check_user_files(out);
    CHECK(read_file(out / "LIT-002.html").find("QK normalization") != std::string::npos);
    std::string manifest = read_file(out / ".anthology-files");
    CHECK(manifest.find("\nuser CNAME\n") != std::string::npos);
    CHECK(manifest.find("\nuser .git\n") != std::string::npos);
    REQUIRE(build_site(dir.path(), corpus, out, "", "ANTHOLOGY_SITE_SWAP=entries").status == 0);
    check_user_files(out);
  }
  SECTION("a page the build now writes where the user has a file of that name: refused, nothing lost") {
    dir.write("site/LIT-777.html", "my own page");
    auto before = snapshot(out);
    dir.write("corpus/lit/LIT-777.md", "---\nid: LIT-777\ntitle: A new paper\nauthors: [Someone]\nyear: 2021\n---\nBody.\n");
    RunResult refused = build_site(dir.path(), corpus, out);
    CHECK(refused.status == 2);
    CHECK(refused.err.find("refusing to replace LIT-777.html") != std::string::npos);
    CHECK(snapshot(out) == before);
    return;
  }
  // Pages of the corpus are what a build from nothing gives.
  auto site = snapshot(out);
  for (const auto& [path, bytes] : fresh_site(corpus)) {
    INFO("page " << path);
    CHECK(site[path] == bytes);
  }
}

TEST_CASE("site ownership: a page damaged inside the site is rewritten by the next build", "[site][ownership]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);
  const std::vector<std::string> damaged = {"LIT-001.html", "SOTA-002.html", "THEORY-001.html", "attention.html"};
  auto damage = [&] {
    for (const std::string& page : damaged) {
      std::string bytes = read_file(out / page);
      REQUIRE(bytes.size() > 100);
      bytes.replace(bytes.size() / 2, 10, "XXXXXXXXXX");  // same size, other bytes
      std::ofstream(out / page, std::ios::binary | std::ios::in) << bytes;
    }
  };
  auto check_repaired = [&] {
    auto fresh = fresh_site(corpus);
    for (const std::string& page : damaged) {
      INFO("page " << page);
      CHECK(read_file(out / page) == fresh[page]);
    }
  };
  SECTION("with nothing else changed (the skip notices it)") {
    damage();
    RunResult r = build_site(dir.path(), corpus, out);
    REQUIRE(r.status == 0);
    check_repaired();
  }
  SECTION("with another note changed (the kept page is checked against its recorded hash)") {
    damage();
    replace_in_file(corpus / "notes" / "NOTE-001.md", "\n---\n", "\n---\nOne more line.\n\n");
    RunResult r = build_site(dir.path(), corpus, out, "", "ANTHOLOGY_TIMINGS=1");
    INFO(r.err);
    REQUIRE(r.status == 0);
    check_repaired();
  }
}

TEST_CASE("site ownership: a link given as --out: its target is updated and the link stays", "[site][ownership]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), link = dir.path() / "public", target = dir.path() / "www" / "site";
  fs::create_directories(target.parent_path());
  fs::create_directory_symlink("www/site", link);  // dangling until the first build
  REQUIRE(build_site(dir.path(), corpus, link).status == 0);
  CHECK(fs::is_symlink(link));
  CHECK(fs::exists(target / "index.html"));

  replace_in_file(corpus / "lit" / "LIT-002.md", "Query-Key Normalization for Transformers", "QK normalization");
  RunResult r = build_site(dir.path(), corpus, link);
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(fs::is_symlink(link));
  CHECK(fs::read_symlink(link) == "www/site");
  CHECK(read_file(target / "LIT-002.html").find("QK normalization") != std::string::npos);
  CHECK(names_in(dir.path(), "public.").empty());
  CHECK(names_in(target.parent_path(), "site.").empty());
}

TEST_CASE("site ownership: the entry-by-entry swap a mount point gets", "[site][ownership]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  const std::string entries = "ANTHOLOGY_SITE_SWAP=entries";
  REQUIRE(build_site(dir.path(), corpus, out, "", entries).status == 0);
  add_user_files(out);
  replace_in_file(corpus / "lit" / "LIT-002.md", "Query-Key Normalization for Transformers", "QK normalization");
  fs::remove(corpus / "sota" / "SOTA-002.md");
  RunResult r = build_site(dir.path(), corpus, out, "", entries);
  INFO(r.err);
  REQUIRE(r.status == 0);
  check_user_files(out);
  CHECK_FALSE(fs::exists(out / "SOTA-002.html"));
  CHECK(names_in(out, ".anthology-tmp-").empty());
  auto site = snapshot(out);
  for (const auto& [path, bytes] : fresh_site(corpus)) {
    INFO("page " << path);
    CHECK(site[path] == bytes);
  }
}

TEST_CASE("site ownership: a mount point as --out", "[site][ownership]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  fs::create_directory(out);
  // In a user and mount namespace of its own: mount a tmpfs on site, build twice, report.
  std::string script = "mount -t tmpfs anthology-test " + shell_arg(out) + " || exit 77; cd " + shell_arg(dir.path()) +
                       " && B=" + shell_arg(anthology_binary()) + " && $B build --corpus corpus --out site --index index.db >/dev/null" +
                       " && echo mine > site/CNAME && sed -i \"s/Query-Key Normalization for Transformers/QK normalization/\" corpus/lit/LIT-002.md" +
                       " && $B build --corpus corpus --out site --index index.db >/dev/null && grep -c \"QK normalization\" site/LIT-002.html" +
                       " && cat site/CNAME && ls -a site | grep -c anthology-tmp";
  RunResult r = run("unshare -rm sh -c " + shell_arg(script) + " 2>&1");
  if (r.status == 77 || r.out.find("unshare") != std::string::npos) {
    WARN("cannot mount a tmpfs here (" << r.out << "); the entry-by-entry swap is tested without a mount above");
    return;
  }
  INFO(r.out);
  CHECK(r.out.find("mine\n0\n") != std::string::npos);
}

TEST_CASE("site ownership: one folder, two corpora: the second does not replace the first's site", "[site][ownership]") {
  TempDir dir;
  fs::path a = copy_fixture(dir);
  fs::rename(a, dir.path() / "corpus-a");
  fs::path b = copy_fixture(dir);
  auto build = [&](const std::string& args) {
    return run("cd " + shell_arg(dir.path()) + " && NO_COLOR=1 " + shell_arg(anthology_binary()) + " build " + args);
  };
  REQUIRE(build("--corpus corpus-a").status == 0);
  auto first = snapshot(dir.path() / "site");
  RunResult refused = build("--corpus corpus");
  INFO(refused.err);
  CHECK(refused.status == 2);
  CHECK(refused.err.find("it is the site of the corpus at") != std::string::npos);
  CHECK(snapshot(dir.path() / "site") == first);
  CHECK(build("--corpus corpus --out site-b").status == 0);

  // The same corpus moved: refused too, until its manifest is removed; then nothing of the user's is lost.
  std::ofstream(dir.path() / "site" / "CNAME") << "mine\n";
  fs::rename(dir.path() / "corpus-a", dir.path() / "corpus-moved");
  CHECK(build("--corpus corpus-moved").status == 2);
  fs::remove(dir.path() / "site" / ".anthology-files");
  RunResult moved = build("--corpus corpus-moved");
  INFO(moved.err);
  CHECK(moved.status == 0);
  CHECK(read_file(dir.path() / "site" / "CNAME") == "mine\n");
  CHECK(build("--corpus corpus-moved").status == 0);
}
