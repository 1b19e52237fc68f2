// The site's menu and home page on a vault: only the kinds it has (a vault of plain pages showed
// Practices, Papers, Readings, Theories, Glossary and Kernels, each an empty table, and called itself
// "a record of machine-learning practice"); the anthology's own site lists every kind.
#include <catch2/catch.hpp>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The hrefs of the site's menu on a page.
std::string menu(const std::string& page) {
  std::size_t from = page.find("<nav class=\"site-nav\"");
  return from == std::string::npos ? "" : page.substr(from, page.find("</nav>", from) - from);
}

}  // namespace

TEST_CASE("site: a vault's menu and home page show only the kinds it has", "[site][vault]") {
  TempDir dir;
  dir.write("corpus/Home.md", "# Home\n\nSee [[Notes]] and [[Plans]]. #travel\n");
  dir.write("corpus/Notes.md", "# Notes\n\nBack to [[Home]].\n");
  dir.write("corpus/Plans.md", "# Plans\n\nNothing yet.\n");
  dir.write("corpus/Far.md", "# Far\n\nLinked from nowhere, linking nowhere.\n");
  fs::path corpus = dir.path() / "corpus", out = dir.path() / "site";
  RunResult r = build_site(dir.path(), corpus, out);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  for (const char* page : {"index.html", "home.html", "tags.html", "graph.html"}) {
    std::string nav = menu(read_file(out / page));
    INFO(page << ": " << nav);
    for (const char* absent : {"practices.html", "papers.html", "readings.html", "theories.html", "glossary.html", "kernels.html"})
      CHECK_FALSE(has(nav, absent));
    for (const char* present : {"pages.html", "tags.html", "graph.html", "provenance.html"}) CHECK(has(nav, present));
  }
  std::string home = read_file(out / "index.html");
  CHECK(has(home, "4 notes and the 3 links between them."));
  CHECK_FALSE(has(home, "machine-learning"));
  CHECK_FALSE(has(home, "QK-norm"));
  CHECK(has(home, "What the vault holds"));
  CHECK_FALSE(has(home, "href=\"kernels.html\""));
  CHECK_FALSE(has(home, "href=\"glossary.html\""));

  // A page that becomes a practice brings Practices (and Kernels) into every page's menu, also on
  // a build that re-renders only the pages whose keys changed: the kinds a corpus has are in each key.
  dir.write("corpus/Plans.md", "---\nid: SOTA-9\ntitle: Plan ahead\n---\nNothing yet.\n");
  r = build_site(dir.path(), corpus, out);
  REQUIRE(r.status == 0);
  for (const char* page : {"index.html", "home.html", "far.html"}) {
    std::string nav = menu(read_file(out / page));
    INFO(page << ": " << nav);
    CHECK(has(nav, "practices.html"));
    CHECK(has(nav, "kernels.html"));
    CHECK_FALSE(has(nav, "papers.html"));
  }
  CHECK(has(read_file(out / "index.html"), "A record of machine-learning practice"));
}

TEST_CASE("site: the anthology's own site lists every kind, even one it has none of", "[site]") {
  TempDir dir;
  dir.write("corpus/sota/SOTA-1.md", "---\nid: SOTA-1\ntitle: Do the thing\nstatus: candidate\n---\nBody.\n");
  fs::path corpus = dir.path() / "corpus", out = dir.path() / "site";
  RunResult r = build_site(dir.path(), corpus, out);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  std::string nav = menu(read_file(out / "index.html"));
  for (const char* present : {"practices.html", "papers.html", "readings.html", "theories.html", "glossary.html", "kernels.html"})
    CHECK(has(nav, present));
  CHECK_FALSE(has(nav, "pages.html"));
}
