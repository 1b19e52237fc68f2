// The layout parts of a node's page made in C++: the table of contents read from the body's headings
// (render/site/toc.h) and the breadcrumbs and contents on the site fixture's pages; and the palette,
// each colour written once as a light-dark() pair.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <regex>

#include "core/util/embedded_assets.h"
#include "render/site/toc.h"
#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

TEST_CASE("site layout: the table of contents lists the body's headings with ids", "[site][layout]") {
  auto entries = anth::render::site::toc_entries(
      "<p>x</p><h2 id=\"one\">One <a href=\"LIT-1.html\">LIT-1</a></h2><h3 id=\"two\">Two &amp; more</h3>"
      "<h2>no id</h2><h5 id=\"deep\">too deep</h5><h4 id=\"four\">Four</h4><h2 id=\"x\">unclosed");
  REQUIRE(entries.size() == 3);
  CHECK(entries[0].level == 2);
  CHECK(entries[0].id == "one");
  CHECK(entries[0].text == "One LIT-1");
  CHECK(entries[1].level == 3);
  CHECK(entries[1].text == "Two &amp; more");
  CHECK(entries[2].id == "four");
  CHECK(anth::render::site::toc_entries("<h2 id=\"a\">A</h2>").size() == 1);
  CHECK(anth::render::site::toc_entries("").empty());
}

TEST_CASE("site layout: contents for two or more headings, breadcrumbs with kind and folder, less a folder named after the kind", "[site][layout]") {
  TempDir dir;
  fs::copy(source_dir() / "tests/fixtures/site/corpus", dir.path() / "corpus", fs::copy_options::recursive);
  fs::create_directories(dir.path() / "corpus/lit/older");
  fs::rename(dir.path() / "corpus/lit/LIT-003.md", dir.path() / "corpus/lit/older/LIT-003.md");
  RunResult built = build_site(dir.path(), dir.path() / "corpus", dir.path() / "site");
  INFO(built.err);
  REQUIRE(built.status == 0);
  const std::string two = read_file(dir.path() / "site/LIT-001.html");  // two headings
  CHECK(two.find("<nav class=\"toc\"") != std::string::npos);
  CHECK(two.find("<li class=\"toc-2\"><a href=\"#key-takeaways\">Key takeaways</a></li>") != std::string::npos);
  CHECK(two.find("id=\"key-takeaways\"") != std::string::npos);
  CHECK(read_file(dir.path() / "site/NOTE-001.html").find("<nav class=\"toc\"") == std::string::npos);  // one heading
  // lit/ is where papers are: "Papers", not "Papers › lit".
  CHECK(two.find("<li><a href=\"papers.html\">Papers</a></li><li><span class=\"node-id\" "
                 "aria-current=\"page\">LIT-001</span>") != std::string::npos);
  const std::string deep = read_file(dir.path() / "site/LIT-003.html");
  CHECK(deep.find("<li><a href=\"papers.html\">Papers</a></li><li class=\"folder\">older</li><li>") != std::string::npos);
}

namespace {

void replace_text(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = read_file(file);
  REQUIRE(text.find(from) != std::string::npos);
  text.replace(text.find(from), from.size(), to);
  std::ofstream(file, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("site layout: dates from the frontmatter, else the last commit of a corpus that is a repository", "[site][layout][dates]") {
  TempDir dir;
  const fs::path corpus = dir.path() / "corpus";
  fs::copy(source_dir() / "tests/fixtures/site/corpus", corpus, fs::copy_options::recursive);
  replace_text(corpus / "lit/LIT-001.md", "version: 2", "version: 2\ncreated: 2023-05-01");
  replace_text(corpus / "lit/LIT-002.md", "---\n", "---\nupdated: 2025-06-07\n");
  const std::string when = "2024-03-04T10:00:00+00:00";
  RunResult git = run("cd " + shell_arg(corpus) + " && git init -q && git add -A && GIT_AUTHOR_DATE=" + when +
                      " GIT_COMMITTER_DATE=" + when + " git -c user.name=t -c user.email=t@t commit -q -m notes");
  INFO(git.out << git.err);
  REQUIRE(git.status == 0);
  RunResult built = build_site(dir.path(), corpus, dir.path() / "site");
  INFO(built.err);
  REQUIRE(built.status == 0);
  const std::string lit1 = read_file(dir.path() / "site/LIT-001.html");
  CHECK(lit1.find("Created <time datetime=\"2023-05-01\">2023-05-01</time>") != std::string::npos);
  CHECK(lit1.find("Last commit <time datetime=\"2024-03-04\">2024-03-04</time>") != std::string::npos);
  const std::string lit2 = read_file(dir.path() / "site/LIT-002.html");
  CHECK(lit2.find("Updated <time datetime=\"2025-06-07\">") != std::string::npos);
  CHECK(lit2.find("Last commit") == std::string::npos);
  CHECK(read_file(dir.path() / "site/NOTE-001.html").find("Last commit <time datetime=\"2024-03-04\">") != std::string::npos);

  // The same files, committed again on another day: the next build is not skipped and shows it.
  const std::string later = "2024-04-05T10:00:00+00:00";
  REQUIRE(run("cd " + shell_arg(corpus) + " && GIT_COMMITTER_DATE=" + later +
              " git -c user.name=t -c user.email=t@t commit -q --amend --no-edit").status == 0);
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "site").status == 0);
  CHECK(read_file(dir.path() / "site/NOTE-001.html").find("Last commit <time datetime=\"2024-04-05\">") != std::string::npos);

  // The same notes outside a repository: the frontmatter's dates only.
  fs::remove_all(corpus / ".git");
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "site").status == 0);
  CHECK(read_file(dir.path() / "site/NOTE-001.html").find("<time") == std::string::npos);
  CHECK(read_file(dir.path() / "site/LIT-001.html").find("Created <time") != std::string::npos);
}

TEST_CASE("site layout: each colour of the palette is written once, its dark twin beside it", "[site][layout]") {
  // The reader's theme only fixes color-scheme (layout.css), so there is no second dark palette to keep
  // equal to the first: a custom property set twice, or a colour rule under prefers-color-scheme, is one.
  std::map<std::string, int> written;
  static const std::regex property(R"((--[a-z-]+):\s*([^;]+);)");
  for (const char* sheet : {"render/assets/site/static/style.css", "render/assets/site/static/layout.css",
                            "render/assets/site/static/graph.css"}) {
    std::string css(*anth::util::embedded_asset(sheet));
    INFO(sheet);
    CHECK(css.find("prefers-color-scheme") == std::string::npos);
    std::size_t root = css.find(":root {");
    if (root == std::string::npos) continue;
    std::string block = css.substr(root, css.find('}', root) - root);
    for (std::sregex_iterator i(block.begin(), block.end(), property), end; i != end; ++i) ++written[(*i)[1]];
  }
  for (const auto& [name, count] : written) {
    INFO(name);
    CHECK(count == 1);
  }
  CHECK(written.count("--bg"));
  CHECK(written.count("--e-prov"));
  std::string_view style = *anth::util::embedded_asset("render/assets/site/static/style.css");
  CHECK(style.find("--bg: light-dark(#fbfaf7, #15161a)") != std::string_view::npos);
}
