// The site of data/ in a real browser: headless Chromium loads pages from file:// with no network,
// and the test reads the DOM it ends with (properties, backlinks, graph, glossary tooltips, search
// results filled in by the page's own script) and the screenshots it takes. Skipped when
// /usr/bin/chromium is missing.
#include <catch2/catch.hpp>

#include <iterator>
#include <regex>

#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

namespace {

const fs::path chromium = "/usr/bin/chromium";

std::string browser(const TempDir& dir, const std::string& args) {
  fs::path profile = dir.path() / ("profile-" + std::to_string(std::rand()));
  fs::create_directories(profile);
  std::string command = "timeout 90 " + shell_arg(chromium) +
                        " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
                        " --disable-component-update --disable-sync --disable-extensions --mute-audio --hide-scrollbars"
                        " --user-data-dir=" + shell_arg(profile) + " " + args;
  RunResult r = run(command);
  return r.out;
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

struct DataSite {
  TempDir dir;
  fs::path site;
  bool ready = false;
  std::string why;  // what `anthology build` printed when it failed (under ASan: a sanitizer report)
  DataSite() {
    fs::path data = source_dir() / "data";
    site = dir.path() / "site";
    RunResult r = build_site(dir.path(), data, site);
    ready = fs::exists(data) && r.status == 0;
    why = "anthology build exited " + std::to_string(r.status) + ": " + r.err;
  }
  std::string url(const std::string& page) const { return "file://" + (site / page).string(); }
};

}  // namespace

TEST_CASE("site: Chromium shows a node page with properties, backlinks, graph and glossary", "[site][browser]") {
  if (!fs::exists(chromium)) {
    WARN("no " << chromium.string() << ": skipped");
    return;
  }
  DataSite s;
  INFO(s.why);
  REQUIRE(s.ready);
  std::string page = fs::exists(s.site / "LIT-523.html") ? "LIT-523.html" : "LIT-008.html";
  std::string dom = browser(s.dir, "--virtual-time-budget=3000 --dump-dom " + shell_arg(s.url(page)));
  INFO(page);
  REQUIRE(dom.find("</html>") != std::string::npos);
  CHECK(dom.find("<h2 id=\"properties_h\">Properties <span class=\"count\">") != std::string::npos);
  CHECK(dom.find("Cited as \u201c") != std::string::npos);
  CHECK(dom.find("<h2 id=\"backlinks_h\">Backlinks") != std::string::npos);
  CHECK(count(dom, "<p class=\"excerpt\">") >= 1);
  CHECK(count(dom, "<circle") >= 3);
  CHECK(count(dom, "<a href=\"") > 20);
  CHECK(dom.find("min read") != std::string::npos);
  CHECK(dom.find("ARXIV-") != std::string::npos);
  // Glossary terms: the page holds the links only; site.js gives each its tooltip element, filled with
  // the definition from the glossary's shared scripts (glossary/g-<n>.js, loaded from file://). Once:
  // no title.
  std::string html = read_file(s.site / page);
  CHECK(html.find("class=\"term\"") != std::string::npos);
  CHECK(html.find("class=\"tip\"") == std::string::npos);
  CHECK(html.find(", n.: ") == std::string::npos);
  std::regex term(R"re(<span class="gloss"><a class="term" href="[^"]+" aria-describedby="(tip_\d+)">)re");
  std::smatch m;
  REQUIRE(std::regex_search(dom, m, term));
  std::regex tip("<span class=\"tip\" role=\"tooltip\" id=\"" + m[1].str() + "\">[^<]+, n\\.: [^<]+</span>");
  CHECK(std::regex_search(dom, tip));
  // Every term of the page has its definition (each from the shard its page's name hashes to).
  std::regex filled(R"re(<a class="term" href="[^"]+" aria-describedby="(tip_\d+)">[^<]*</a><span class="tip" role="tooltip" id="\1">[^<]+, n\.: [^<]+</span>)re");
  auto filled_count = static_cast<std::size_t>(std::distance(std::sregex_iterator(dom.begin(), dom.end(), filled), std::sregex_iterator()));
  CHECK(count(dom, "<a class=\"term\"") >= 2);
  CHECK(filled_count == count(dom, "<a class=\"term\""));
  CHECK_FALSE(std::regex_search(dom, std::regex(R"re(class="term" href="[^"]+" title=)re")));

  // The stylesheet applied: headless Chromium computed the layout (a screenshot of a styled page).
  fs::path shot = s.dir.path() / "page.png";
  browser(s.dir, "--window-size=1280,1400 --screenshot=" + shell_arg(shot) + " " + shell_arg(s.url(page)));
  std::string png = read_file(shot);
  CHECK(png.size() > 20000);
  CHECK(png_height(png) > 600);
  fs::path phone = s.dir.path() / "phone.png";
  browser(s.dir, "--window-size=390,844 --screenshot=" + shell_arg(phone) + " " + shell_arg(s.url(page)));
  CHECK(png_height(read_file(phone)) > 600);
}

TEST_CASE("site: Chromium runs the search page from file:// and fills in results", "[site][browser]") {
  if (!fs::exists(chromium)) {
    WARN("no " << chromium.string() << ": skipped");
    return;
  }
  DataSite s;
  INFO(s.why);
  REQUIRE(s.ready);
  std::string dom = browser(s.dir, "--virtual-time-budget=5000 --dump-dom " + shell_arg(s.url("search.html") + "?q=entropy"));
  REQUIRE(dom.find("</html>") != std::string::npos);
  CHECK(dom.find("notes match \u201centropy\u201d") != std::string::npos);
  CHECK(count(dom, "<li class=\"hit ") >= 3);
  CHECK(count(dom, "<mark>") >= 3);
  CHECK(dom.find("<a class=\"hit-title\" href=\"") != std::string::npos);

  // A prefix of the last word matches too; a word that is nowhere matches nothing.
  std::string prefix = browser(s.dir, "--virtual-time-budget=5000 --dump-dom " + shell_arg(s.url("search.html") + "?q=entro"));
  CHECK(count(prefix, "<li class=\"hit ") >= 3);
  std::string none = browser(s.dir, "--virtual-time-budget=5000 --dump-dom " + shell_arg(s.url("search.html") + "?q=zzqxv"));
  CHECK(none.find("No notes match") != std::string::npos);
}

TEST_CASE("site: Chromium draws the whole graph and the home page", "[site][browser]") {
  if (!fs::exists(chromium)) {
    WARN("no " << chromium.string() << ": skipped");
    return;
  }
  DataSite s;
  INFO(s.why);
  REQUIRE(s.ready);
  std::string graph = browser(s.dir, "--dump-dom " + shell_arg(s.url("graph.html")));
  CHECK(count(graph, "<circle") >= 10);
  CHECK(count(graph, "<path class=\"f-") >= 10);  // edges, marked with the kinds of their ends
  fs::path shot = s.dir.path() / "graph.png";
  browser(s.dir, "--window-size=1280,1000 --screenshot=" + shell_arg(shot) + " " + shell_arg(s.url("graph.html")));
  CHECK(png_height(read_file(shot)) > 600);

  std::string home = browser(s.dir, "--dump-dom " + shell_arg(s.url("index.html")));
  CHECK(home.find("What the anthology holds") != std::string::npos);
  CHECK(home.find("href=\"practices.html\"") != std::string::npos);
}
