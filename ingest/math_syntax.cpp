#include "ingest/math_syntax.h"

#include <cmark-gfm-extension_api.h>

#include <climits>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/util/html_text.h"
#include "ingest/body_tree.h"

namespace anth::ingest {

namespace {

// cmark-gfm's cmark_chunk (src/chunk.h, not installed): the text whose inlines are being parsed.
struct ChunkView {
  unsigned char* data;
  std::int32_t len;
  std::int32_t alloc;
};

// What marks a code node as math (its user data).
const char inline_math = 'i', display_math = 'd';

// Offsets from which no closer is left in the text being parsed: a failed search is never repeated,
// so a paragraph of a thousand unclosed `$` stays linear. Kept per parent block and text.
struct Memo {
  const void* parent = nullptr;
  const unsigned char* data = nullptr;
  int len = -1;
  std::size_t no_inline_from = SIZE_MAX, no_display_from = SIZE_MAX;
};
thread_local Memo memo;

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

// The closing `$` of inline math whose TeX starts at `from`, else npos.
std::size_t inline_close(std::string_view s, std::size_t from) {
  if (from >= memo.no_inline_from) return std::string_view::npos;
  for (std::size_t j = s.find('$', from + 1); j != std::string_view::npos; j = s.find('$', j + 1))
    if (!space(s[j - 1]) && s[j - 1] != '\\' && !(j + 1 < s.size() && digit(s[j + 1]))) return j;
  memo.no_inline_from = from;
  return std::string_view::npos;
}

// The closing `$$` of display math whose TeX starts at `from`, else npos.
std::size_t display_close(std::string_view s, std::size_t from) {
  if (from >= memo.no_display_from) return std::string_view::npos;
  std::size_t j = s.find("$$", from);
  if (j == std::string_view::npos) memo.no_display_from = from;
  return j;
}

cmark_node* math_node(std::string_view tex, const char* kind) {
  cmark_node* node = cmark_node_new(CMARK_NODE_CODE);
  cmark_node_set_literal(node, std::string(tex).c_str());
  cmark_node_set_user_data(node, const_cast<char*>(kind));
  return node;
}

cmark_node* match(cmark_syntax_extension*, cmark_parser*, cmark_node* parent, unsigned char c, cmark_inline_parser* ip) {
  if (c != '$') return nullptr;
  const auto* chunk = reinterpret_cast<const ChunkView*>(cmark_inline_parser_get_chunk(ip));
  if (memo.parent != parent || memo.data != chunk->data || memo.len != chunk->len) memo = {parent, chunk->data, chunk->len};
  std::string_view s(reinterpret_cast<const char*>(chunk->data), static_cast<std::size_t>(chunk->len));
  std::size_t pos = static_cast<std::size_t>(cmark_inline_parser_get_offset(ip));
  if (pos + 1 < s.size() && s[pos + 1] == '$') {
    std::size_t close = display_close(s, pos + 2);
    if (close == std::string_view::npos || close == pos + 2) {
      cmark_inline_parser_set_offset(ip, static_cast<int>(pos + 2));  // "$$" unclosed or empty: text
      return make_text("$$");
    }
    cmark_inline_parser_set_offset(ip, static_cast<int>(close + 2));
    return math_node(s.substr(pos + 2, close - pos - 2), &display_math);
  }
  if (pos + 1 >= s.size() || space(s[pos + 1])) return nullptr;
  std::size_t close = inline_close(s, pos + 1);
  if (close == std::string_view::npos) return nullptr;
  cmark_inline_parser_set_offset(ip, static_cast<int>(close + 1));
  return math_node(s.substr(pos + 1, close - pos - 1), &inline_math);
}

bool is_math(cmark_node* node) {
  void* data = cmark_node_get_user_data(node);
  return data == &inline_math || data == &display_math;
}

}  // namespace

cmark_syntax_extension* math_extension() {
  static cmark_syntax_extension* ext = [] {
    cmark_syntax_extension* e = cmark_syntax_extension_new("anthology-math");
    cmark_syntax_extension_set_match_inline_func(e, match);
    cmark_llist* chars = cmark_llist_append(cmark_get_default_mem_allocator(), nullptr, reinterpret_cast<void*>(std::uintptr_t{'$'}));
    cmark_syntax_extension_set_special_inline_chars(e, chars);
    return e;
  }();
  return ext;
}

void reset_math_scan() { memo = {}; }

void render_math(cmark_node* doc) {
  for (cmark_node* node : collect(doc, {CMARK_NODE_CODE})) {
    if (!is_math(node)) continue;
    bool display = cmark_node_get_user_data(node) == &display_math;
    std::string html = display ? "<span class=\"math display\">\\[" : "<span class=\"math inline\">\\(";
    util::append_escaped_html(html, literal_of(node));
    html += display ? "\\]</span>" : "\\)</span>";
    cmark_node_insert_before(node, make_generated_html(html));
    cmark_node_free(node);
  }
}

}  // namespace anth::ingest
