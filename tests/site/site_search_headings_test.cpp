// The headings a link preview reads from the search index (render/site/search_headings.h): found as
// whole lines of the text, in order; each heading's section as an offset and length in UTF-16 units
// into the kept snippet text, or as its own text when it lies past it.
#include <catch2/catch.hpp>

#include <string>

#include "render/site/search_headings.h"
#include "render/site/search_index.h"

using namespace anth::render::site;

TEST_CASE("site: headings are found as whole lines of the text, in order", "[site][search]") {
  const std::string html =
      "<p>Intro</p>\n<h2 id=\"a-b\">A &amp; B</h2>\n<p>x</p>\n<h3 id=\"gone\">Not in the text</h3>\n"
      "<h2 id=\"intro\">Intro</h2>\n<h1 id=\"end\"><code>end</code></h1>\n";
  const std::string plain = "Intro\nA & B\nx mentions A & B\nIntro\nend";
  auto hs = locate_headings(html, plain);
  REQUIRE(hs.size() == 3);
  CHECK(hs[0].id == "a-b");
  CHECK(hs[0].at == plain.find("A & B"));
  CHECK(hs[1].id == "intro");
  CHECK(hs[1].at == plain.rfind("Intro"));  // after "A & B": not the opening line of the same text
  CHECK(hs[2].id == "end");
  CHECK(hs[2].at == plain.rfind("end"));
}

TEST_CASE("site: a heading's section is an offset into the kept text, or its own text past it", "[site][search]") {
  // "é" is two bytes and one UTF-16 unit; "𝛔" four bytes and two units.
  const std::string text = "é𝛔 intro\nFirst\nbody one\nSecond\nThird\nbody three\nFar\nfar body";
  std::vector<SearchHeading> hs = {{"first", text.find("First")},
                                   {"second", text.find("Second")},
                                   {"third", text.find("Third")},
                                   {"far", text.find("Far")}};
  std::string out;
  append_headings_js(out, text, text.find("Far") + 2, hs);
  // "é𝛔 intro\n" is 10 units; First's section ends where Second starts; Second has only a heading
  // before Third, so its section runs to Third's end; Far's runs past the kept text.
  CHECK(out == "[[\"first\",10,15],[\"second\",25,24],[\"third\",32,17],[\"far\",\"Far\\nfar body\"]]");
}

TEST_CASE("site: the snippet file carries the headings of the documents that have any", "[site][search]") {
  SearchDoc with{"N-1", "One", "", "NOTE", "N-1.html", "Top\nPart\nthe part", {{"part", 4}}};
  SearchDoc without{"N-2", "Two", "", "NOTE", "N-2.html", "no headings", {}};
  std::string d0;
  for (SiteFile& f : search_files({without, with}))
    if (f.path == "search/d-0.js") d0 = f.bytes;
  CHECK(d0.find("(window.ANTH_SEARCH_HEADS=window.ANTH_SEARCH_HEADS||{})[\"0\"]={\"1\":[[\"part\",4,13]]};") != std::string::npos);
}
