// A vault's pages on the site (docs/site.md, "Pages of the whole site"; docs/format.md, "Pages"): each
// untyped note of tests/fixtures/vault has a page known by its name, a "Pages" listing with its folder,
// a nav entry, and backlinks that name it; the anthology's own site has none of it.
#include <catch2/catch.hpp>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

TEST_CASE("site: a vault's pages have pages, a listing with folders, and are known by name", "[site][vault]") {
  TempDir dir;
  fs::path vault = dir.path() / "vault";
  fs::copy(source_dir() / "tests" / "fixtures" / "vault", vault, fs::copy_options::recursive);
  RunResult r = build_site(dir.path(), vault, dir.path() / "site");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  const fs::path site = dir.path() / "site";
  std::string ada = read_file(site / "people.ada-lovelace.html");
  CHECK(ada.find("<h1>Ada Lovelace</h1>") != std::string::npos);  // no derived id before the title
  CHECK(ada.find("<title>Ada Lovelace") != std::string::npos);
  CHECK(ada.find(">Reading Guide</a>") != std::string::npos);      // its backlink, by name
  std::string listing = read_file(site / "pages.html");
  CHECK(listing.find("people.ada-lovelace.html") != std::string::npos);
  CHECK(listing.find(">Projects/Old<") != std::string::npos);      // the folder column
  // A page's breadcrumbs carry its folders; a typed note's folder named after its kind is left out.
  CHECK(read_file(site / "projects.old.roadmap.html").find("<li class=\"folder\">Projects</li><li class=\"folder\">Old</li>") !=
        std::string::npos);
  CHECK(read_file(site / "LIT-1.html").find("<li class=\"folder\">") == std::string::npos);
  // A page's last crumb is its name, not its derived id; a page with no properties shows no empty panel.
  const std::string roadmap = read_file(site / "projects.old.roadmap.html");
  CHECK(roadmap.find("<li><span aria-current=\"page\">Roadmap</span></li>") != std::string::npos);
  CHECK(roadmap.find("class=\"properties\"") == std::string::npos);
  CHECK(ada.find("class=\"properties\"") != std::string::npos);  // it has tags
  CHECK(read_file(site / "index.html").find("href=\"pages.html\"") != std::string::npos);
  // The typed notes beside them keep their ids in their headings.
  CHECK(read_file(site / "SOTA-1.html").find("<span class=\"node-id-prefix\">SOTA-1:</span>") != std::string::npos);
  // Files Obsidian ignores are no pages.
  CHECK_FALSE(fs::exists(site / "trash.deleted.html"));
  CHECK_FALSE(fs::exists(site / "deleted.html"));
}

TEST_CASE("site: the anthology's own site has no Pages listing or entry", "[site][vault]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir);
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "site").status == 0);
  CHECK_FALSE(fs::exists(dir.path() / "site" / "pages.html"));
  CHECK(read_file(dir.path() / "site" / "index.html").find("pages.html") == std::string::npos);
}
