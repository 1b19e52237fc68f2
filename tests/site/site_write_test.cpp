// Writing the site: atomic (a failed or killed build leaves the previous site whole), incremental
// (an unchanged corpus rewrites no file; a changed note rewrites only the pages that show it), and
// the command's exits (--strict, a missing corpus, an output folder that is not a site).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include "render/site/site_writer.h"
#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

std::vector<std::string> siblings_named(const fs::path& dir, const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind(prefix, 0) == 0) out.push_back(e.path().filename().string());
  return out;
}

std::vector<std::string> only_pages(std::vector<std::string> files) {
  files.erase(std::remove_if(files.begin(), files.end(),
                             [](const std::string& f) { return f.size() < 5 || f.compare(f.size() - 5, 5, ".html") != 0; }),
              files.end());
  return files;
}

}  // namespace

TEST_CASE("site: a rebuild of an unchanged corpus writes no file", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  RunResult first = build_site(dir.path(), corpus, out);
  REQUIRE(first.status == 0);
  auto before = inodes(out);
  RunResult second = build_site(dir.path(), corpus, out);
  INFO(second.out << second.err);
  REQUIRE(second.status == 0);
  std::vector<std::string> changed = rewritten(before, inodes(out));
  for (const std::string& f : changed) UNSCOPED_INFO("rewritten: " << f);
  CHECK(second.out.rfind("wrote 0 of 24 pages (0 of ", 0) == 0);
  CHECK(changed.empty());
  CHECK(inodes(out).size() == before.size());
  CHECK(siblings_named(dir.path(), "site.").empty());
}

TEST_CASE("site: changing one note rewrites only the pages that show it", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);

  // A paragraph without links: only the note's own page shows it (and the search index; the page keys
  // record its new inputs).
  auto before = inodes(out);
  replace_in_file(corpus / "notes" / "NOTE-001.md", "for the slides.", "for the slides and the recording.");
  RunResult r = build_site(dir.path(), corpus, out);
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("wrote 1 of 24 pages", 0) == 0);
  std::vector<std::string> changed = rewritten(before, inodes(out));
  CHECK(only_pages(changed) == std::vector<std::string>{"NOTE-001.html"});
  for (const std::string& f : changed)
    CHECK((f == "NOTE-001.html" || f.rfind("search/", 0) == 0 || f == ".anthology-pages" || f == ".anthology-files" ||
           f == ".anthology-passes" || f == ".anthology-passes-0"));  // the note's body pass (render/site/body_pass_file.h)
  CHECK(read_file(out / "NOTE-001.html").find("the slides and the recording.") != std::string::npos);

  // A paragraph with links: the linked pages show it in their backlinks.
  before = inodes(out);
  replace_in_file(corpus / "notes" / "NOTE-001.md", "with a variance argument", "with a short variance argument");
  r = build_site(dir.path(), corpus, out);
  REQUIRE(r.status == 0);
  changed = only_pages(rewritten(before, inodes(out)));
  CHECK(changed == std::vector<std::string>{"LIT-001.html", "NOTE-001.html", "SOTA-001.html"});
  CHECK(read_file(out / "LIT-001.html").find("with a short variance argument") != std::string::npos);

  // A new title: every page that names the note.
  before = inodes(out);
  replace_in_file(corpus / "theory" / "THEORY-001.md", "has variance d\n", "has variance exactly d\n");
  r = build_site(dir.path(), corpus, out);
  REQUIRE(r.status == 0);
  changed = only_pages(rewritten(before, inodes(out)));
  for (const char* page : {"THEORY-001.html", "LIT-001.html", "SOTA-001.html", "theories.html"})
    CHECK(std::find(changed.begin(), changed.end(), page) != changed.end());
  CHECK(std::find(changed.begin(), changed.end(), "qk-norm.html") == changed.end());
}

TEST_CASE("site: a build that fails leaves the previous site whole", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);
  auto previous = snapshot(out);
  replace_in_file(corpus / "lit" / "LIT-002.md", "Query-Key Normalization for Transformers", "QK normalization");

  RunResult failed = build_site(dir.path(), corpus, out, "", "ANTHOLOGY_SITE_FAULT=fail:3");
  INFO(failed.err);
  CHECK(failed.status == 2);
  CHECK(failed.err.find("injected fault") != std::string::npos);
  CHECK(failed.err.find("previous site is kept") != std::string::npos);
  CHECK(snapshot(out) == previous);
  CHECK(siblings_named(dir.path(), "site.").empty());  // the half-written folder is gone
}

TEST_CASE("site: a build killed while writing leaves the previous site whole", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);
  auto previous = snapshot(out);
  replace_in_file(corpus / "lit" / "LIT-002.md", "Query-Key Normalization for Transformers", "QK normalization");

  RunResult killed = build_site(dir.path(), corpus, out, "", "ANTHOLOGY_SITE_FAULT=kill:5");
  CHECK(killed.status != 0);
  CHECK(snapshot(out) == previous);
  CHECK(siblings_named(dir.path(), "site.tmp-").size() == 1);  // what the killed build left

  RunResult next = build_site(dir.path(), corpus, out);
  REQUIRE(next.status == 0);
  CHECK(siblings_named(dir.path(), "site.").empty());  // cleaned up
  CHECK(read_file(out / "LIT-002.html").find("QK normalization") != std::string::npos);
}

