#pragma once
// Small helpers over cmark-gfm's tree for ingest/body_html.cpp (included only by the files that parse
// markdown): finding, making and replacing nodes, and reading the text a reader sees.
#include <cmark-gfm.h>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace anth::ingest {

using NodeList = std::vector<cmark_node*>;

bool is_type(cmark_node* node, const char* name);  // by extension type name: "table", "table_cell"
std::string_view literal_of(cmark_node* node);
cmark_node* make_text(std::string_view text);
cmark_node* make_html(const std::string& html);  // raw inline HTML
// Inline HTML of our own making (a highlight's <mark>, math, a tag's markers): not the note's raw
// HTML, and no text a reader sees.
cmark_node* make_generated_html(const std::string& html);
void mark_generated(cmark_node* node);  // an inline wrapper of ours that is no link (a callout's title)
bool is_generated(cmark_node* node);
cmark_node* make_custom(cmark_node_type type, const std::string& enter, const std::string& exit);

// cmark-gfm's inline texts, code spans and raw HTML point into the text of the block they were
// parsed in, not into copies of their own: before that block is freed, every node under `root` that
// was taken out of it gets its own copy. (Its bytes were read after they were freed: a callout's
// title with a link in it showed garbage where the link's text was.)
void own_literals(cmark_node* root);
// Moves every child of `from` to the end of `into`, then frees `from`; when `from` is a block, what
// was parsed in it gets its own copy first (own_literals).
void move_children_and_free(cmark_node* from, cmark_node* into);

// Puts `replacement` where `old` is, moves old's children into it, and frees old. A table cell takes
// only cmark-gfm's own inline types: there a custom replacement gives way to old's children alone.
void replace_keeping_children(cmark_node* old, cmark_node* replacement);

// Every node of the given types, in document order.
NodeList collect(cmark_node* root, std::initializer_list<cmark_node_type> types);
// True when the node sits inside a link, an image or one of our inline replacements (but those
// marked generated).
bool inside_link(cmark_node* node);
// The nearest ancestor that is a block.
cmark_node* enclosing_block(cmark_node* node);
// True when the node sits inside a heading.
bool inside_heading(cmark_node* node);
// The paragraph-like block whose glossary mentions are counted together: a paragraph or a table cell.
cmark_node* glossary_scope(cmark_node* node);

// The text a reader sees under `root`. `at(node, entering, offset)` is told where each node starts
// and ends in it (leaf nodes only start).
template <class At>
void append_plain(cmark_node* root, std::string& out, At&& at) {
  cmark_iter* iter = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    cmark_node* node = cmark_iter_get_node(iter);
    cmark_node_type t = cmark_node_get_type(node);
    if (ev == CMARK_EVENT_ENTER) {
      at(node, true, out.size());
      switch (t) {
        case CMARK_NODE_HTML_INLINE:
          if (!is_generated(node)) out += literal_of(node);
          break;
        case CMARK_NODE_TEXT:
        case CMARK_NODE_CODE:
        case CMARK_NODE_CODE_BLOCK: out += literal_of(node); break;
        case CMARK_NODE_SOFTBREAK:
        case CMARK_NODE_LINEBREAK: out += ' '; break;
        default: break;
      }
    } else if (ev == CMARK_EVENT_EXIT) {
      at(node, false, out.size());
      if (node != root && (t & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) {
        if (is_type(node, "table_cell")) out += ' ';
        else if (!out.empty() && out.back() != '\n') out += '\n';
      }
    }
  }
  cmark_iter_free(iter);
}

inline void append_plain(cmark_node* root, std::string& out) {
  append_plain(root, out, [](cmark_node*, bool, std::size_t) {});
}

}  // namespace anth::ingest
