// A build with nothing changed since the last one is skipped before ingesting (cli/build_stamp.h), and
// anything a site is made from makes the next build run again.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <chrono>
#include <fstream>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

// Builds with phase timings on; true when the build was skipped as up to date.
bool skipped(const TempDir& dir, const fs::path& corpus, const fs::path& out, const std::string& extra = "") {
  RunResult r = build_site(dir.path(), corpus, out, extra, "ANTHOLOGY_TIMINGS=1");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  REQUIRE(r.out.rfind("wrote ", 0) == 0);
  return r.err.find("timing: site up to date") != std::string::npos;
}

void touch(const fs::path& file) { fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(2)); }

}  // namespace

TEST_CASE("site: an unchanged corpus is not built again, and each input makes it build", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  CHECK_FALSE(skipped(dir, corpus, out));
  CHECK(skipped(dir, corpus, out));
  RunResult again = build_site(dir.path(), corpus, out);
  CHECK(again.out.rfind("wrote 0 of 24 pages (0 of ", 0) == 0);  // says what the last build wrote

  SECTION("a note touched: built, but no page rewritten (same bytes)") {
    auto before = inodes(out);
    touch(corpus / "sota" / "SOTA-001.md");
    CHECK_FALSE(skipped(dir, corpus, out));
    CHECK(rewritten(before, inodes(out)).empty());
    CHECK(skipped(dir, corpus, out));
  }
  SECTION("a page deleted from the site: built, and the page is back") {
    fs::remove(out / "SOTA-001.html");
    CHECK_FALSE(skipped(dir, corpus, out));
    CHECK(fs::exists(out / "SOTA-001.html"));
  }
  SECTION("a page deleted from a subfolder of the site") {
    REQUIRE(fs::is_directory(out / "tags"));
    fs::remove(fs::directory_iterator(out / "tags")->path());
    CHECK_FALSE(skipped(dir, corpus, out));
  }
  SECTION("a note added or the configuration changed") {
    std::ofstream(corpus / "terms" / "softmax.md") << "---\ntitle: softmax\nshort: \"Scores to weights.\"\n---\nText.\n";
    CHECK_FALSE(skipped(dir, corpus, out));
    CHECK(fs::exists(out / "softmax.html"));
    std::ofstream(corpus / "anthology.toml", std::ios::app) << "\n# a comment\n";
    CHECK_FALSE(skipped(dir, corpus, out));
  }
  SECTION("another option or another site folder") {
    CHECK_FALSE(skipped(dir, corpus, out, "--unsafe-html"));
    CHECK_FALSE(skipped(dir, corpus, out));
    fs::path other = dir.path() / "other-site";
    CHECK_FALSE(skipped(dir, corpus, other));
    CHECK(skipped(dir, corpus, other));
    CHECK(skipped(dir, corpus, out));  // each folder keeps its own stamp
  }
  SECTION("a kernel result stored in the index") {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((dir.path() / "index.db").c_str(), &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db, "INSERT INTO kernel_results(node, kernel, pass) VALUES('SOTA-001', 'qk_norm', 1)", nullptr,
                       nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    CHECK_FALSE(skipped(dir, corpus, out));
  }
}
