#include "ingest/body_tree.h"

#include <algorithm>
#include <cstring>

#include "ingest/body_html.h"

namespace anth::ingest {

bool is_type(cmark_node* node, const char* name) { return std::strcmp(cmark_node_get_type_string(node), name) == 0; }

std::string_view literal_of(cmark_node* node) {
  const char* s = cmark_node_get_literal(node);
  return s ? s : "";
}

cmark_node* make_text(std::string_view text) {
  cmark_node* node = cmark_node_new(CMARK_NODE_TEXT);
  cmark_node_set_literal(node, std::string(text).c_str());
  return node;
}

cmark_node* make_html(const std::string& html) {
  cmark_node* node = cmark_node_new(CMARK_NODE_HTML_INLINE);
  cmark_node_set_literal(node, html.c_str());
  return node;
}

namespace {
const char generated_html = 'g';
}

cmark_node* make_generated_html(const std::string& html) {
  cmark_node* node = make_html(html);
  mark_generated(node);
  return node;
}

void mark_generated(cmark_node* node) { cmark_node_set_user_data(node, const_cast<char*>(&generated_html)); }

bool is_generated(cmark_node* node) { return cmark_node_get_user_data(node) == &generated_html; }

cmark_node* make_custom(cmark_node_type type, const std::string& enter, const std::string& exit) {
  cmark_node* node = cmark_node_new(type);
  cmark_node_set_on_enter(node, enter.c_str());
  cmark_node_set_on_exit(node, exit.c_str());
  return node;
}

void own_literals(cmark_node* root) {
  for (cmark_node* node : collect(root, {CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE})) {
    std::string copy(literal_of(node));
    cmark_node_set_literal(node, copy.c_str());
  }
}

void move_children_and_free(cmark_node* from, cmark_node* into) {
  while (cmark_node* child = cmark_node_first_child(from)) {
    cmark_node_unlink(child);
    cmark_node_append_child(into, child);
  }
  if ((cmark_node_get_type(from) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) own_literals(into);
  cmark_node_free(from);
}

void replace_keeping_children(cmark_node* old, cmark_node* replacement) {
  while (cmark_node* child = cmark_node_first_child(old)) {
    cmark_node_unlink(child);
    cmark_node_append_child(replacement, child);
  }
  // cmark-gfm's table cells refuse a custom node, which then stayed orphaned: its text was missing
  // from the page and its memory leaked (found by LeakSanitizer). There its children go in alone.
  if (!cmark_node_insert_before(old, replacement)) {
    while (cmark_node* child = cmark_node_first_child(replacement)) {
      cmark_node_unlink(child);
      cmark_node_insert_before(old, child);
    }
    cmark_node_free(replacement);
  }
  cmark_node_free(old);  // unlinks too
}

NodeList collect(cmark_node* root, std::initializer_list<cmark_node_type> types) {
  NodeList out;
  cmark_iter* iter = cmark_iter_new(root);
  for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* node = cmark_iter_get_node(iter);
    if (std::find(types.begin(), types.end(), cmark_node_get_type(node)) != types.end()) out.push_back(node);
  }
  cmark_iter_free(iter);
  return out;
}

bool inside_link(cmark_node* node) {
  for (cmark_node* p = cmark_node_parent(node); p; p = cmark_node_parent(p)) {
    cmark_node_type t = cmark_node_get_type(p);
    if (t == CMARK_NODE_LINK || t == CMARK_NODE_IMAGE || (t == CMARK_NODE_CUSTOM_INLINE && !is_generated(p))) return true;
  }
  return false;
}

bool inside_heading(cmark_node* node) {
  for (cmark_node* p = cmark_node_parent(node); p; p = cmark_node_parent(p))
    if (cmark_node_get_type(p) == CMARK_NODE_HEADING) return true;
  return false;
}

cmark_node* enclosing_block(cmark_node* node) {
  for (cmark_node* p = cmark_node_parent(node); p; p = cmark_node_parent(p))
    if ((cmark_node_get_type(p) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) return p;
  return nullptr;
}

cmark_node* glossary_scope(cmark_node* node) {
  cmark_node* block = enclosing_block(node);
  if (!block) return nullptr;
  if (cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH || is_type(block, "table_cell")) return block;
  return nullptr;
}

}  // namespace anth::ingest