TEST_CASE("site: --strict fails on lint errors and keeps the previous site", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out, "--strict").status == 0);  // warnings only
  auto previous = snapshot(out);
  dir.write("corpus/sota/SOTA-009.md", "---\nid: SOTA-009\ntitle: A practice with no evidence\nstatus: adopted\n---\nNothing.\n");

  RunResult strict = build_site(dir.path(), corpus, out, "--strict");
  INFO(strict.err);
  CHECK(strict.status == 1);
  CHECK(strict.err.find("sota/SOTA-009.md") != std::string::npos);
  CHECK(strict.err.find("--strict; the previous site is kept") != std::string::npos);
  CHECK(snapshot(out) == previous);

  // Without --strict the errors are shown on the note's page and in the provenance report.
  RunResult lenient = build_site(dir.path(), corpus, out);
  CHECK(lenient.status == 0);
  std::string page = read_file(out / "SOTA-009.html");
  CHECK(page.find("<aside class=\"diagnostics\"") != std::string::npos);
  CHECK(page.find("href=\"provenance.html#d") != std::string::npos);
  std::string report = read_file(out / "provenance.html");
  CHECK(report.find("<a href=\"SOTA-009.html\">sota/SOTA-009.md:") != std::string::npos);
  CHECK(report.find("<h2 id=\"errors\">Errors") != std::string::npos);
}

TEST_CASE("site: the build command's failures are one-line reasons", "[site]") {
  TempDir dir;
  RunResult missing = build_site(dir.path(), dir.path() / "no-such-corpus", dir.path() / "site");
  CHECK(missing.status == 2);
  CHECK(std::count(missing.err.begin(), missing.err.end(), '\n') == 1);
  CHECK(missing.err.find("no corpus folder") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.path() / "site"));

  // A folder that is not a site is never replaced.
  fs::path corpus = copy_fixture(dir);
  dir.write("precious/thesis.tex", "years of work");
  RunResult refused = build_site(dir.path(), corpus, dir.path() / "precious");
  CHECK(refused.status == 2);
  CHECK(refused.err.find("not a site written by anthology") != std::string::npos);
  CHECK(read_file(dir.path() / "precious" / "thesis.tex") == "years of work");

  // Nor the corpus, nor a folder holding it.
  CHECK(build_site(dir.path(), corpus, corpus).status == 2);
  CHECK(build_site(dir.path(), corpus, dir.path()).status == 2);
  CHECK(fs::exists(corpus / "lit" / "LIT-001.md"));

  // --watch on a corpus that does not exist stops at once with the reason (tests/cli/watch_test.cpp
  // covers watching itself).
  RunResult watch = build_site(dir.path(), dir.path() / "no-such-corpus", dir.path() / "site", "--watch");
  CHECK(watch.status == 2);
}

TEST_CASE("site: the default output folder is ./site, or what anthology.toml names inside the corpus", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir);
  RunResult r = run("cd " + shell_arg(dir.path()) + " && " + shell_arg(anthology_binary()) + " build --corpus corpus --index index.db");
  REQUIRE(r.status == 0);
  CHECK(fs::exists(dir.path() / "site" / "index.html"));

  // Relative to the corpus, and inside it (tests/hardening/untrusted_config_test.cpp: outside is refused).
  std::ofstream(corpus / "anthology.toml", std::ios::app) << "out = \"public\"\n";
  r = run("cd " + shell_arg(dir.path()) + " && " + shell_arg(anthology_binary()) + " build --corpus corpus --index index.db");
  REQUIRE(r.status == 0);
  CHECK(fs::exists(corpus / "public" / "index.html"));
}

TEST_CASE("site: a build removes the old body cache beside the index, and no user file of that name", "[site]") {
  TempDir dir;
  copy_fixture(dir);
  fs::create_directories(dir.path() / "mine");
  std::ofstream(dir.path() / "mine" / "site-bodies.bin") << "my own notes";
  const std::string build = "cd " + shell_arg(dir.path()) + " && " + shell_arg(anthology_binary()) + " build --corpus corpus --index ";
  REQUIRE(run(build + "mine/index.db").status == 0);
  CHECK(read_file(dir.path() / "mine" / "site-bodies.bin") == "my own notes");

  fs::create_directories(dir.path() / "old");
  std::ofstream(dir.path() / "old" / "site-bodies.bin") << "ANTHBOD1 and the rest of an old cache";
  REQUIRE(run(build + "old/index.db").status == 0);
  CHECK_FALSE(fs::exists(dir.path() / "old" / "site-bodies.bin"));
}

TEST_CASE("site: the layout cache beside the index never replaces a user's file of that name", "[site]") {
  TempDir dir;
  copy_fixture(dir);
  fs::create_directories(dir.path() / "mine");
  std::ofstream(dir.path() / "mine" / "site-layouts.bin") << "my own notes";
  const std::string build = "cd " + shell_arg(dir.path()) + " && " + shell_arg(anthology_binary()) + " build --corpus corpus --index ";
  REQUIRE(run(build + "mine/index.db").status == 0);
  CHECK(read_file(dir.path() / "mine" / "site-layouts.bin") == "my own notes");
  // Where nothing is in the way, the cache is written, and later builds replace it.
  REQUIRE(run(build + "ours/index.db").status == 0);
  CHECK(read_file(dir.path() / "ours" / "site-layouts.bin").rfind("ANTHLAY1", 0) == 0);
}

TEST_CASE("site: the writer refuses paths that leave the site", "[site]") {
  using anth::render::site::safe_relative_path;
  CHECK(safe_relative_path("a/b.html"));
  for (const char* bad : {"", "/etc/x", "../x", "a/../../x", "a//b", "./a", "a\\..\\b"}) CHECK_FALSE(safe_relative_path(bad));
  TempDir dir;
  auto r = anth::render::site::write_site(dir.path() / "site", {{"../escape.html", "x"}});
  CHECK_FALSE(r.has_value());
  CHECK_FALSE(fs::exists(dir.path() / "escape.html"));
  CHECK_FALSE(fs::exists(dir.path() / "site"));
}
