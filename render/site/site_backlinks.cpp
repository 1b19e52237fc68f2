#include "render/site/site_backlinks.h"

#include <algorithm>
#include <unordered_set>

#include "core/model/schema.h"

namespace anth::render::site {

namespace {

std::size_t kind_rank(std::string_view kind) {
  const auto& kinds = relation_kinds();
  return static_cast<std::size_t>(std::find(kinds.begin(), kinds.end(), kind) - kinds.begin());
}

}  // namespace

SiteBacklinks::SiteBacklinks(const graph::Graph& g, const SiteVertices& vertices, std::size_t excerpts_cap)
    : vertices_(vertices), excerpts_cap_(excerpts_cap) {
  const std::size_t count = g.vertex_count();
  // Degrees, and every in-edge by target (rank of the source, relation kind).
  degree_.assign(count, 0);
  std::vector<std::vector<std::pair<std::uint32_t, std::string_view>>> incoming(count);
  for (std::size_t v = 0; v < count; ++v)
    for (const graph::Edge& e : g.out_edges(v)) {
      ++degree_[e.from];
      ++degree_[e.to];
      if (e.from == e.to) continue;
      incoming[e.to].emplace_back(vertices.rank(e.from), kind_of(e.relation->kind));
    }

  // Every in-edge, grouped by the note it comes from, in id order.
  backlinks_.resize(count);
  for (std::size_t v = 0; v < count; ++v) {
    auto& in = incoming[v];
    std::stable_sort(in.begin(), in.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < in.size();) {
      Backlink b{vertices.by_id()[in[i].first], {}, false};
      for (std::uint32_t from = in[i].first; i < in.size() && in[i].first == from; ++i) {
        std::string_view kind = in[i].second;
        if (kind == "mentions") b.mentions = true;
        else if (std::find(b.kinds.begin(), b.kinds.end(), kind) == b.kinds.end()) b.kinds.push_back(kind);
      }
      order_kinds(b);
      backlinks_[v].push_back(std::move(b));
    }
    std::vector<std::pair<std::uint32_t, std::string_view>>().swap(in);
  }
  mentioned_in_.resize(count);
}

std::string_view SiteBacklinks::kind_of(std::string_view kind) {
  auto it = kinds_.find(kind);
  if (it == kinds_.end()) it = kinds_.emplace(kind).first;
  return *it;
}

void SiteBacklinks::order_kinds(Backlink& b) {
  // Properties' keys have no rank: after the schema's relations, by name.
  std::sort(b.kinds.begin(), b.kinds.end(),
            [](std::string_view x, std::string_view y) { return std::pair(kind_rank(x), x) < std::pair(kind_rank(y), y); });
}

std::string excerpt(const Backlink& b, const Note& from) {
  return b.excerpt_link == Backlink::no_excerpt ? std::string() : from.rendered.excerpts.of(b.excerpt_link);
}

std::optional<ExcerptWindow> excerpt_window(const Backlink& b, const Note& from) {
  if (b.excerpt_link == Backlink::no_excerpt) return std::nullopt;
  return from.rendered.excerpts.window_of(b.excerpt_link);
}

Backlink* SiteBacklinks::from(std::size_t target, std::size_t source) {
  auto& list = backlinks_[target];
  const auto& rank = vertices_.ranks();
  auto it = std::lower_bound(list.begin(), list.end(), rank[source],
                             [&](const Backlink& b, std::uint32_t r) { return rank[b.from] < r; });
  return it != list.end() && it->from == source ? &*it : nullptr;
}

void SiteBacklinks::add_body(std::size_t v, const Note& n, const std::vector<std::size_t>& terms) {
  add_links(v, n);
  for (std::size_t t : terms) mentioned_in_[t].push_back(static_cast<std::uint32_t>(v));
}

void SiteBacklinks::patch_body(const graph::Graph& g, std::size_t v, const Note& n, const std::vector<std::uint32_t>& linked_before,
                               const std::vector<std::size_t>& terms_before, const std::vector<std::size_t>& terms_after) {
  // The backlink from v to `target` as its edges make it, before v's body adds to it.
  auto reset = [&](std::size_t target) {
    Backlink* b = target == v ? nullptr : from(target, v);
    if (!b) return;
    b->kinds.clear();
    b->mentions = false;
    b->excerpt_link = Backlink::no_excerpt;
    for (const graph::Edge& e : g.in_edges(target)) {
      if (e.from != v) continue;
      std::string_view kind = kind_of(e.relation->kind);
      if (kind == "mentions") b->mentions = true;
      else if (std::find(b->kinds.begin(), b->kinds.end(), kind) == b->kinds.end()) b->kinds.push_back(kind);
    }
    order_kinds(*b);
  };
  for (const graph::Edge& e : g.out_edges(v)) reset(e.to);
  for (std::uint32_t t : linked_before) reset(t);
  add_links(v, n);
  const auto& rank = vertices_.ranks();
  for (std::size_t t : terms_before) std::erase(mentioned_in_[t], static_cast<std::uint32_t>(v));
  for (std::size_t t : terms_after) {
    auto& list = mentioned_in_[t];
    list.insert(std::upper_bound(list.begin(), list.end(), rank[v], [&](std::uint32_t r, std::uint32_t w) { return r < rank[w]; }),
                static_cast<std::uint32_t>(v));
  }
}

void SiteBacklinks::add_links(std::size_t v, const Note& n) {
  // The first body link to each other note, with the text around it (ingest kept it with the first
  // link to each target as written, which the first to each note is).
  std::unordered_set<std::string_view> linked;
  for (std::size_t i = 0; i < n.rendered.links.size(); ++i) {
    const BodyLink& l = n.rendered.links[i];
    if (l.file || l.resolved.empty() || l.resolved == n.id || !linked.insert(l.resolved).second) continue;
    if (auto t = vertices_.vertex(l.resolved))
      if (Backlink* back = from(*t, v)) {
        back->mentions = true;
        if (static_cast<std::size_t>(back - backlinks_[*t].data()) < excerpts_cap_) back->excerpt_link = static_cast<std::uint32_t>(i);
      }
  }
}

}  // namespace anth::render::site
