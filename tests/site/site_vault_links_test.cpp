// Links Obsidian's way, end to end through the binary (docs/format.md, "Links" and "Frontmatter
// links"): tests/fixtures/vault_links plants each kind of link beside its broken twin. Lint finds the
// broken ones only; the site sends every link where Obsidian would, to the id the target page gives
// the heading or block; frontmatter links are edges shown in Properties and backlinks, and feed no
// provenance rule.
#include <catch2/catch.hpp>

#include "tests/site/vault_fixture.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("vault links: lint finds the missing headings and blocks and the dangling property, nothing else", "[site][vault][links]") {
  TempDir dir;
  fs::path vault = copy_vault(dir, "vault_links");
  RunResult r = run("cd " + shell_arg(dir.path()) + " && NO_COLOR=1 " + shell_arg(anthology_binary()) + " lint --corpus " +
                    shell_arg(vault) + " --index " + shell_arg(dir.path() / "index.db"));
  INFO(r.out << r.err);
  CHECK(r.status == 0);  // warnings and an info only
  const std::string expected =
      // A markdown link to a file that is not in the vault (issue 15: links to attachments are checked).
      "Home.md:17:76: warning: link (notes.pdf) names an attachment that is not in the vault [R002 broken-wikilink]\n"
      "Home.md:19:9: warning: wikilink [[Ada Lovelace#No such heading]]: people.ada-lovelace has no heading 'No such heading' [R007 missing-anchor]\n"
      "  People/Ada Lovelace.md:1:1: note: the linked note\n"
      "Home.md:19:43: warning: wikilink [[Ada Lovelace#^nope]]: people.ada-lovelace has no block '^nope' [R007 missing-anchor]\n"
      "  People/Ada Lovelace.md:1:1: note: the linked note\n"
      "Home.md:19:67: warning: wikilink [[#Nowhere]]: this note has no heading 'Nowhere' [R007 missing-anchor]\n"
      "  Home.md:1:1: note: the linked note\n"
      "Home.md:19:81: warning: wikilink [[Ada Lovelace#Early life#Goals]]: people.ada-lovelace has no heading 'Early life#Goals' [R007 missing-anchor]\n"
      "  People/Ada Lovelace.md:1:1: note: the linked note\n"
      "People/Ada Lovelace.md:4:9: warning: wikilink [[Nobody Here]] in `author` resolves to no note [R002 broken-wikilink]\n"
      // Projects/Roadmap.md's `source: "[[LIT-1]]"` is a page's property, no provenance: the paper is still an orphan.
      "lit/LIT-1.md:1:1: info: nothing links to LIT-1 and no note reads it [P012 orphan-literature]\n"
      "lit/LIT-1.md:5:1: warning: unknown field `reviewer` for a LIT [S004 unknown-field]\n";
  CHECK(r.out.substr(0, r.out.rfind('\n', r.out.size() - 2) + 1) == expected);
}

