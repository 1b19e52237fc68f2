// The graph drawings of the site of data/ measured in headless Chromium by tests/site/site_graph_checks.py,
// at 1280 and 390 px: labels at 11 CSS px or more with no two overlapping on dense node pages, a graph
// as one tab stop with arrow keys inside and Enter following, 24 px touch targets, node links named by
// where they go; edges styled by relation kind at 3:1 in both themes with a legend of the kinds drawn,
// one line an entry; graph.html zooming by button, wheel and key, filtering by kind, readable on a phone
// once zoomed and without script, its nodes also listed as 24 px targets (the equivalent of the
// drawing's, too crowded on a phone). Screenshots are left in the test's folder (copied to
// ANTHOLOGY_KEEP_SHOTS when that names a folder). Skipped without /usr/bin/chromium.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "render/site/edge_kinds.h"
#include "tests/site/site_test_support.h"

using namespace anth::test;
using namespace anth::test::site;

TEST_CASE("site: graph drawings are readable, one tab stop and zoomable", "[site][browser][graph]") {
  const fs::path chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) {
    WARN("no " << chromium.string() << ": skipped");
    return;
  }
  TempDir dir;
  const fs::path site = dir.path() / "site";
  RunResult built = build_site(dir.path(), source_dir() / "data", site);  // --no-kernels: the graphs need none
  INFO(built.err);
  REQUIRE(built.status == 0);
  const fs::path shots = dir.path() / "shots";
  RunResult r = run("timeout 300 python3 " + shell_arg(source_dir() / "tests/site/site_graph_checks.py") + " " +
                    shell_arg(chromium) + " " + shell_arg(site) + " " + shell_arg(shots));
  INFO(r.out << r.err);
  for (const char* width : {"1280", "390"}) {
    for (const char* page : {"LIT-008", "LIT-523", "SOTA-192", "NOTE-011", "THEORY-061"})
      for (const char* what : {"labels at 11 px or more", "no two labels overlap", "labels most nodes", "the graph is one tab stop",
                               "touch targets of 24 px or more", "every node link names where it goes",
                               "arrow keys move focus between nodes", "Tab leaves the graph", "nothing covers the drawing"})
        CHECK(r.out.find(std::string("ok ") + width + " " + page + " " + what + "\n") != std::string::npos);
    for (const char* what : {"tools are shown", "+ button zooms", "the wheel zooms", "the + key zooms",
                             "the filter hides a kind and its edges", "every node is a 24 px target in the list"})
      CHECK(r.out.find(std::string("ok ") + width + " graph.html " + what + "\n") != std::string::npos);
    // Edges typed by relation kind, opaque at 3:1, with a legend of the kinds drawn, one line an entry.
    for (const char* where : {"LIT-008", "LIT-523", "SOTA-192", "NOTE-011", "THEORY-061", "graph.html", "dark SOTA-192",
                              "dark graph.html"})
      for (const char* what : {"edges styled by relation kind", "edges at 3:1 or more", "the legend lists the kinds drawn",
                               "each legend entry on one line"}) {
        std::string name = std::string(where).starts_with("dark") ? std::string("dark ") + width + std::string(where).substr(4)
                                                                   : std::string(width) + " " + where;
        CHECK(r.out.find("ok " + name + " " + what + "\n") != std::string::npos);
      }
  }
  CHECK(r.out.find("ok 1280 graph.html no two labels overlap\n") != std::string::npos);
  CHECK(r.out.find("ok 390 graph.html labels readable once zoomed in\n") != std::string::npos);
  CHECK(r.out.find("ok Enter follows the focused node\n") != std::string::npos);
  CHECK(r.out.find("ok graph.html without script is readable at 1280\n") != std::string::npos);
  CHECK(r.out.find("ok no script error on the graphs' pages\n") != std::string::npos);
  CHECK(r.out.find("FAIL") == std::string::npos);
  for (const char* shot : {"LIT-008-graph-1280.png", "LIT-008-graph-390.png", "graph-1280.png", "graph-390.png",
                           "SOTA-192-graph-1280-dark.png", "SOTA-192-graph-390-dark.png", "graph-1280-dark.png", "graph-390-dark.png"})
    CHECK(fs::exists(shots / shot));
  if (const char* keep = std::getenv("ANTHOLOGY_KEEP_SHOTS")) {
    std::error_code ec;
    fs::copy(shots, keep, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  }
}

TEST_CASE("site: each relation kind has its class and the legend lists only the kinds drawn", "[site][graph]") {
  using namespace anth::render::site;
  CHECK(edge_class(edge_kind("introduced_by")) == "e-introduced-by");
  CHECK(edge_class(edge_kind("mentions")) == "e-mentions");
  CHECK(edge_kind("no such relation") == edge_kind_other());
  CHECK(edge_class(edge_kind_other()) == "e-other");
  CHECK(edge_legend_html(0).empty());
  std::uint32_t drawn = (1u << edge_kind("mentions")) | (1u << edge_kind("cites"));
  CHECK(edge_legend_html(drawn) ==
        "<li><span class=\"edge-key e-cites\"></span>cites</li><li><span class=\"edge-key e-mentions\"></span>mentions</li>");
}
