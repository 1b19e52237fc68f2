// The site of the bundled corpus (data/): a page for every node, and every link and resource of
// every page resolving to a file of the site (or an anchor on the page it names).
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "core/graph/graph.h"
#include "ingest/load_corpus.h"
#include "render/site/html.h"
#include "tests/site/site_test_support.h"

using namespace anth::ingest;  // the stage under test

using namespace anth::test;
using namespace anth::test::site;

namespace {

bool external(const std::string& url) {
  for (const char* scheme : {"https://", "http://", "mailto:"})
    if (url.rfind(scheme, 0) == 0) return true;
  return false;
}

std::set<std::string> ids_of(const std::string& html) {
  std::set<std::string> ids;
  for (const Tag& t : html_tags(html))
    if (const std::string* id = t.attribute("id")) ids.insert(*id);
  return ids;
}

}  // namespace

TEST_CASE("site: the site of data/ has a page for every node and no broken link", "[site][data]") {
  fs::path data = source_dir() / "data";
  if (!fs::exists(data)) {
    WARN("no data/ folder: skipped");
    return;
  }
  TempDir dir;
  RunResult r = build_site(dir.path(), data, dir.path() / "site");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);

  auto loaded = anth::ingest::load_corpus({data, anth::ingest::default_max_note_bytes, 0}, nullptr);
  REQUIRE(loaded.has_value());
  anth::graph::Graph graph(loaded->corpus);
  REQUIRE(graph.vertex_count() > 0);
  auto site = snapshot(dir.path() / "site");
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
    INFO(graph.note(v).id);
    CHECK(site.count(anth::render::site::node_file(graph.note(v).id)));
  }
  for (const char* page : {"index.html", "practices.html", "papers.html", "readings.html", "theories.html", "glossary.html",
                           "tags.html", "graph.html", "provenance.html", "kernels.html", "search.html", "style.css",
                           "site.js", "search.js", "search/meta.js"})
    CHECK(site.count(page));

  std::map<std::string, std::set<std::string>> anchors;
  for (const std::string& page : pages_of(site)) anchors[page] = ids_of(site.at(page));
  std::size_t links = 0;
  for (const std::string& page : pages_of(site)) {
    fs::path base = fs::path(page).parent_path();
    for (const Tag& tag : html_tags(site.at(page))) {
      for (const char* attr : {"href", "src", "action"}) {
        const std::string* value = tag.attribute(attr);
        if (!value || external(*value)) continue;
        std::string url = *value, fragment;
        if (auto q = url.find('?'); q != std::string::npos) url.resize(q);
        if (auto h = url.find('#'); h != std::string::npos) {
          fragment = url.substr(h + 1);
          url.resize(h);
        }
        if (url.empty() && fragment.rfind("url(", 0) == 0) continue;
        std::string target = url.empty() ? page : (base / url).lexically_normal().generic_string();
        INFO(page << ": " << attr << "=\"" << *value << "\"");
        CHECK(target.rfind("..", 0) != 0);
        CHECK(site.count(target));
        if (!fragment.empty() && anchors.count(target)) CHECK(anchors[target].count(fragment));
        ++links;
      }
    }
  }
  CHECK(links > 1000);
}
