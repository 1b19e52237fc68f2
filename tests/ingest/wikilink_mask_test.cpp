// Wikilinks' brackets are hidden from cmark-gfm while a body is parsed (ingest/wikilink_mask.h): the
// parse must give exactly what the unmasked parse gives. Each body here, hand-picked where brackets
// meet other constructs and then random, is parsed both ways and the results compared field by field.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "ingest/body_html.h"
#include "ingest/wikilink_mask.h"

using namespace anth;
using namespace anth::ingest;

namespace {

struct Unmasked {
  Unmasked() { set_wikilink_masking(false); }
  ~Unmasked() { set_wikilink_masking(true); }
};

ParsedBody parse(const std::string& body, bool mask, BodyFor use) {
  if (mask) return parse_body(body, false, body_piece_bytes, use);
  Unmasked off;
  return parse_body(body, false, body_piece_bytes, use);
}

void check_same_parse(const std::string& body) {
  INFO("body: " << body);
  for (BodyFor use : {BodyFor::site, BodyFor::checks}) {
    ParsedBody masked = parse(body, true, use), plain = parse(body, false, use);
    CHECK(masked.rendered.html == plain.rendered.html);
    CHECK(masked.rendered.plain == plain.rendered.plain);
    CHECK(masked.tags == plain.tags);
    REQUIRE(masked.rendered.links.size() == plain.rendered.links.size());
    for (std::size_t i = 0; i < plain.rendered.links.size(); ++i) {
      const BodyLink &a = masked.rendered.links[i], &b = plain.rendered.links[i];
      INFO("link " << i << ": " << b.target);
      CHECK(a.target == b.target);
      CHECK(a.heading == b.heading);
      CHECK(a.file == b.file);
      CHECK(a.embed == b.embed);
      CHECK(a.line == b.line);
      CHECK(a.column == b.column);
      CHECK(masked.rendered.excerpts.of(i) == plain.rendered.excerpts.of(i));
    }
    REQUIRE(masked.rendered.anchors.size() == plain.rendered.anchors.size());
    for (std::size_t i = 0; i < plain.rendered.anchors.size(); ++i) CHECK(masked.rendered.anchors[i].id == plain.rendered.anchors[i].id);
    REQUIRE(masked.inline_blocks.size() == plain.inline_blocks.size());
    for (std::size_t i = 0; i < plain.inline_blocks.size(); ++i) {
      CHECK(masked.inline_blocks[i].first == plain.inline_blocks[i].first);
      CHECK(masked.inline_blocks[i].last == plain.inline_blocks[i].last);
    }
  }
}

}  // namespace

TEST_CASE("wikilink mask: only links whose brackets can mean nothing else are masked", "[ingest][mask]") {
  CHECK(mask_wikilinks("a [[x]] b [[y|z]]") == std::optional<std::string>("a \u00abx\u00bb b \u00aby|z\u00bb"));
  CHECK(!mask_wikilinks("no links"));
  CHECK(!mask_wikilinks("[[x]]\n\n[x]: /url"));  // a reference definition anywhere: nothing masked
  for (const char* own : {"\u00ab [[x]]", "[[x]] \u00bb", "&laquo; [[x]]", "[[x]] &#187;", "&#xAB; [[x]]"})
    CHECK(!mask_wikilinks(own));  // the text's own guillemets, or entities that may be ones
  for (const char* kept : {"![[x]]", "\\[[x]]", "[[x]](u)", "[[x]][y]", "[[a`b]]", "[[a<b]]", "[[a&amp;b]]", "[[a:b]]",
                           "[[a@b.c]]", "[[see www.x.com]]", "[[a\\|b]]", "[[a]b]]", "[[]]", "[[a\nb]]"})
    CHECK(!mask_wikilinks(kept));
  CHECK(mask_wikilinks("[[[x]]") == std::optional<std::string>("[\u00abx\u00bb"));
}

