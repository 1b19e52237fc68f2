// Bodies between ingest and their pages: what reads as a marker in the HTML ingest makes
// (core/model/rendered_body.h) can only be one ingest put there, the BodyStore gives back what it was
// given, and a build with no temporary folder renders the same site.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <random>

#include "core/model/corpus.h"
#include "render/site/body_store.h"
#include "render/site/glossary.h"
#include "render/site/html.h"
#include "tests/site/body_render_support.h"
#include "tests/site/site_test_support.h"

using namespace anth;
using namespace anth::render::site;
using namespace anth::test;
using namespace anth::test::site;

namespace {

Note note(std::string id, std::string title, std::string body, std::optional<Kind> kind = Kind::Note) {
  Note n;
  n.id = std::move(id);
  n.path = n.id + ".md";
  n.kind = kind;
  n.title = std::move(title);
  n.short_definition = "what <it> & \"is\"";
  n.body = std::move(body);
  return n;
}

}  // namespace

TEST_CASE("site: marker bytes written in a note stay what the note wrote", "[site]") {
  Corpus c;
  c.notes.push_back(note("attention", "attention", "", Kind::Term));
  c.notes.push_back(note("LIT-1", "A <paper>", "", Kind::Lit));
  c.index_ids();
  Glossary g(c);
  // As text: cmark escapes the '<', so nothing of it reads as a marker.
  std::string text = "Control bytes \x01 and \x02, <\x01" "0> and <\x04s>attention<\x05> <\x03" "0>[[LIT-1]].\n";
  RenderedForTest b = render_for_test(note("NOTE-1", "A note", text), c, &g);
  CHECK(b.html == "<p>Control bytes \x01 and \x02, &lt;\x01" "0&gt; and &lt;\x04s&gt;"
                  "<a class=\"term\" href=\"attention.html\">attention</a>&lt;\x05&gt; &lt;\x03" "0&gt;"
                  "<a class=\"wikilink kind-lit\" href=\"LIT-1.html\" title=\"LIT-1 \u2014 A &lt;paper&gt;\">LIT-1</a>.</p>\n");
  // As raw HTML, where allowed: its marker bytes are replaced, so it cannot forge a link or a term.
  std::string forged = "<span title=\"<\x04s>\">qk</span> <b title=\"<\x01" "0>\">x</b>\n\n[[LIT-1]]\n";
  RenderedForTest raw = render_for_test(note("NOTE-2", "Raw", forged), c, &g, true);
  CHECK(raw.html.find("<span title=\"<\uFFFDs>\">qk</span> <b title=\"<\uFFFD" "0>\">x</b>") != std::string::npos);
  CHECK(raw.html.find("\x01") == std::string::npos);
  CHECK(raw.html.find("\x04") == std::string::npos);
}

TEST_CASE("site: the body store gives back each body it kept", "[site]") {
  BodyStore store(5);
  std::string big(1 << 20, 'x');
  big[12345] = '\0';
  CHECK(store.put(0, "<p>first</p>"));
  CHECK(store.put(3, big));
  CHECK(store.put(1, ""));
  CHECK(store.get(0) == std::optional<std::string>("<p>first</p>"));
  CHECK(store.get(3) == std::optional<std::string>(big));
  CHECK(store.get(1) == std::optional<std::string>(""));
  CHECK_FALSE(store.get(2).has_value());  // never kept
  CHECK_FALSE(store.get(7).has_value());  // no such vertex
  CHECK_FALSE(store.put(9, "x"));
}

TEST_CASE("site: without a temporary folder every page renders its body again, the same", "[site]") {
  TempDir dir;
  fs::path corpus = copy_fixture(dir);
  REQUIRE(build_site(dir.path(), corpus, dir.path() / "kept").status == 0);
  RunResult r = build_site(dir.path(), corpus, dir.path() / "again", "", "TMPDIR=" + (dir.path() / "no-such-folder").string());
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(snapshot(dir.path() / "kept") == snapshot(dir.path() / "again"));
}

TEST_CASE("site: escaping finds every special byte wherever it falls", "[site]") {
  auto plain = [](std::string_view s) {
    std::string out;
    for (char c : s) {
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
      }
    }
    return out;
  };
  std::mt19937 random(7);
  const std::string alphabet = "ab&<>\"' \xc3\xa9\x01z";
  for (int round = 0; round < 2000; ++round) {
    std::string s(random() % 40, ' ');
    for (char& c : s) c = random() % 4 ? 'p' : alphabet[random() % alphabet.size()];
    INFO(s);
    CHECK(util::escape_html(s) == plain(s));
    std::string appended = "kept";
    util::append_escaped_html(appended, s);
    CHECK(appended == "kept" + plain(s));
  }
}
