#pragma once
// The one markdown parse of a note's body (cmark-gfm with tables, strikethrough, autolinks, task lists
// and footnotes). It gives the body scan its blocks (which lines may hold wikilinks and fields), and
// the body made ready for the site (core/model/rendered_body.h): the HTML with markers where other
// notes come in (wikilinks, relative links to notes, glossary terms), headings with their ids, raw
// HTML shown as text unless allowed, unsafe link targets neutralised, the text a reader sees, and the
// text around each link. Nothing inside code is touched.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/link_excerpts.h"
#include "core/model/rendered_body.h"

namespace anth::ingest {

struct LineRange {
  int first;  // 1-based lines of the body
  int last;
};

struct ParsedBody {
  std::vector<LineRange> inline_blocks;  // paragraphs, headings and tables: where wikilinks and fields are
  RenderedBody rendered;
  std::vector<std::string> tags;  // inline #tags (ingest/inline_tags.h), as written, first mention order
};

// Bodies longer than this are parsed in pieces of about this size (ingest/body_pieces.h): a piece's
// cmark tree, several times its size, is all of the tree there is at a time.
inline constexpr std::size_t body_piece_bytes = 1 << 20;

// Who reads the parse: the site (everything above), or only the checks (lint, queries): then the
// body's links, anchors, query blocks, tags and blocks are found as for the site, but no HTML, reader's
// text or excerpts are made (RenderedBody::text_made false), which saves a third of a parse, and a
// wikilink outside a heading makes no node of the tree (ingest/body_rewriter.cpp, wikilinks_in_place).
enum class BodyFor { site, checks };

// `allow_raw_html`: raw HTML of the note stays HTML (trusted corpora only), else it is shown as text.
// The result is the same whatever `piece_bytes` (tests cut small bodies to check that).
ParsedBody parse_body(std::string_view body, bool allow_raw_html, std::size_t piece_bytes = body_piece_bytes,
                      BodyFor use = BodyFor::site);

using anth::excerpt_around;  // core/model/link_excerpts.h

}  // namespace anth::ingest
