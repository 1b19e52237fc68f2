#include "ingest/block_ids.h"

#include <cctype>

#include "core/util/html_text.h"
#include "ingest/body_tree.h"

namespace anth::ingest {

namespace {

bool is_id_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; }

// The offset of a trailing "^id" in `text` (after anything but a letter or digit: a space, or "]]" of
// an embed, as Obsidian's help writes "![[image.png]]^id"), or npos.
std::size_t trailing_id(std::string_view text) {
  std::size_t end = text.size();
  while (end > 0 && text[end - 1] == ' ') --end;
  std::size_t start = end;
  while (start > 0 && is_id_char(text[start - 1])) --start;
  if (start == end || start == 0 || text[start - 1] != '^') return std::string_view::npos;
  std::size_t caret = start - 1;
  if (caret > 0 && std::isalnum(static_cast<unsigned char>(text[caret - 1]))) return std::string_view::npos;
  return caret;
}

}  // namespace

std::string block_anchor(std::string_view id) { return "^" + std::string(id); }

std::vector<BlockId> take_block_ids(cmark_node* doc) {
  std::vector<BlockId> out;
  for (cmark_node* p : collect(doc, {CMARK_NODE_PARAGRAPH})) {
    cmark_node* last = cmark_node_last_child(p);
    if (!last || cmark_node_get_type(last) != CMARK_NODE_TEXT) continue;
    std::string text(literal_of(last));
    std::size_t caret = trailing_id(text);
    if (caret == std::string::npos) continue;
    std::string id = text.substr(caret + 1);
    while (!id.empty() && id.back() == ' ') id.pop_back();
    text.erase(caret);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
    if (!text.empty()) {
      cmark_node_set_literal(last, text.c_str());
    } else {
      // "^id" on a line of its own, just after the paragraph's text: the line break goes with it.
      cmark_node* before = cmark_node_previous(last);
      cmark_node_free(last);
      if (before && (cmark_node_get_type(before) == CMARK_NODE_SOFTBREAK || cmark_node_get_type(before) == CMARK_NODE_LINEBREAK))
        cmark_node_free(before);
    }
    out.push_back({p, std::move(id)});
  }
  return out;
}

void anchor_block_ids(const std::vector<BlockId>& ids) {
  for (const BlockId& b : ids) {
    // As a heading is rendered (body_rewriter.cpp): a block holding one inline wrapper with the tags.
    cmark_node* inline_wrapper =
        make_custom(CMARK_NODE_CUSTOM_INLINE, "<p id=\"" + escape_html(block_anchor(b.id)) + "\">", "</p>\n");
    cmark_node* block = make_custom(CMARK_NODE_CUSTOM_BLOCK, "", "");
    cmark_node_insert_before(b.paragraph, block);
    cmark_node_append_child(block, inline_wrapper);
    while (cmark_node* child = cmark_node_first_child(b.paragraph)) {
      cmark_node_unlink(child);
      cmark_node_append_child(inline_wrapper, child);
    }
    cmark_node_free(b.paragraph);
  }
}

}  // namespace anth::ingest
