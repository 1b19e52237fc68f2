#include "ingest/callouts.h"

#include <cctype>
#include <optional>
#include <string>
#include <string_view>

#include "ingest/body_tree.h"
#include "ingest/callout_types.h"

namespace anth::ingest {

namespace {

struct Header {
  std::string type;      // as written, lower case
  char fold = 0;         // '+', '-' or none
  std::size_t rest = 0;  // where the title starts in the first text node
};

bool type_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; }

// "[!type]" with its fold sign at the start of a quote's first text, or nothing.
std::optional<Header> header_of(cmark_node* quote) {
  cmark_node* p = cmark_node_first_child(quote);
  if (!p || cmark_node_get_type(p) != CMARK_NODE_PARAGRAPH) return std::nullopt;
  cmark_node* text = cmark_node_first_child(p);
  if (!text || cmark_node_get_type(text) != CMARK_NODE_TEXT) return std::nullopt;
  std::string_view t = literal_of(text);
  if (!t.starts_with("[!")) return std::nullopt;
  std::size_t i = 2;
  while (i < t.size() && type_char(t[i])) ++i;
  if (i == 2 || i >= t.size() || t[i] != ']') return std::nullopt;
  Header h;
  for (char c : t.substr(2, i - 2)) h.type += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  ++i;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) h.fold = t[i++];
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) ++i;
  h.rest = i;
  return h;
}

bool is_break(cmark_node* node) {
  cmark_node_type t = cmark_node_get_type(node);
  return t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK;
}

// The title's inline nodes (the first line after the header) moved into `title`; the first
// paragraph keeps the lines after it, or goes when none are left.
void take_title(cmark_node* first, const Header& h, cmark_node* title) {
  cmark_node* text = cmark_node_first_child(first);
  std::string rest(literal_of(text).substr(h.rest));
  if (rest.empty()) cmark_node_free(text);
  else cmark_node_set_literal(text, rest.c_str());
  while (cmark_node* node = cmark_node_first_child(first)) {
    if (is_break(node)) {
      cmark_node_free(node);
      break;
    }
    cmark_node_unlink(node);
    cmark_node_append_child(title, node);
  }
  if (cmark_node_first_child(first)) return;
  own_literals(title);  // they pointed into the paragraph's text
  cmark_node_free(first);
}

std::string display_name(const std::string& type) {
  std::string name = type;
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  for (char& c : name)
    if (c == '-' || c == '_') c = ' ';
  return name;
}

void make_callout(cmark_node* quote, const Header& h) {
  const CalloutType& type = callout_type(h.type);
  std::string tag = h.fold ? "details" : "div";
  std::string open = "<" + tag + " class=\"callout callout-" + std::string(type.colour) + "\" data-callout=\"" + h.type + "\"" +
                     (h.fold == '+' ? " open" : "") + ">\n";
  cmark_node* callout = make_custom(CMARK_NODE_CUSTOM_BLOCK, open, "</" + tag + ">\n");
  std::string title_tag = h.fold ? "summary" : "div";
  std::string icon = std::string(callout_svg_open()) + std::string(type.icon) + "</svg>";
  cmark_node* title_block =
      make_custom(CMARK_NODE_CUSTOM_BLOCK, "<" + title_tag + " class=\"callout-title\">" + icon, "</" + title_tag + ">\n");
  cmark_node* title = make_custom(CMARK_NODE_CUSTOM_INLINE, "<span class=\"callout-title-inner\">", "</span>");
  mark_generated(title);
  cmark_node_append_child(title_block, title);
  take_title(cmark_node_first_child(quote), h, title);
  if (!cmark_node_first_child(title)) cmark_node_append_child(title, make_text(display_name(h.type)));
  cmark_node_append_child(callout, title_block);
  if (cmark_node_first_child(quote)) {
    cmark_node* content = make_custom(CMARK_NODE_CUSTOM_BLOCK, "<div class=\"callout-content\">\n", "</div>\n");
    while (cmark_node* child = cmark_node_first_child(quote)) {
      cmark_node_unlink(child);
      cmark_node_append_child(content, child);
    }
    cmark_node_append_child(callout, content);
  }
  cmark_node_insert_before(quote, callout);
  cmark_node_free(quote);
}

}  // namespace

void make_callouts(cmark_node* doc) {
  // Outer quotes first: moving a quote's children keeps the inner ones' nodes valid.
  for (cmark_node* quote : collect(doc, {CMARK_NODE_BLOCK_QUOTE}))
    if (std::optional<Header> h = header_of(quote)) make_callout(quote, *h);
}

}  // namespace anth::ingest
