#include "ingest/highlight.h"

#include <map>
#include <string>
#include <vector>

#include "ingest/body_tree.h"

namespace anth::ingest {

namespace {

bool space(char c) { return c == ' ' || c == '\t' || c == '\n'; }

struct Run {
  cmark_node* node;
  std::size_t at;
  bool can_open, can_close;
};

// The runs of exactly two '=' in one text node.
void runs_of(cmark_node* node, std::vector<Run>& out) {
  std::string_view t = literal_of(node);
  for (std::size_t i = t.find("=="); i != std::string_view::npos; i = t.find("==", i)) {
    std::size_t n = 0;
    while (i + n < t.size() && t[i + n] == '=') ++n;
    if (n == 2 && (i == 0 || t[i - 1] != '=')) {
      bool after = i + 2 < t.size() ? !space(t[i + 2]) : cmark_node_next(node) != nullptr;
      bool before = i > 0 ? !space(t[i - 1]) : cmark_node_previous(node) != nullptr;
      out.push_back({node, i, after, before});
    }
    i += n;
  }
}

// Rewrites one text node around its paired runs (offsets, in order; true for an opener).
void split(cmark_node* node, const std::vector<std::pair<std::size_t, bool>>& cuts) {
  std::string text(literal_of(node));
  std::size_t done = 0;
  for (auto [at, open] : cuts) {
    if (at > done) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done, at - done)));
    cmark_node_insert_before(node, make_generated_html(open ? "<mark>" : "</mark>"));
    done = at + 2;
  }
  if (done < text.size()) cmark_node_insert_before(node, make_text(std::string_view(text).substr(done)));
  cmark_node_free(node);
}

}  // namespace

void mark_highlights(cmark_node* doc) {
  std::map<cmark_node*, std::vector<Run>> by_parent;  // runs of each container, in document order
  std::vector<cmark_node*> parents;
  for (cmark_node* node : collect(doc, {CMARK_NODE_TEXT})) {
    if (literal_of(node).find("==") == std::string_view::npos || inside_link(node)) continue;
    cmark_node* parent = cmark_node_parent(node);
    auto [it, fresh] = by_parent.try_emplace(parent);
    if (fresh) parents.push_back(parent);
    runs_of(node, it->second);
  }
  std::map<cmark_node*, std::vector<std::pair<std::size_t, bool>>> cuts;
  std::vector<cmark_node*> cut_nodes;
  for (cmark_node* parent : parents) {
    const Run* open = nullptr;
    for (const Run& r : by_parent[parent]) {
      if (open && r.can_close) {
        for (const Run* x : {open, &r}) {
          auto [it, fresh] = cuts.try_emplace(x->node);
          if (fresh) cut_nodes.push_back(x->node);
          it->second.emplace_back(x->at, x == open);
        }
        open = nullptr;
      } else if (!open && r.can_open) {
        open = &r;
      }
    }
  }
  for (cmark_node* node : cut_nodes) split(node, cuts[node]);
}

}  // namespace anth::ingest
