// A tag is one tag whatever its case (docs/format.md "Tags"), end to end: `#Haskell`, `#haskell`,
// `tags: [HASKELL]` make one tag page, named by the folded tag, which every spelling links; tags.html
// lists it once under the spelling the most notes write; `query --tag` and completion match any case;
// and no two files of the site differ in case only (they overwrite each other on macOS and Windows).
#include <catch2/catch.hpp>

#include <cctype>
#include <set>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

// Every href of a page that names a tag's page.
std::vector<std::string> tag_hrefs(const std::string& html) {
  std::vector<std::string> out;
  for (std::size_t at = html.find("href=\""); at != std::string::npos; at = html.find("href=\"", at + 1)) {
    std::string href = html.substr(at + 6, html.find('"', at + 6) - at - 6);
    if (href.rfind("tags/", 0) == 0 || href.rfind("../tags/", 0) == 0) out.push_back(href);
  }
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

TEST_CASE("site: tags in any case are one tag with one page, found by query --tag in any case", "[site][tags]") {
  TempDir dir;
  const std::pair<const char*, const char*> notes[] = {
      {"a.md", "Learning #Haskell today.\n"},
      {"b.md", "More #haskell, and #Lang/Haskell.\n"},
      {"c.md", "---\ntags: [HASKELL]\n---\nText.\n"},
      {"d.md", "---\ntags: [haskell]\n---\nAlso #HASKELL and #lang/haskell inline.\n"},
  };
  for (const auto& [path, text] : notes) dir.write(std::string("vault/") + path, text);
  const fs::path vault = dir.path() / "vault", site = dir.path() / "site";
  RunResult r = build_site(dir.path(), vault, site);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);

  // One page per tag: haskell and lang/haskell.
  std::vector<std::string> tag_pages;
  for (const auto& e : fs::directory_iterator(site / "tags")) tag_pages.push_back(e.path().filename().string());
  std::sort(tag_pages.begin(), tag_pages.end());
  REQUIRE(tag_pages.size() == 2);
  CHECK(tag_pages.front() == "haskell.html");
  // Every tag link of every note's page goes to one of them, whatever the spelling it shows.
  for (const char* page : {"a.html", "b.html", "c.html", "d.html"}) {
    INFO(page);
    std::vector<std::string> hrefs = tag_hrefs(read_file(site / page));
    CHECK(std::count(hrefs.begin(), hrefs.end(), "tags/haskell.html") >= 1);
    for (const std::string& href : hrefs) CHECK((href == "tags/haskell.html" || href == "tags/" + tag_pages.back()));
  }
  CHECK(read_file(site / "a.html").find(">#Haskell</a>") != std::string::npos);  // an inline tag reads as written
  // Listed once, in the spelling two notes write (b and d) over the first path's (a: Haskell).
  const std::string tags = read_file(site / "tags.html");
  CHECK(tags.find(">haskell <span class=\"count\">4</span>") != std::string::npos);
  CHECK(tags.find(">Haskell <") == std::string::npos);
  CHECK(tags.find(">HASKELL <") == std::string::npos);
  CHECK(tags.find(">Lang/Haskell <span class=\"count\">2</span>") != std::string::npos);  // a tie: b.md's spelling
  const std::string page = read_file(site / "tags" / "haskell.html");
  CHECK(page.find("<h1>haskell <span class=\"count\">4</span>") != std::string::npos);

  // No two files of the site differ in case only.
  std::set<std::string> folded;
  for (const auto& e : fs::recursive_directory_iterator(site))
    if (e.is_regular_file()) CHECK(folded.insert(lower(e.path().lexically_relative(site).generic_string())).second);

  // The index answers in any case, #tag as well; completion offers each tag once.
  const std::string query = "cd " + shell_arg(dir.path()) + " && " + shell_arg(anthology_binary()) + " --corpus " + shell_arg(vault) +
                            " --index " + shell_arg(dir.path() / "index.db") + " ";
  for (const char* tag : {"haskell", "Haskell", "HASKELL", "'#hAsKeLl'"}) {
    RunResult q = run(query + "query --format ids --sort id --tag " + tag);
    INFO(tag << ": " << q.err);
    CHECK(q.out == "a\nb\nc\nd\n");
  }
  CHECK(run(query + "query --format ids --sort id --tag LANG/haskell").out == "b\nd\n");
  CHECK(run(query + "query --format csv --sql 'SELECT node, tag, key FROM tags ORDER BY node, rowid'").out ==
        "node,tag,key\na,Haskell,haskell\nb,haskell,haskell\nb,Lang/Haskell,lang/haskell\nc,HASKELL,haskell\nd,haskell,haskell\n"
        "d,lang/haskell,lang/haskell\n");
  CHECK(run(query + "completion tags").out == "haskell\nLang/Haskell\n");
}
