#pragma once
// Where a long body may be cut so that cmark-gfm parses it piece by piece and gives the same tree, one
// top-level block after another: cmark's tree of a whole body is several times the body's size
// (docs/hardening.md, "A large note's memory"), a piece's is freed before the next is parsed.
//
// A cut goes before a line that starts at column 0 with a letter or '#' and follows a blank line:
// such a line always starts a new top-level block (a list item, block quote or footnote needs its
// marker or an indent to go on past a blank line). Lines inside a fenced code block or an HTML block
// that runs past blank lines (<pre>, <script>, <style>, <textarea>, comments, <? ?>, <!X >, CDATA)
// are never cut before. A body is not cut at all when something in it reaches across the document (a
// link reference definition or a footnote), or when a fence does not start at column 0 (one inside a
// list or quote could be open where the scan cannot tell).
#include <cstddef>
#include <string_view>
#include <vector>

namespace anth::ingest {

struct BodyPiece {
  std::string_view text;
  int first_line;  // the body's 1-based line the piece starts on
};

// The body in pieces of about `piece_bytes` or more, cut only where said above; the body whole when
// it is no longer than `piece_bytes` or cannot be cut.
std::vector<BodyPiece> body_pieces(std::string_view body, std::size_t piece_bytes);

}  // namespace anth::ingest
