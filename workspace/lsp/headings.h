#pragma once
// Where a note's headings and block ids are in its text. Ingest records them (RenderedBody::anchors,
// in body order) without lines; this finds the i-th ATX heading line of the body (outside fenced
// code) for the i-th heading anchor, and a block id's "^id" at the end of its line.
#include <vector>

#include "core/model/note.h"
#include "workspace/lsp/positions.h"

namespace anth::lsp {

struct AnchorPlace {
  const BodyAnchor* anchor;
  int line;  // 0-based; -1 when its line was not found
};

std::vector<AnchorPlace> anchor_places(const Note& note, const TextLines& lines);

}  // namespace anth::lsp
