#pragma once
// A note's body as ingest renders it for the site, once per content (ingest/body_html.*): HTML in which
// everything that depends on other notes is a marker the site fills in (render/site/body_fill.*), the
// text a reader sees (for search), and the links the markers stand for, which ingest's resolver
// resolves. Only the note itself went into it, so the index caches it with the rest of the parse (the
// links in the parse, html and plain in a column of their own).
//
// Markers (never in a note's own HTML: cmark escapes '<' in text, and raw HTML, when allowed, has its
// control bytes replaced):
//   "<\x01N>" text "<\x02>"      wikilink N of `links`; "<\x01N t>" in a table cell (a plain link there);
//                                "<\x01N e>" an embed `![[...]]` (flags combine: "N te")
//   "<\x03N>" just before an "<a href=\"...\"" or "<img src=\"...\"" whose target is the file of link N
//                                (a note's or an attachment's; one that names neither is shown unresolved)
//   "<\x04F>" text "<\x05>"      text a glossary term may be linked in; F holds 's' when it starts a new
//                                paragraph or cell, 't' in a table cell
//   "<\x06N>"                    query block N of `queries`, answered when the site is built
//   "<\x07tag>"                  an inline #tag (ingest/inline_tags.h), a link to the tag's page
// Text inside markers is HTML-escaped as cmark escapes it (& < > ").
#include <string>
#include <vector>

#include "core/model/link_excerpts.h"

namespace anth {

inline constexpr char body_link_open = '\x01', body_link_close = '\x02', body_file_link = '\x03',
                      body_terms_open = '\x04', body_terms_close = '\x05', body_query_block = '\x06',
                      body_tag = '\x07';
// The last marker byte: a note's own raw HTML never holds one from body_link_open to here.
inline constexpr char body_last_marker = body_tag;

struct BodyLink {
  std::string target;    // a wikilink's target as written ("LIT-523", "Zhai et al."; empty for [[#h]]),
                         // or the path of a relative link to a note's file, percent-decoded
  std::string heading;   // the wikilink's heading, or the file link's fragment; "" when none
  std::string resolved;  // the id it names, filled in by ingest's resolver (not cached); "" for none
  bool file = false;     // a relative link to a note's file ("x.md", or "x" as Obsidian writes it), not a wikilink
  std::string anchor;    // the id of the target's heading or block `heading` names, filled in by the
                         // resolver (not cached); "" for none
  bool embed = false;    // `![[...]]`, or a markdown image `![](...)`: shown in place, not linked
  int width = 0, height = 0;  // an embed's size as written (`![[a.png|300]]`, `|300x200`); 0: none
  std::string attachment;  // when no note: the vault path of the attachment it names (Corpus::attachments),
                           // filled in by the resolver (not cached); "" for none
  int line = 0, column = 0;  // a markdown link's place in the body (1-based; not cached): where its
                             // relation is (Origin::Link)
};

// A place in the body a link may point at (docs/format.md, "Links"): a heading, by its text as a reader
// sees it, or a block id ("^id" at the end of a paragraph), with the HTML id the page gives it.
struct BodyAnchor {
  std::string text;  // the heading's text, or "^id" for a block
  std::string id;    // the element's id on the page
  int level = 0;     // the heading's level as written (1-6); 0 for a block
  int line = 0;      // in the body (1-based; the note's line is body_line + line - 1): where the heading
                     // starts (a setext heading's text line), or the line that ends with "^id"
};

// A fenced code block with the info string `anthology`: one query command line (core/query/query_spec.h).
struct QueryBlock {
  std::string text;  // the block's text, its final newline dropped
  int line = 0;      // of the block's first text line, in the body (1-based; the note's line is body_line + line - 1)
  int column = 0;    // of the fence
};

struct RenderedBody {
  std::string html;
  std::string plain;  // the text a reader sees, for search
  std::vector<BodyLink> links;
  // The text around the first wikilink to each target as written (by link index; link_excerpts.h).
  LinkExcerpts excerpts;
  std::vector<QueryBlock> queries;  // in body order
  std::vector<BodyAnchor> anchors;  // headings in body order, and block ids in body order
  // html and plain are not held here but kept by the index with the parse (core/index, column
  // files.body), read only by the site when it needs them: lint and the queries never load them.
  bool stored = false;
  // false: a parse for the checks only (ingest/body_html.h, BodyFor::checks) made no html, plain or
  // excerpts; the index then keeps no body for the note, so the next build parses it again.
  bool text_made = true;
};

// The two large parts of a body, as the index keeps them apart from the parse.
struct BodyText {
  std::string html;
  std::string plain;
};

}  // namespace anth
