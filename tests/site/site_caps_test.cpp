// What a page shows of a node used by many notes: a TERM's "Mentioned in" lists the first hundred
// notes by id, then says how many more and links to their search; a node's Backlinks list every
// note, with an excerpt for the first hundred.
#include <catch2/catch.hpp>

#include <cstdio>
#include <set>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

// The part of a page between `from` and the next `to`.
std::string section(const std::string& page, const std::string& from, const std::string& to) {
  std::size_t start = page.find(from);
  REQUIRE(start != std::string::npos);
  std::size_t end = page.find(to, start);
  REQUIRE(end != std::string::npos);
  return page.substr(start, end - start);
}

// 105 readings of LIT-001, each naming the term Widget and linking the paper; the first 101 also
// name Gadget.
fs::path write_crowded_corpus(const TempDir& dir) {
  dir.write("corpus/anthology.toml", "[site]\ntitle = \"Crowded\"\n");
  dir.write("corpus/lit/LIT-001.md", "---\nid: LIT-001\ntitle: The paper everyone reads\nauthors: [Someone]\nyear: 2020\n---\nA paper.\n");
  dir.write("corpus/terms/widget.md", "---\nid: widget\ntitle: Widget\nshort: \"A part that does one thing.\"\n---\nA term.\n");
  dir.write("corpus/terms/gadget.md", "---\nid: gadget\ntitle: Gadget\nshort: \"A part that does two things.\"\n---\nA term.\n");
  for (int i = 1; i <= 105; ++i) {
    char id[16];
    std::snprintf(id, sizeof id, "NOTE-%03d", i);
    std::string body = "Reading number " + std::to_string(i) + " finds the widget" + (i <= 101 ? " and the gadget" : "") +
                       " in [[LIT-001]], which says it plainly.\n";
    dir.write(std::string("corpus/notes/") + id + ".md",
              "---\nid: " + std::string(id) + "\ntitle: Reading " + std::to_string(i) + "\npaper: LIT-001\nstatus: read\n---\n" + body);
  }
  return dir.path() / "corpus";
}

}  // namespace

TEST_CASE("site: a TERM used by more than a hundred notes lists the first hundred and how many more", "[site]") {
  TempDir dir;
  fs::path corpus = write_crowded_corpus(dir), out = dir.path() / "site";
  RunResult r = build_site(dir.path(), corpus, out);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);

  std::string widget = section(read_file(out / "widget.html"), "<section class=\"mentioned-in\"", "</section>");
  CHECK(count_of(widget, "<li>") == 100);
  CHECK(widget.find("href=\"NOTE-001.html\"") != std::string::npos);
  CHECK(widget.find("href=\"NOTE-100.html\"") != std::string::npos);
  CHECK(widget.find("href=\"NOTE-101.html\"") == std::string::npos);  // the first hundred by id
  CHECK(widget.find("<p class=\"mention-more\"><a href=\"search.html?q=Widget\">\u2026 and 5 more notes mention this term</a></p>") !=
        std::string::npos);

  std::string gadget = section(read_file(out / "gadget.html"), "<section class=\"mentioned-in\"", "</section>");
  CHECK(count_of(gadget, "<li>") == 100);
  CHECK(gadget.find("\u2026 and 1 more note mentions this term</a>") != std::string::npos);
}

TEST_CASE("site: a term used by a hundred notes or fewer lists them all, with no more line", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);
  std::string term = read_file(out / "qk-norm.html");
  CHECK(term.find("mention-more") == std::string::npos);
  CHECK(count_of(section(term, "<section class=\"mentioned-in\"", "</section>"), "<li>") == 3);
}

TEST_CASE("site: a node linked from more than a hundred notes lists every backlink, the first hundred with an excerpt",
          "[site]") {
  TempDir dir;
  fs::path corpus = write_crowded_corpus(dir), out = dir.path() / "site";
  REQUIRE(build_site(dir.path(), corpus, out).status == 0);
  std::string backlinks = section(read_file(out / "LIT-001.html"), "<section class=\"backlinks\"", "</section>");
  CHECK(backlinks.find("Backlinks <span class=\"count\">105</span>") != std::string::npos);
  CHECK(count_of(backlinks, "<li><a class=\"ref kind-note\"") == 105);
  CHECK(count_of(backlinks, "<p class=\"excerpt\">") == 100);
  // The hundredth (NOTE-100) still has its excerpt; the next does not.
  std::size_t hundredth = backlinks.find("href=\"NOTE-100.html\""), next = backlinks.find("href=\"NOTE-101.html\"");
  REQUIRE(hundredth != std::string::npos);
  REQUIRE(next != std::string::npos);
  CHECK(backlinks.substr(hundredth, next - hundredth).find("<p class=\"excerpt\">Reading number 100 finds") != std::string::npos);
  CHECK(backlinks.substr(next).find("<p class=\"excerpt\">") == std::string::npos);
}

// provenance.html lists 2,000 findings of each severity (SiteOptions::findings_cap); a note's box of
// problems shows all of its own and links only those the report lists, so no link names a missing id.
TEST_CASE("site: a note with more findings than provenance.html lists links only the listed ones", "[site]") {
  TempDir dir;
  std::string body;
  for (int i = 0; i < 2005; ++i) body += "[[missing-" + std::to_string(i) + "]]\n";
  dir.write("corpus/Many broken.md", "---\ntitle: Many broken\n---\n" + body);
  fs::path out = dir.path() / "site";
  RunResult r = build_site(dir.path(), dir.path() / "corpus", out);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);

  std::map<std::string, std::string> site = snapshot(out);
  std::set<std::string> ids;
  for (const Tag& t : html_tags(site.at("provenance.html")))
    if (const std::string* id = t.attribute("id")) ids.insert(*id);
  std::size_t links = 0;
  for (const std::string& page : pages_of(site))
    for (const Tag& t : html_tags(site.at(page))) {
      const std::string* href = t.attribute("href");
      if (t.name != "a" || !href || href->rfind("provenance.html#", 0) != 0) continue;
      ++links;
      INFO(page << " links " << *href);
      CHECK(ids.count(href->substr(href->find('#') + 1)) == 1);
    }
  CHECK(links == 2000);
  std::string box = section(site.at("many-broken.html"), "<aside class=\"diagnostics\"", "</aside>");
  CHECK(count_of(box, "<li class=\"sev-") == 2005);  // every finding of the note is still shown
  CHECK(box.find("missing-2004") != std::string::npos);
}
