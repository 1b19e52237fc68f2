#pragma once
// Stage 2b of ingest: find a body's wikilinks and Dataview inline fields, with their locations, never
// inside code. The body's one markdown parse (body_html.h) gives the block structure (which lines are
// paragraphs, headings and tables, and which are code or raw HTML); within the inline blocks a small
// scanner skips code spans and finds wikilinks with the one wikilink grammar (core/model/wikilink_text.h).
#include <string>
#include <string_view>
#include <vector>

#include "core/model/note.h"
#include "ingest/body_html.h"

namespace anth::ingest {

struct BodyScan {
  std::vector<Wikilink> wikilinks;  // unresolved: `resolved` is empty; [[#heading]] has no target
  std::vector<Field> inline_fields;  // origin Inline; each wikilink of a value is one item
};

// `body` starts on file line `body_line` of the note at `path`; `blocks` are its inline blocks.
BodyScan scan_body(std::string_view body, int body_line, const std::string& path, const std::vector<LineRange>& blocks);
// The same, parsing the body for its blocks.
BodyScan scan_body(std::string_view body, int body_line, const std::string& path);

// Splits "target#heading|display" (the inside of [[...]]) into a Wikilink's parts.
Wikilink parse_wikilink_text(std::string_view inside);

}  // namespace anth::ingest