TEST_CASE("vault links: every link lands where Obsidian sends it, on the id the target page gives it", "[site][vault][links]") {
  TempDir dir;
  fs::path vault = copy_vault(dir, "vault_links");
  RunResult r = build_site(dir.path(), vault, dir.path() / "site");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  const fs::path site = dir.path() / "site";
  const std::string home = read_file(site / "home.html");
  // Shortest path: a bare name goes to the file closest to the root; a path's end, a whole path, ".md".
  CHECK(has(home, "href=\"projects.roadmap.html\" title=\"projects.roadmap \u2014 Roadmap\">Roadmap</a>"));
  CHECK(has(home, "href=\"archive.old.roadmap.html\" title=\"archive.old.roadmap \u2014 Roadmap\">Old/Roadmap</a>"));
  CHECK(has(home, ">Projects/Roadmap</a>"));
  CHECK(has(home, "href=\"projects.roadmap.html\" title=\"projects.roadmap \u2014 Roadmap\">Roadmap.md</a>"));
  // Headings, nested headings, blocks and the note's own heading: the ids of the target's elements.
  const std::string ada = read_file(site / "people.ada-lovelace.html");
  for (const char* id : {"<h2 id=\"early-life\"", "<h3 id=\"schooling\"", "<p id=\"^quote1\">"}) CHECK(has(ada, id));
  CHECK(has(home, "href=\"people.ada-lovelace.html#early-life\""));
  CHECK(has(home, "href=\"people.ada-lovelace.html#schooling\" title"));  // Early life#Schooling
  CHECK(has(home, "href=\"people.ada-lovelace.html#^quote1\""));
  CHECK(has(home, "<h2 id=\"local-heading\">"));
  CHECK(has(home, "href=\"#local-heading\""));
  // In a table ([[Ada Lovelace\|Ada]]): a plain link, the bar escaped in the source.
  CHECK(has(home, "<a href=\"people.ada-lovelace.html#schooling\" title=\"people.ada-lovelace \u2014 Ada Lovelace\">at school</a>"));
  // Unicode's case folding: [[ÉCOLE]] and [[STRASSE]].
  CHECK(has(home, "title=\"\u00c9cole \u2014 \u00c9cole\">\u00c9COLE</a>"));
  CHECK(has(home, "\u2014 Stra\u00dfe\">STRASSE</a>"));
  // Markdown links: percent-encoded, with a fragment, relative to the note's folder or the root.
  CHECK(has(home, "<a href=\"people.ada-lovelace.html\">her page</a>"));
  CHECK(has(home, "<a href=\"people.ada-lovelace.html#early-life\">her youth</a>"));
  CHECK(has(home, "<a href=\"projects.roadmap.html#goals\">the roadmap</a>"));
  CHECK(has(home, "<a href=\"categories.people.html\">the people</a>"));  // without ".md", as Obsidian writes them
  // No note's and no attachment's (R002): shown as an unresolved wikilink is, with no dead href.
  CHECK(has(home, "<span class=\"wikilink unresolved\" title=\"unresolved link: notes.pdf\">a file</span>"));
  const std::string roadmap = read_file(site / "projects.roadmap.html");
  CHECK(has(roadmap, "<a href=\"home.html\">up</a>"));
  CHECK(has(roadmap, "<a href=\"home.html\">home</a>"));
  // A heading that is not there leaves the link on the page, with no fragment that lands nowhere.
  CHECK_FALSE(has(home, "#no-such-heading"));
  CHECK_FALSE(has(home, "#nope\""));
  CHECK(has(home, "href=\"home.html\" title=\"home \u2014 Home\">#Nowhere</a>"));
}

TEST_CASE("vault links: frontmatter links are edges in Properties and in the target's typed backlinks", "[site][vault][links]") {
  TempDir dir;
  fs::path vault = copy_vault(dir, "vault_links");
  REQUIRE(build_site(dir.path(), vault, dir.path() / "site").status == 0);
  const fs::path site = dir.path() / "site";
  const std::string ada = read_file(site / "people.ada-lovelace.html");
  CHECK(has(ada, "<dt>Categories</dt><dd><ul class=\"refs\"><li><a class=\"ref kind-page\" href=\"categories.people.html\""));
  CHECK(has(ada, "<dt>Related</dt><dd><ul class=\"refs\"><li><a class=\"ref kind-page\" href=\"home.html\""));
  CHECK(has(ada, "<span class=\"ref unresolved\" title=\"no note has this id\">Nobody Here</span>"));
  CHECK_FALSE(has(ada, "<dt>Cover</dt>"));  // an attachment's link is no edge
  // A typed note's own key: "Cited as “reviewer” by LIT-1".
  CHECK(has(ada, "<dt>Cited as \u201creviewer\u201d by</dt><dd><ul class=\"refs\"><li><a class=\"ref kind-lit\" href=\"LIT-1.html\""));
  const std::string people = read_file(site / "categories.people.html");
  CHECK(has(people, "href=\"people.ada-lovelace.html\""));
  CHECK(has(people, "<span class=\"via\">categories</span>"));
  CHECK(has(read_file(site / "LIT-1.html"), "<span class=\"via\">source</span>"));
}
