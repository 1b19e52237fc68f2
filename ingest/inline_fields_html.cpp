#include "ingest/inline_fields_html.h"

#include <cctype>
#include <string>
#include <string_view>

#include "core/util/html_text.h"
#include "ingest/body_tree.h"

namespace anth::ingest {

namespace {

bool is_key_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

// The length of `key::` at the start of `text` (the key as body_scan reads it: a letter, then letters,
// digits, '_' or '-'), or 0.
std::size_t field_key_length(std::string_view text) {
  if (text.empty() || !std::isalpha(static_cast<unsigned char>(text[0]))) return 0;
  std::size_t i = 1;
  while (i < text.size() && is_key_char(text[i])) ++i;
  return text.substr(i, 2) == "::" ? i : 0;
}

bool is_break(cmark_node* node) {
  const cmark_node_type t = cmark_node_get_type(node);
  return t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK;
}

// The line starting at `first` (a text node beginning with a field), marked; returns the node after it.
cmark_node* mark_line(cmark_node* paragraph, cmark_node* first, std::size_t key_length) {
  const std::string literal(literal_of(first));
  std::string_view value = std::string_view(literal).substr(key_length + 2);
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  cmark_node_insert_before(first, make_html("<span class=\"inline-field\"><span class=\"field-key\">" +
                                            util::escape_html(literal.substr(0, key_length)) + ":</span> "));
  cmark_node_set_literal(first, std::string(value).c_str());
  cmark_node* end = first;
  while (end && !is_break(end)) end = cmark_node_next(end);
  if (end) cmark_node_insert_before(end, make_html("</span>"));
  else cmark_node_append_child(paragraph, make_html("</span>"));
  return end;
}

}  // namespace

void mark_line_fields(cmark_node* doc) {
  for (cmark_node* paragraph : collect(doc, {CMARK_NODE_PARAGRAPH})) {
    bool line_start = true;
    for (cmark_node* node = cmark_node_first_child(paragraph); node;) {
      if (is_break(node)) {
        line_start = true;
        node = cmark_node_next(node);
        continue;
      }
      std::size_t key = line_start && cmark_node_get_type(node) == CMARK_NODE_TEXT ? field_key_length(literal_of(node)) : 0;
      line_start = false;
      node = key ? mark_line(paragraph, node, key) : cmark_node_next(node);
    }
  }
}

}  // namespace anth::ingest
