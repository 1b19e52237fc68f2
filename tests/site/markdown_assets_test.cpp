// body_features (render/site/markdown_assets.h): which of markdown.css and KaTeX a body's HTML needs,
// from ingest's own markup wherever it falls in the body, first byte to last.
#include <catch2/catch.hpp>

#include <string>

#include "render/site/markdown_assets.h"

using namespace anth::render::site;

TEST_CASE("body_features: each of ingest's marks, at the start, in the middle and at the end", "[site][markdown]") {
  struct Mark {
    std::string html;
    std::uint8_t features;
  };
  const Mark marks[] = {
      {"<span class=\"math inline\">x</span>", uses_math | uses_markdown_css},
      {"<div class=\"callout callout-blue\" data-callout=\"note\">", uses_markdown_css},
      {"<details class=\"callout callout-red\">", uses_markdown_css},
      {"<mark>hi</mark>", uses_markdown_css},
      {"<\x07tag>", uses_markdown_css},
      {"<\x01" "3 e>", uses_markdown_css},
      {"<\x01" "3 te>", uses_markdown_css},
  };
  for (const Mark& m : marks)
    for (const std::string& around : {std::string(), std::string("<p>a b &quot;c&quot; d</p>\n")}) {
      INFO(m.html);
      CHECK(body_features(around + m.html) == m.features);
      CHECK(body_features(m.html + around) == m.features);
      CHECK(body_features(around + m.html + around) == m.features);
    }
  // Look-alikes that are not the marks.
  for (const char* plain : {"<p>class=&quot;callout x&quot;</p>", "<span class=\"mathx\">", "<marker>", "<\x01" "3>x<\x02>",
                            "<\x01" "3 t>x<\x02>", "<p>e&gt; te&gt;</p>", "", "<", ">", "\""})
    CHECK(body_features(plain) == 0);
}
