#include "ingest/embeds.h"

#include <algorithm>
#include <string>
#include <unordered_set>

#include "ingest/body_tree.h"

namespace anth::ingest {

namespace {

std::optional<int> number(std::string_view digits) {
  if (digits.empty() || digits.size() > 5 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  int n = 0;
  for (char c : digits) n = n * 10 + (c - '0');
  return n;
}

}  // namespace

std::optional<std::pair<int, int>> embed_size(std::string_view display) {
  std::size_t x = display.find('x');
  auto width = number(display.substr(0, x));
  if (!width) return std::nullopt;
  if (x == std::string_view::npos) return std::pair{*width, 0};
  auto height = number(display.substr(x + 1));
  if (!height) return std::nullopt;
  return std::pair{*width, *height};
}

void unwrap_embed_paragraphs(const std::vector<cmark_node*>& embeds) {
  std::unordered_set<cmark_node*> is_embed(embeds.begin(), embeds.end()), done;
  for (cmark_node* embed : embeds) {
    cmark_node* para = cmark_node_parent(embed);
    if (!para || cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH || !done.insert(para).second) continue;
    bool only_embeds = true;
    for (cmark_node* c = cmark_node_first_child(para); c && only_embeds; c = cmark_node_next(c)) {
      cmark_node_type t = cmark_node_get_type(c);
      if (is_embed.count(c) || t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK) continue;
      std::string_view text = t == CMARK_NODE_TEXT ? literal_of(c) : std::string_view("x");
      only_embeds = text.find_first_not_of(" \t") == std::string_view::npos;
    }
    if (!only_embeds) continue;
    cmark_node* block = make_custom(CMARK_NODE_CUSTOM_BLOCK, "", "");
    cmark_node_insert_before(para, block);
    move_children_and_free(para, block);
  }
}

}  // namespace anth::ingest