TEST_CASE("wikilink mask: the masked parse is the unmasked one where brackets meet other markdown", "[ingest][mask]") {
  for (const char* body : {
           "[[a]] [[b|c]] [[d#e]] [[#f]] [[g#^blk]] and ![[img.png|300]] ![[n]]",
           "[[x]](url) [a [[x]] b](u) [[[x]]] [[x]]] \\[[x]] [[x]]\\ `[[x]]` [[a`b]] x` [[y]] `",
           "[[www.x.com]] [[see www.x.com]] [[a@b.c]] [[Q&A]] [[a&amp;b]] http://a.com/[[x]] www.x.com/[[y]] a@b.c[[x]]",
           "[[a*b*]] *[[x]]* a*[[x]]*b _[[x]]_ a_[[x]]_b **[[x]]** *a [[x]] b* ~~[[x]]~~ *[[x]] [[y]]* [[x]]* *[[x]]",
           "<span title=\"[[x]]\">h</span> <http://a/[[x]]> <a b=[[x]]> [a](<[[x]]>) [a](b \"[[x]]\") [a]([[x]])",
           "![[[x]]](img.png) [[x]](<u>) [[x]][y] [![[x]]](u) [[x]]] (u) [[x]]](u) [a [[x]]](u) [[ [[x]] ]]",
           "$[[x]]$ $$[[x]]$$ $a [[x]] b$ [[x]]$ $[[x]]",
           "| a | b |\n|---|---|\n| [[x|y]] | [[z]] and [[w]] |\n| [[a\\|b]] | `[[c]]` |\n",
           "```[[info]]\n[[y]]\n```\n\n    [[indented]]\n\n<div>\n[[html]]\n</div>\n\n[[after]]\n",
           "# [[x]] title\n\nSetext [[y]]\n---\n\n- [ ] [[task]]\n- [x] done [[t2]]\n- [[y]] z\n\n> [[quoted]] #tag\n",
           "[[x]][^1] and [[y]]\n\n[^1]: a note with [[z]]\n",
           "[[x]]\n\n[x]: /url \"title\"\n",
           "line one [[a]]\nline two [[b]]  \nhard break [[c]]\\\nend [[d]] ^block-id\n",
           "[[a]] #tag [[b#c]] #[[d]] [[e]]#f ==[[hl]]== ==a [[b]] c== %%[[hidden]]%%",
           "[[x]] [[x]] [[X]] [[x|shown]] [[x#h|shown]] [[x.md]] [[folder/x]] [[../up]] [[x #h]]",
           "text [[a]] more text [[b]] (paren [[c]]) [[d]], [[e]]. [[f]]! [[g]]? \"[[h]]\" '[[i]]'",
           "&laquo; [[a]] &raquo; &#171;[[b]]&#187; \u00ab[[c]]\u00bb",
           // Other characters whose first byte is the marks' (0xC2): \u00a9, a no-break space, \u00b0.
           "\u00a9 [[a]]\u00a0[[b]] 90\u00b0 [[c\u00a9]] `\u00a9[[d]]\u00a0` \u00b0",
       })
    check_same_parse(body);
}

TEST_CASE("wikilink mask: random bodies of brackets and markdown parse the same masked and unmasked", "[ingest][mask]") {
  const std::vector<std::string> parts = {"[[", "]]", "[", "]", "x", "y z", " ", "*", "_", "`", "!", "(", ")", "\n", "\n\n",
                                          "\\", "<", ">", "www.", "http:", "@", "|", "#", "^", "$", "~~", "&amp;", "- ",
                                          "# ", "==", "[[a]]", "[[b|c]]", "[[d#e]]", "](u)", "\u00e9", "> ", "    ", "%%"};
  std::mt19937 rng(20261202);
  for (int n = 0; n < 400; ++n) {
    std::string body;
    int length = 1 + static_cast<int>(rng() % 40);
    for (int k = 0; k < length; ++k) body += parts[rng() % parts.size()];
    check_same_parse(body);
  }
}
