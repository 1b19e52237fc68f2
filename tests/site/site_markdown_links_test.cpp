// Markdown links end to end through the binary: a relative link or image that names no note and no
// attachment (R002) shows its text marked as unresolved, as an unresolved wikilink does, and leaves
// no dead href in the site; links to notes, their headings, attachments and other sites stay links.
#include <catch2/catch.hpp>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

fs::path write_links_corpus(const TempDir& dir) {
  dir.write("corpus/Home.md",
            "---\ntitle: Home\n---\n"
            "See [sharding](docs/db/sharding-db.md) and [[docs/db/sharding-db]] and [lib](libgen.is).\n\n"
            "Working: [the target](Target.md), [its part](Target.md#Second%20part), [bare](Target),\n"
            "[paper](files/paper.pdf), [web](https://example.org/x), [mail](mailto:someone@example.org),\n"
            "[up](#top) and ![figure](files/figure.png), [with a query](Target.md?x=1).\n\n"
            "Broken image ![gone](files/gone.png), ![](files/nameless.png) and [y](<que?stion.md>).\n\n"
            "Images as links: [![figure](files/figure.png)](Target.md), [![figure](files/figure.png)](elsewhere.md).\n\n"
            "| a | b |\n|---|---|\n| [cell](nowhere.md) | [ok](Target.md) |\n");
  dir.write("corpus/Target.md", "---\ntitle: Target\n---\n# First\n\ntext\n\n## Second part\n\nmore\n");
  dir.write("corpus/files/paper.pdf", "%PDF-1.4\n");
  dir.write("corpus/files/figure.png", "\x89PNG\r\n\x1a\n");
  return dir.path() / "corpus";
}

// The site-relative targets of a page's links and images: every one must be a file of the site.
std::vector<std::string> relative_targets(const std::string& page) {
  std::vector<std::string> out;
  for (const Tag& t : html_tags(page)) {
    const std::string* target = t.name == "a" ? t.attribute("href") : t.name == "img" ? t.attribute("src") : nullptr;
    if (!target || target->empty() || (*target)[0] == '#' || target->find(':') != std::string::npos) continue;
    out.push_back(target->substr(0, target->find('#')));
  }
  return out;
}

}  // namespace

TEST_CASE("site: a markdown link or image that resolves to nothing is shown unresolved, not linked", "[site][links]") {
  TempDir dir;
  fs::path corpus = write_links_corpus(dir), out = dir.path() / "site";
  RunResult r = build_site(dir.path(), corpus, out);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  const std::string home = read_file(out / "home.html");

  // The broken ones keep their text (an image its alt, else its path) in a span marked unresolved.
  CHECK(has(home, "<span class=\"wikilink unresolved\" title=\"unresolved link: docs/db/sharding-db.md\">sharding</span>"));
  CHECK(has(home, "<span class=\"wikilink unresolved\" title=\"unresolved link: docs/db/sharding-db\">docs/db/sharding-db</span>"));
  CHECK(has(home, "<span class=\"wikilink unresolved\" title=\"unresolved link: libgen.is\">lib</span>"));
  CHECK(has(home, "<span class=\"wikilink unresolved\" title=\"unresolved link: files/gone.png\">gone</span>"));
  CHECK(has(home, "<span class=\"wikilink unresolved\" title=\"unresolved link: files/nameless.png\">files/nameless.png</span>"));
  CHECK(has(home, "<span class=\"wikilink unresolved\" title=\"unresolved link: nowhere.md\">cell</span>"));
  // A link's text is filled in as any: here an image, which resolves.
  CHECK(has(home, "<span class=\"wikilink unresolved\" title=\"unresolved link: elsewhere.md\">"
                  "<img src=\"attachments/files/figure.png\" alt=\"figure\" /></span>"));
  // A query is no part of a file's name (Obsidian allows no '?' in one): "que?stion.md" names "que".
  CHECK(has(home, "<span class=\"wikilink unresolved\" title=\"unresolved link: que\">y</span>"));
  for (const char* dead : {"sharding-db", "libgen.is", "gone.png", "nameless.png", "nowhere.md", "stion.md", "elsewhere"}) {
    INFO(dead);
    CHECK_FALSE(has(home, std::string("href=\"") + dead));
    for (const std::string& target : relative_targets(home)) CHECK_FALSE(has(target, dead));
  }

  // The working ones are as they were: notes, headings, attachments, other sites, the page's own ids.
  CHECK(has(home, "<a href=\"target.html\">the target</a>"));
  CHECK(has(home, "<a href=\"target.html#second-part\">its part</a>"));
  CHECK(has(home, "<a href=\"target.html\">bare</a>"));
  CHECK(has(home, "<a href=\"target.html\">with a query</a>"));
  CHECK(has(home, "<a href=\"target.html\">ok</a>"));
  CHECK(has(home, "<a href=\"attachments/files/paper.pdf\">paper</a>"));
  CHECK(has(home, "<img src=\"attachments/files/figure.png\" alt=\"figure\" />"));
  CHECK(has(home, "<a href=\"https://example.org/x\">web</a>"));
  CHECK(has(home, "<a href=\"mailto:someone@example.org\">mail</a>"));
  CHECK(has(home, "<a href=\"#top\">up</a>"));
  CHECK(has(home, "<a href=\"target.html\"><img src=\"attachments/files/figure.png\" alt=\"figure\" /></a>"));
  for (const std::string& target : relative_targets(home)) {
    INFO(target);
    CHECK(fs::is_regular_file(out / target));
  }
}

TEST_CASE("site: lint reports every markdown link the site shows unresolved", "[site][links]") {
  TempDir dir;
  fs::path corpus = write_links_corpus(dir);
  RunResult r = run("cd " + shell_arg(dir.path()) + " && NO_COLOR=1 " + shell_arg(anthology_binary()) + " lint --corpus " +
                    shell_arg(corpus) + " --index " + shell_arg(dir.path() / "index.db"));
  INFO(r.out << r.err);
  for (const char* link : {"(docs/db/sharding-db.md)", "[[docs/db/sharding-db]]", "(libgen.is)", "(files/gone.png)",
                           "(files/nameless.png)", "(nowhere.md)", "(que)", "(elsewhere.md)"})
    CHECK(has(r.out, std::string(link) + " "));
  CHECK(has(r.out, "8 warnings"));
}
