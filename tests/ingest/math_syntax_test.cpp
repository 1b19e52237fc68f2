// Math in a body (ingest/math_syntax.h): Pandoc's and Obsidian's rule for `$`, display `$$`, no
// emphasis inside, TeX readable without script, and prices that stay text.
#include <catch2/catch.hpp>

#include "core/model/rendered_body.h"
#include "ingest/body_html.h"

using namespace anth::ingest;  // the stage under test

namespace {

// The HTML without the runs where the site may link glossary terms (their markers, rendered_body.h).
std::string without_term_markers(const std::string& html) {
  std::string out;
  for (std::size_t i = 0; i < html.size(); ++i) {
    if (html[i] == '<' && i + 1 < html.size() && (html[i + 1] == anth::body_terms_open || html[i + 1] == anth::body_terms_close)) {
      i = html.find('>', i);
      continue;
    }
    out += html[i];
  }
  return out;
}
std::string html_of(std::string_view body) { return without_term_markers(parse_body(body, false).rendered.html); }
bool has(const std::string& html, std::string_view part) { return html.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("math: $...$ is inline math whose _ and * are no emphasis", "[ingest][markdown][math]") {
  CHECK(has(html_of("so $a_i * b_i = c_i$ here\n"), "so <span class=\"math inline\">\\(a_i * b_i = c_i\\)</span> here"));
  CHECK(has(html_of("$x<y$ & more\n"), "<span class=\"math inline\">\\(x&lt;y\\)</span> &amp; more"));
  CHECK(has(html_of("| m |\n| - |\n| $x^2$ |\n"), "<td><span class=\"math inline\">\\(x^2\\)</span></td>"));
}

TEST_CASE("math: $$...$$ is display math, over lines of a paragraph", "[ingest][markdown][math]") {
  CHECK(has(html_of("$$\n\\sum_i x_i^2\n$$\n"), "<span class=\"math display\">\\[\n\\sum_i x_i^2\n\\]</span>"));
  CHECK(has(html_of("a $$E=mc^2$$ b\n"), "a <span class=\"math display\">\\[E=mc^2\\]</span> b"));
}

TEST_CASE("math: prices, spaced dollars, escapes, code and unclosed $$ are text", "[ingest][markdown][math]") {
  CHECK(has(html_of("It costs $5 and $6.\n"), "<p>It costs $5 and $6.</p>"));
  CHECK(has(html_of("between $5 and $10\n"), "<p>between $5 and $10</p>"));
  CHECK(has(html_of("$ spaced $\n"), "<p>$ spaced $</p>"));
  CHECK(has(html_of("\\$x\\$\n"), "<p>$x$</p>"));
  CHECK(has(html_of("`$x$`\n"), "<code>$x$</code>"));
  CHECK(has(html_of("open $$ *em* never closed\n"), "open $$ <em>em</em> never closed"));
  CHECK_FALSE(has(html_of("a $ b\n"), "math"));
}

TEST_CASE("math: the reader's text holds the TeX, without the HTML", "[ingest][markdown][math]") {
  CHECK(parse_body("Energy $E=mc^2$.", false).rendered.plain == "Energy E=mc^2.");
}
