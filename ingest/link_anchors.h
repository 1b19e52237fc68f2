#pragma once
// The part of a link after '#': a heading of the target note ([[Note#Heading]], nested
// [[Note#Heading#Sub]]) or one of its block ids ([[Note#^id]]), found among the anchors ingest
// recorded when it rendered the target's body (RenderedBody::anchors), the way Obsidian finds them
// (docs/format.md, "Links"). The resolver asks it once every link has its note.
#include <string>
#include <string_view>
#include <vector>

#include "core/model/corpus.h"
#include "core/model/diagnostic.h"

namespace anth::ingest {

// The HTML id of the anchor `subpath` names among `anchors` ("Heading", "Heading#Sub", "^id"), or ""
// when there is none. Headings compare by their text, ASCII punctuation but - _ ' as spaces (what a
// link cannot hold, and code and emphasis marks), runs of spaces as one, ignoring case.
std::string find_anchor(const std::vector<BodyAnchor>& anchors, std::string_view subpath);

// Fills in BodyLink::anchor for the links of `note`'s body that name a heading or block, and reports
// R007 for each wikilink of the note (with its place) whose target lacks the heading or block it names.
// Links must be resolved already.
void resolve_anchors(Note& note, const Corpus& corpus, std::vector<Diagnostic>& out);

}  // namespace anth::ingest
