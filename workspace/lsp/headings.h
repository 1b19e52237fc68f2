#pragma once
// Where a note's headings and block ids are in its text: the lines ingest recorded with each anchor
// (BodyAnchor::line, in the body), as lines of the note's text.
#include <vector>

#include "core/model/note.h"
#include "workspace/lsp/positions.h"

namespace anth::workspace::lsp {

struct AnchorPlace {
  const BodyAnchor* anchor;
  int line;  // 0-based; -1 when its line was not found
};

std::vector<AnchorPlace> anchor_places(const Note& note, const TextLines& lines);

}  // namespace anth::workspace::lsp
