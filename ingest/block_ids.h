#pragma once
// Obsidian's block ids: a paragraph or list item whose text ends with " ^id" (letters, digits and
// '-') gets that id as its element's id, `id="^id"`, which links `[[Note#^id]]` point at; the `^id`
// text is not shown. A paragraph that is only `^id` (Obsidian's id for the block before it) becomes an
// empty anchor at its place. The id goes on the element that holds the text: the <li> of a tight list
// item, else the <p>; an element that has an id already keeps it.
#include <cmark-gfm.h>

#include <string>
#include <vector>

namespace anth::ingest {

struct BlockId {
  std::string id;  // without '^'
  int line = 0;    // of the tree (1-based): the paragraph's last line, where "^id" is written
};

// Takes the ids off the paragraphs' text, leaving a placeholder "<\x17id>" at each paragraph's start.
// Returns the ids in document order, for the body's anchors (RenderedBody::anchors).
std::vector<BlockId> mark_block_ids(cmark_node* doc);
// Once the HTML is written: each placeholder's id moves onto the element it opens.
void place_block_ids(std::string& html);

}  // namespace anth::ingest
