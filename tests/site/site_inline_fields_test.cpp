// Dataview's line fields (`key:: value`) are data: the body shows each as a small property line, not
// as a raw paragraph (ingest/inline_fields_html.h).
#include <catch2/catch.hpp>

#include "tests/site/body_render_support.h"

using namespace anth;
using anth::test::site::RenderedForTest;
using anth::test::site::render_for_test;

namespace {

RenderedForTest render_body(const std::string& body) {
  Corpus others;
  Note lit;
  lit.id = "LIT-105";
  lit.path = "lit/LIT-105.md";
  lit.kind = Kind::Lit;
  lit.title = "Small-scale proxies";
  others.notes.push_back(lit);
  Note n;
  n.id = "SOTA-1";
  n.path = "sota/SOTA-1.md";
  n.kind = Kind::Sota;
  n.body = body;
  return render_for_test(n, others);
}

}  // namespace

TEST_CASE("site: a line field is a property line with its key and its value rendered", "[site][inline-fields]") {
  RenderedForTest b = render_body("Prose first.\n\nsource:: [[LIT-105]]\n");
  CHECK(b.html.find("source::") == std::string::npos);
  CHECK(b.html.find("<span class=\"inline-field\"><span class=\"field-key\">source:</span> <a class=\"wikilink kind-lit\" "
                    "href=\"LIT-105.html\"") != std::string::npos);
  CHECK(b.html.find("LIT-105</a></span>") != std::string::npos);
  CHECK(b.html.find("<p>Prose first.</p>") != std::string::npos);
  REQUIRE(b.links.size() == 1);
  CHECK(b.links[0].target == "LIT-105");
}

TEST_CASE("site: each field line of a paragraph is marked, prose and code are left alone", "[site][inline-fields]") {
  RenderedForTest b = render_body("status-note:: <draft> & more\nrating:: 3\nnot a field:: here\n\n`key:: code`\n\n"
                             "```\nkey:: fenced\n```\n\nText then key:: value\n");
  CHECK(b.html.find("<span class=\"field-key\">status-note:</span> &lt;draft&gt; &amp; more</span>") != std::string::npos);
  CHECK(b.html.find("<span class=\"field-key\">rating:</span> 3</span>") != std::string::npos);
  CHECK(b.html.find("not a field:: here") != std::string::npos);  // a key has no spaces
  CHECK(b.html.find("<code>key:: code</code>") != std::string::npos);
  CHECK(b.html.find("key:: fenced") != std::string::npos);
  CHECK(b.html.find("Text then key:: value") != std::string::npos);  // only at the start of a line
  CHECK(std::count(b.html.begin(), b.html.end(), '\n') > 0);
}
