#include "ingest/inline_tags.h"

#include <unordered_set>

#include "core/model/rendered_body.h"
#include "core/util/html_text.h"
#include "ingest/body_tree.h"

namespace anth::ingest {

namespace {

bool ascii_tag_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '/';
}

// Bytes of a non-ASCII character that ends a tag: no-break space, general and CJK punctuation.
bool non_ascii_stop(std::string_view s) {
  return s.starts_with("\xC2\xA0") || s.starts_with("\xE2\x80") || s.starts_with("\xE2\x81") || s.starts_with("\xE3\x80");
}

bool starts_line(cmark_node* node) {
  cmark_node* prev = cmark_node_previous(node);
  if (!prev) return true;
  cmark_node_type t = cmark_node_get_type(prev);
  return t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK;
}

// Inside a link, an image or a wikilink: any inline wrapper but a heading's ("<h").
bool in_link(cmark_node* node) {
  for (cmark_node* p = cmark_node_parent(node); p; p = cmark_node_parent(p)) {
    cmark_node_type t = cmark_node_get_type(p);
    if (t == CMARK_NODE_LINK || t == CMARK_NODE_IMAGE) return true;
    if (t == CMARK_NODE_CUSTOM_INLINE) {
      const char* enter = cmark_node_get_on_enter(p);
      if (!enter || std::string_view(enter).substr(0, 2) != "<h") return true;
    }
  }
  return false;
}

}  // namespace

std::size_t tag_length(std::string_view text) {
  std::size_t n = 0;
  bool non_digit = false;
  while (n < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[n]);
    if (c >= 0x80) {
      if (non_ascii_stop(text.substr(n))) break;
      non_digit = true;
      ++n;
    } else if (ascii_tag_char(static_cast<char>(c))) {
      non_digit = non_digit || (!(c >= '0' && c <= '9') && c != '/');
      ++n;
    } else {
      break;
    }
  }
  while (n > 0 && text[n - 1] == '/') --n;
  return non_digit ? n : 0;
}

void mark_inline_tags(cmark_node* doc, std::vector<std::string>& tags) {
  std::unordered_set<std::string> known(tags.begin(), tags.end());  // a body of many tags stays linear
  for (cmark_node* node : collect(doc, {CMARK_NODE_TEXT})) {
    std::string_view t = literal_of(node);
    if (t.find('#') == std::string_view::npos || in_link(node)) continue;
    std::string text(t);
    std::size_t done = 0;
    for (std::size_t at = text.find('#'); at != std::string::npos; at = text.find('#', at + 1)) {
      bool after_space = at == 0 ? starts_line(node) : text[at - 1] == ' ' || text[at - 1] == '\t';
      std::size_t n = after_space ? tag_length(std::string_view(text).substr(at + 1)) : 0;
      if (n == 0) continue;
      std::string tag = text.substr(at + 1, n);
      if (known.insert(tag).second) tags.push_back(tag);
      if (at > done) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done, at - done)));
      std::string marker = "<";
      marker += body_tag;
      util::append_escaped_html(marker, tag);
      cmark_node_insert_before(node, make_generated_html(marker + ">"));
      done = at + 1 + n;
      at = done - 1;
    }
    if (done == 0) continue;
    if (done < text.size()) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done)));
    cmark_node_free(node);
  }
}

}  // namespace anth::ingest
