#pragma once
// Obsidian's block ids: a paragraph that ends with " ^id" (letters, digits and '-') can be linked to as
// [[Note#^id]]. The "^id" is no text a reader sees: it is taken off the paragraph, which gets the
// HTML id "^id" instead, so that a link to "Note.html#^id" lands on it (docs/format.md, "Links").
#include <cmark-gfm.h>

#include <string>
#include <vector>

namespace anth::ingest {

struct BlockId {
  cmark_node* paragraph;
  std::string id;  // without the '^'
};

// Takes the "^id" off the end of each paragraph of `doc` that ends with one, in document order.
std::vector<BlockId> take_block_ids(cmark_node* doc);

// Renders each paragraph as <p id="^id">, keeping its children. Call once the rest of the rewrite
// no longer needs to see the paragraphs as paragraphs.
void anchor_block_ids(const std::vector<BlockId>& ids);

// "abc" -> "^abc": the HTML id of a block and the text a link names it by.
std::string block_anchor(std::string_view id);

}  // namespace anth::ingest
