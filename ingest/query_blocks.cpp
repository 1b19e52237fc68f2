#include "ingest/query_blocks.h"

#include <string_view>

#include "ingest/body_tree.h"

namespace anth::ingest {

namespace {

// The info string's first word (```anthology title="x"``` is a query block too).
bool is_query_block(cmark_node* node) {
  int length = 0, offset = 0;
  char fence = 0;
  if (!cmark_node_get_fenced(node, &length, &offset, &fence)) return false;
  const char* info = cmark_node_get_fence_info(node);
  std::string_view word = info ? info : "";
  word = word.substr(0, word.find_first_of(" \t"));
  return word == query_block_info;
}

}  // namespace

void take_query_blocks(cmark_node* doc, int line_offset, RenderedBody& out) {
  for (cmark_node* node : collect(doc, {CMARK_NODE_CODE_BLOCK})) {
    if (!is_query_block(node)) continue;
    std::string text(literal_of(node));
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    const int start = cmark_node_get_start_line(node);
    out.queries.push_back({std::move(text), start > 0 ? start + 1 + line_offset : 0, cmark_node_get_start_column(node)});
    std::string marker = std::string("<") + body_query_block + std::to_string(out.queries.size() - 1) + ">";
    cmark_node* placeholder = make_custom(CMARK_NODE_CUSTOM_BLOCK, marker, "");
    cmark_node_insert_before(node, placeholder);
    cmark_node_free(node);  // unlinks it too
  }
}

}  // namespace anth::ingest
