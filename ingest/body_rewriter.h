#pragma once
// The rewrite of one parsed piece of a body (ingest/body_pieces.h) into what the site needs
// (core/model/rendered_body.h): raw HTML shown as text unless allowed, unsafe link targets
// neutralised, wikilinks and links to note files as markers, headings with their ids, the text a
// reader sees, the text around links, and the runs where glossary terms may be linked. The pieces of
// one body share a state, so the result is the body's whatever the pieces.
#include <cmark-gfm.h>

#include <cstddef>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/model/rendered_body.h"

namespace anth::ingest {

struct BodyRewriteState {
  explicit BodyRewriteState(const RenderedBody& out);

  std::unordered_set<std::string> heading_ids;           // unique over the whole body
  std::unordered_map<std::string, int> next_suffix;      // per slug, the next "-N" to try
  int least_heading_level = 6;
  // Links (by index into the body's links) that got the excerpt of their target as written: the
  // first link to each. Keyed by index, so the set survives the links growing.
  struct TargetHash {
    const std::vector<BodyLink>* links;
    std::size_t operator()(std::size_t link) const;
  };
  struct SameTarget {
    const std::vector<BodyLink>* links;
    bool operator()(std::size_t a, std::size_t b) const;
  };
  std::unordered_set<std::size_t, TargetHash, SameTarget> excerpted;
  std::vector<std::string> tags;  // the body's inline #tags, first mention order (inline_tags.h)
  int line_offset = 0;            // the piece being rewritten: its line N is the body's N + line_offset
};

// Rewrites `doc` (one piece, in body order) in place and appends its links and text to `out`.
// Without `site_text` only what the checks read is found (links, anchors, tags): no reader's text,
// excerpts, math, glossary places or markers, which only the site's HTML needs.
void rewrite_piece(cmark_node* doc, bool allow_raw_html, bool site_text, BodyRewriteState& state, RenderedBody& out);

// Once every piece is rendered: the headings' levels (a body with an h1 moves down one level).
void set_heading_levels(std::string& html, const BodyRewriteState& state);

}  // namespace anth::ingest
