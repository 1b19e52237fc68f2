#pragma once
// Who links to each node: every typed relation into it, grouped by the note it comes from in id order,
// with the body links that make a backlink a mention and the text around the first of them; the
// notes whose bodies use each TERM; and each vertex's degree.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/graph/graph.h"
#include "core/model/link_excerpts.h"
#include "render/site/site_vertices.h"

namespace anth::render::site {

// One note that links to a node, and how.
struct Backlink {
  std::size_t from;                     // vertex
  std::vector<std::string_view> kinds;  // typed relations, in relation_kinds() order
  bool mentions = false;                // a body wikilink
  // The first body link of `from` here (into its RenderedBody::links), whose excerpt the page shows, for
  // the first excerpts_cap backlinks; no_excerpt otherwise. The excerpt is cut when a page asks
  // (excerpt()): held for every backlink, the copies were 50 MB at 100,000 notes.
  static constexpr std::uint32_t no_excerpt = ~std::uint32_t{0};
  std::uint32_t excerpt_link = no_excerpt;
};

// The text around the backlink's first body link in `from` (its note), or "" without one.
std::string excerpt(const Backlink& b, const Note& from);
// What that excerpt is cut from (LinkExcerpts::window_of), for a page key; nullopt without one.
std::optional<ExcerptWindow> excerpt_window(const Backlink& b, const Note& from);

class SiteBacklinks {
 public:
  // From the graph's edges; bodies are added with add_body().
  SiteBacklinks(const graph::Graph& graph, const SiteVertices& vertices, std::size_t excerpts_cap);

  // v's body, in id order: its first link to each other note marks that backlink a mention (with an
  // excerpt, for the first excerpts_cap backlinks of the target), and `terms` (vertices of the TERMs
  // its body uses) list v as mentioning them.
  void add_body(std::size_t v, const Note& n, const std::vector<std::size_t>& terms);

  // v's body passed again after its note changed in place, the edges as they were (a resident site's
  // patch): the backlinks of the notes it links now or linked (`linked_before`) made again from the
  // edges and its body, and it is listed as mentioning `terms_after` instead of `terms_before`.
  void patch_body(const graph::Graph& graph, std::size_t v, const Note& n, const std::vector<std::uint32_t>& linked_before,
                  const std::vector<std::size_t>& terms_before, const std::vector<std::size_t>& terms_after);

  const std::vector<Backlink>& of(std::size_t v) const { return backlinks_[v]; }
  const std::vector<std::uint32_t>& mentioned_in(std::size_t v) const { return mentioned_in_[v]; }
  std::size_t degree(std::size_t v) const { return degree_[v]; }

 private:
  Backlink* from(std::size_t target, std::size_t source);
  // The body links of v mark the backlinks they make mentions, with their excerpts.
  void add_links(std::size_t v, const Note& n);
  // A relation's kind as held here, not in the note (a note changed in place would leave it dangling).
  std::string_view kind_of(std::string_view kind);
  // The kinds of a backlink in their order.
  static void order_kinds(Backlink& b);
  std::set<std::string, std::less<>> kinds_;

  const SiteVertices& vertices_;
  std::size_t excerpts_cap_;
  std::vector<std::size_t> degree_;
  std::vector<std::vector<Backlink>> backlinks_;
  std::vector<std::vector<std::uint32_t>> mentioned_in_;
};

}  // namespace anth::render::site
