// Bodies kept between the two uses the build makes of them: glossary links as markers (expand_terms)
// give the same HTML as rendering them in full, the BodyStore gives back what it was given, and a
// build with no temporary folder renders the same site.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <random>

#include "core/model/corpus.h"
#include "render/site/body_store.h"
#include "render/site/glossary.h"
#include "render/site/html.h"
#include "render/site/markdown.h"
#include "tests/site/site_test_support.h"

using namespace anth;
using namespace anth::site;
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

std::string html_of(const Note& n, const Glossary& g, bool compact, const std::string& root = "") {
  BodyOptions o;
  o.glossary = &g;
  o.root = root;
  o.compact_terms = compact;
  o.resolve = [](const Note&, std::string_view target) {
    return target == "LIT-1" ? WikilinkTarget{"LIT-1", "A <paper>", "lit"} : WikilinkTarget{};
  };
  return render_body(n, o).html;
}

}  // namespace

TEST_CASE("site: glossary links kept as markers expand to the HTML rendered in full", "[site]") {
  Corpus c;
  c.notes.push_back(note("attention", "attention", "", Kind::Term));
  c.notes.push_back(note("qk-norm", "QK-norm", "", Kind::Term));
  c.index_ids();
  Glossary g(c);
  for (const char* body :
       {"Attention and QK-norm, then attention again.\n\nAttention in [[LIT-1]] with qk-norm.\n",
        "| a | b |\n| --- | --- |\n| attention | [[LIT-1]] and QK-norm |\n\n# Attention\n\n`attention` in code\n",
        "Control bytes \x01 and \x02 and <\x01" "3 4> written as text: attention <\x02" "0 1>.\n",
        "- attention\n  - QK-norm in a list\n\n> attention quoted\n\n[attention](https://x.example) linked.\n",
        "", "no terms at all"}) {
    INFO(body);
    Note n = note("NOTE-1", "A note", body);
    for (const std::string root : {"", "../"}) {
      std::string full = html_of(n, g, false, root), compact = html_of(n, g, true, root);
      CHECK(compact.size() <= full.size());
      if (full.find("<span class=\"gloss\">") != std::string::npos) CHECK(compact.size() < full.size());  // markers
      CHECK(expand_terms(compact, g, root) == full);
    }
  }
  // Text that only looks like a marker stays as it is.
  CHECK(expand_terms("<\x01" "9 1> <\x01x> <\x02" "0> \x01", g) == "<\x01" "9 1> <\x01x> <\x02" "0> \x01");
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
    CHECK(escape_html(s) == plain(s));
    std::string appended = "kept";
    append_escaped_html(appended, s);
    CHECK(appended == "kept" + plain(s));
  }
}
