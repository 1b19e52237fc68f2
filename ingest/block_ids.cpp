#include "ingest/block_ids.h"

#include <algorithm>
#include <string_view>

#include "ingest/body_tree.h"

namespace anth::ingest {

namespace {

constexpr char placeholder = '\x17';

bool id_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'; }

// The length of " ^id" ending `text` (or "^id" when it is all of it), 0 when none.
std::size_t id_suffix(std::string_view text) {
  std::size_t i = text.size();
  while (i > 0 && id_char(text[i - 1])) --i;
  if (i == text.size() || i == 0 || text[i - 1] != '^') return 0;
  if (i == 1) return text.size();
  return text[i - 2] == ' ' || text[i - 2] == '\t' ? text.size() - i + 2 : 0;
}

}  // namespace

std::vector<BlockId> mark_block_ids(cmark_node* doc) {
  std::vector<BlockId> ids;
  for (cmark_node* p : collect(doc, {CMARK_NODE_PARAGRAPH})) {
    cmark_node* last = cmark_node_last_child(p);
    if (!last || cmark_node_get_type(last) != CMARK_NODE_TEXT) continue;
    std::string text(literal_of(last));
    std::size_t n = id_suffix(text);
    if (n == 0) continue;
    std::string id = text.substr(text.find('^', text.size() - n) + 1);
    ids.push_back({id, cmark_node_get_end_line(p)});
    text.resize(text.size() - n);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
    if (text.empty() && cmark_node_previous(last) == nullptr) {
      // Only "^id": an anchor where the paragraph was.
      cmark_node* anchor = make_custom(CMARK_NODE_CUSTOM_BLOCK, "<div id=\"^" + id + "\"></div>", "");
      cmark_node_insert_before(p, anchor);
      cmark_node_free(p);
      continue;
    }
    if (text.empty()) cmark_node_free(last);
    else cmark_node_set_literal(last, text.c_str());
    std::string mark = "<";
    mark += placeholder;
    cmark_node_prepend_child(p, make_generated_html(mark + id + ">"));
  }
  return ids;
}

void place_block_ids(std::string& html) {
  const std::string start = std::string("<") + placeholder;
  if (html.find(start) == std::string::npos) return;
  std::string out;
  out.reserve(html.size() + 64);
  std::size_t done = 0;
  for (std::size_t at = html.find(start); at != std::string::npos; at = html.find(start, done)) {
    std::size_t end = html.find('>', at);
    if (end == std::string::npos) break;
    std::string id = html.substr(at + 2, end - at - 2);
    // The element just opened before it: "<p>" or "<li>" (after a task's checkbox at most).
    std::size_t lo = std::max(at > 120 ? at - 120 : 0, done), tag = std::string::npos;
    std::string_view region(html.data() + lo, at - lo);
    for (std::string_view open : {"<p>", "<li>"}) {
      std::size_t found = region.rfind(open);
      if (found != std::string_view::npos && (tag == std::string::npos || lo + found > tag)) tag = lo + found;
    }
    if (tag != std::string::npos) {
      std::size_t name_end = html.find('>', tag);
      out.append(html, done, name_end - done).append(" id=\"^").append(id).append("\"");
      out.append(html, name_end, at - name_end);
    } else {
      out.append(html, done, at - done);
    }
    done = end + 1;
  }
  out.append(html, done);
  html = std::move(out);
}

}  // namespace anth::ingest
