#include "render/site/site_context.h"

#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <tuple>
#include <unordered_set>
#include <unordered_map>

#include "core/model/schema.h"
#include "render/site/html.h"
#include "core/util/thread_pool.h"

namespace anth::site {

namespace {

std::size_t kind_rank(std::string_view kind) {
  const auto& kinds = relation_kinds();
  return static_cast<std::size_t>(std::find(kinds.begin(), kinds.end(), kind) - kinds.begin());
}

constexpr std::size_t body_window = 256;  // bodies read ahead of their use, at most

// A body's pass result.
struct PassedBody {
  FilledBody body;
  SearchDoc doc;  // when the search index is built
  DocTerms terms;
};

// What a body draws from other notes: each link's resolved id and what a link to it shows.
template <class Target>
std::uint64_t body_dependencies_of(const Note& n, const Target& target) {
  std::string made_of;
  for (const BodyLink& l : n.rendered.links) {
    LinkTarget t = l.resolved.empty() ? LinkTarget{} : target(l.resolved);
    made_of.append(l.resolved).append(1, '\0').append(t.title).append(1, '\0').append(t.kind).append(1, '\0');
  }
  return XXH3_64bits(made_of.data(), made_of.size());
}

SearchDoc search_doc(const Note& n) {
  std::string aliases, text;
  for (const std::string& a : n.aliases) aliases += a + " ";
  for (const std::string* part : {&n.short_definition, &n.plain})
    if (!part->empty()) text += *part + "\n";
  text += n.rendered.plain;
  return {n.id, n.title.empty() ? n.id : n.title, aliases, n.kind ? kind_name(*n.kind) : "?", node_file(n.id), std::move(text)};
}

}  // namespace

std::string_view SiteContext::kind_class(const Note& n) {
  if (!n.kind) return "unknown";
  switch (*n.kind) {
    case Kind::Lit: return "lit";
    case Kind::Note: return "note";
    case Kind::Sota: return "sota";
    case Kind::Theory: return "theory";
    case Kind::Term: return "term";
  }
  return "unknown";
}

SiteContext::SiteContext(const SiteInput& input, const DocUse& on_doc)
    : input_(input),
      glossary_(input.corpus),
      adjacency_(input.graph),
      threads_(input.options.threads ? input.options.threads : worker_count()),
      layouts_(input.options.layout_cache.empty() ? std::make_unique<LayoutCache>()
                                                  : std::make_unique<LayoutCache>(input.options.layout_cache)),
      bodies_(input.graph.vertex_count()) {
  const Graph& g = input.graph;
  std::size_t count = g.vertex_count();
  by_id_.resize(count);
  for (std::size_t v = 0; v < count; ++v) by_id_[v] = v;
  std::sort(by_id_.begin(), by_id_.end(), [&](std::size_t a, std::size_t b) { return g.note(a).id < g.note(b).id; });
  rank_.resize(count);
  for (std::size_t r = 0; r < count; ++r) rank_[by_id_[r]] = static_cast<std::uint32_t>(r);
  const std::vector<std::uint32_t>& rank = rank_;

  // What every link to a vertex shows, once rather than on every page or body that links it.
  files_.resize(count);
  labels_.resize(count);
  link_targets_.resize(count);
  for (std::size_t v = 0; v < count; ++v) {
    const Note& n = g.note(v);
    vertex_of_.emplace(n.id, static_cast<std::uint32_t>(v));
    if (const Note* named = input.corpus.find(n.id)) link_targets_[v] = {n.id, named->title, kind_class(*named)};
    else link_targets_[v] = {n.id, "", ""};
    files_[v] = node_file(n.id);
    // A glossary term is known by its name; every other node by its id and title.
    labels_[v] = n.kind == Kind::Term && !n.title.empty() ? n.title : n.id + (n.title.empty() ? "" : " \u2014 " + n.title);
  }

  for (std::size_t v : by_id_) by_path_.try_emplace(g.note(v).path, &g.note(v));

  // Degrees, and every in-edge by target (rank of the source, relation kind).
  degree_.assign(count, 0);
  std::vector<std::vector<std::pair<std::uint32_t, std::string_view>>> incoming(count);
  for (std::size_t v = 0; v < count; ++v)
    for (const Edge& e : g.out_edges(v)) {
      ++degree_[e.from];
      ++degree_[e.to];
      if (e.from == e.to) continue;
      incoming[e.to].emplace_back(rank[e.from], e.relation->kind);
    }

  // Backlinks: every in-edge, grouped by the note it comes from, in id order. Bodies add excerpts below.
  backlinks_.resize(count);
  for (std::size_t v = 0; v < count; ++v) {
    auto& in = incoming[v];
    std::stable_sort(in.begin(), in.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < in.size();) {
      Backlink b{by_id_[in[i].first], {}, false, {}};
      for (std::uint32_t from = in[i].first; i < in.size() && in[i].first == from; ++i) {
        std::string_view kind = in[i].second;
        if (kind == "mentions") b.mentions = true;
        else if (std::find(b.kinds.begin(), b.kinds.end(), kind) == b.kinds.end()) b.kinds.push_back(kind);
      }
      std::sort(b.kinds.begin(), b.kinds.end(), [](std::string_view x, std::string_view y) { return kind_rank(x) < kind_rank(y); });
      backlinks_[v].push_back(std::move(b));
    }
    std::vector<std::pair<std::uint32_t, std::string_view>>().swap(in);
  }

  // A body link marks its source's backlink as a mention; the first excerpts_cap backlinks of each
  // target keep the text around it (a hub linked from thousands of notes shows the first hundred).
  auto backlink_from = [&](std::size_t target, std::size_t from) -> Backlink* {
    auto& list = backlinks_[target];
    auto it = std::lower_bound(list.begin(), list.end(), rank[from],
                               [&](const Backlink& b, std::uint32_t r) { return rank[b.from] < r; });
    return it != list.end() && it->from == from ? &*it : nullptr;
  };
  mentioned_in_.resize(count);
  body_dependencies_.assign(count, 0);
  // When the current site recorded keys for most pages, most pages will be kept (page_keys.h): the
  // pass then fills in no HTML, only the terms, and the few pages rendered fill their bodies again.
  bodies_kept_ = input.options.recorded.size() < count / 2;
  auto target = [this](std::string_view id) { return link_target(id); };
  ordered_parallel<PassedBody>(
      count, threads_, body_window,
      [&](std::size_t i) {
        const Note& n = g.note(by_id_[i]);
        PassedBody p;
        p.body = fill_body(n, target, glossary_, bodies_kept_);
        if (on_doc) {
          p.doc = search_doc(n);
          p.terms = count_terms(p.doc);
        }
        return p;
      },
      [&](std::size_t i, PassedBody& p) {
        if (input.options.progress) input.options.progress("bodies", i + 1, count);
        std::size_t v = by_id_[i];
        const Note& n = g.note(v);
        body_dependencies_[v] = body_dependencies_of(n, target);
        if (bodies_kept_) bodies_.put(v, p.body.html);
        if (on_doc) on_doc(v, p.doc, p.terms);
        // The first body link to each other note, with the text around it (ingest kept it with the
        // first link to each target as written, which the first to each note is).
        std::unordered_set<std::string_view> linked;
        for (const BodyLink& l : n.rendered.links) {
          if (l.file || l.resolved.empty() || l.resolved == n.id || !linked.insert(l.resolved).second) continue;
          if (auto t = vertex(l.resolved))
            if (Backlink* back = backlink_from(*t, v)) {
              back->mentions = true;
              if (static_cast<std::size_t>(back - backlinks_[*t].data()) < input.options.excerpts_cap) back->excerpt = l.excerpt;
            }
        }
        for (std::size_t term : p.body.terms)
          if (auto t = vertex(glossary_.terms()[term].id)) mentioned_in_[*t].push_back(static_cast<std::uint32_t>(v));
      });


  for (std::size_t i = 0; i < input.diagnostics.size(); ++i) diagnostics_by_file_[input.diagnostics[i].where.file].push_back(i);

  for (const StoredKernelResult& r : input.kernel_results) {
    auto [it, fresh] = kernel_by_node_.try_emplace(r.node, &r);
    if (!fresh && std::tie(r.checked_at, r.kernel) > std::tie(it->second->checked_at, it->second->kernel)) it->second = &r;
  }
}

std::string SiteContext::render_body_of(std::size_t v) const {
  if (bodies_kept_)
    if (std::optional<std::string> kept = bodies_.get(v)) return std::move(*kept);
  // Not kept: filled in again.
  return std::move(fill_body(input_.graph.note(v), [this](std::string_view id) { return link_target(id); }, glossary_).html);
}

LinkTarget SiteContext::link_target(std::string_view id) const {
  std::optional<std::size_t> v = vertex(id);
  return v ? link_targets_[*v] : LinkTarget{};
}

std::vector<std::size_t> SiteContext::neighbourhood(std::size_t v, std::size_t cap) const {
  Graph::NeighborhoodOptions o;
  o.depth = 2;
  o.cap = cap;
  o.expand = Graph::NeighborhoodOptions::Expand::SparseFirst;
  std::vector<std::size_t> out;
  for (const Graph::Reached& r : input_.graph.neighborhood(v, o)) out.push_back(r.vertex);
  return out;
}

std::optional<std::size_t> SiteContext::vertex(std::string_view id) const {
  auto it = vertex_of_.find(id);
  if (it == vertex_of_.end()) return std::nullopt;
  return it->second;
}

const Note* SiteContext::note_at(std::string_view path) const {
  auto it = by_path_.find(std::string(path));
  return it == by_path_.end() ? nullptr : it->second;
}

std::vector<const Diagnostic*> SiteContext::diagnostics_of(std::string_view path) const {
  std::vector<const Diagnostic*> out;
  if (auto it = diagnostics_by_file_.find(path); it != diagnostics_by_file_.end())
    for (std::size_t i : it->second) out.push_back(&input_.diagnostics[i]);
  return out;
}

const StoredKernelResult* SiteContext::kernel_result(std::string_view id) const {
  auto it = kernel_by_node_.find(id);
  return it == kernel_by_node_.end() ? nullptr : it->second;
}

}  // namespace anth::site
