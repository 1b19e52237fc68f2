#include "render/site/site_context.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <tuple>

#include "core/model/schema.h"
#include "render/site/parallel.h"

namespace anth::site {

namespace {

std::string fold(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string stem_of(std::string_view path) {
  std::size_t slash = path.find_last_of('/');
  std::string_view name = path.substr(slash == std::string_view::npos ? 0 : slash + 1);
  if (name.size() > 3 && name.substr(name.size() - 3) == ".md") name.remove_suffix(3);
  return std::string(name);
}

std::size_t kind_rank(std::string_view kind) {
  const auto& kinds = relation_kinds();
  return static_cast<std::size_t>(std::find(kinds.begin(), kinds.end(), kind) - kinds.begin());
}

// The first body link of each (source, target) pair: what a backlink quotes.
struct LinkRecord {
  std::uint32_t from;
  std::string excerpt;
};

constexpr std::size_t body_block = 256;  // bodies rendered in parallel, then consumed in order

}  // namespace

std::string SiteContext::kind_class(const Note& n) {
  if (!n.kind) return "unknown";
  return fold(kind_name(*n.kind));
}

SiteContext::SiteContext(const SiteInput& input, const std::function<void(std::size_t, const RenderedBody&)>& on_body)
    : input_(input),
      glossary_(input.corpus),
      threads_(input.options.threads ? input.options.threads : worker_count()),
      layouts_(input.options.layout_cache.empty() ? std::make_unique<LayoutCache>()
                                                  : std::make_unique<LayoutCache>(input.options.layout_cache)) {
  const Graph& g = input.graph;
  std::size_t count = g.vertex_count();
  by_id_.resize(count);
  for (std::size_t v = 0; v < count; ++v) by_id_[v] = v;
  std::sort(by_id_.begin(), by_id_.end(), [&](std::size_t a, std::size_t b) { return g.note(a).id < g.note(b).id; });
  std::vector<std::uint32_t> rank(count);
  for (std::size_t r = 0; r < count; ++r) rank[by_id_[r]] = static_cast<std::uint32_t>(r);

  // Resolution tables: ids and stems first, then titles and aliases; the first (by id) keeps a name.
  for (std::size_t v : by_id_) {
    const Note& n = g.note(v);
    by_folded_id_.try_emplace(fold(n.id), n.id);
    by_path_.try_emplace(n.path, &n);
  }
  for (std::size_t v : by_id_) {
    const Note& n = g.note(v);
    by_folded_id_.try_emplace(fold(stem_of(n.path)), n.id);
    if (!n.title.empty()) by_folded_name_.try_emplace(fold(n.title), n.id);
    for (const std::string& a : n.aliases) by_folded_name_.try_emplace(fold(a), n.id);
  }

  // Neighbours both ways, and every in-edge by target.
  neighbours_.resize(count);
  degree_.assign(count, 0);
  std::vector<std::vector<Edge>> incoming(count);
  for (std::size_t v = 0; v < count; ++v)
    for (const Edge& e : g.out_edges(v)) {
      ++degree_[e.from];
      ++degree_[e.to];
      if (e.from == e.to) continue;
      neighbours_[e.from].push_back(static_cast<std::uint32_t>(e.to));
      neighbours_[e.to].push_back(static_cast<std::uint32_t>(e.from));
      incoming[e.to].push_back(e);
    }
  for (auto& list : neighbours_) {
    std::sort(list.begin(), list.end(), [&](std::uint32_t a, std::uint32_t b) { return rank[a] < rank[b]; });
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }

  // Every body, once: rendered in parallel blocks, consumed in id order.
  body_options_.glossary = &glossary_;
  body_options_.allow_raw_html = input.options.allow_raw_html;
  body_options_.resolve = [this](const Note& from, std::string_view target) {
    std::string id;
    for (const Wikilink& w : from.wikilinks)
      if (w.target == target && !w.resolved.empty()) {
        id = w.resolved;
        break;
      }
    if (id.empty() || !input_.graph.vertex(id)) id = resolve(target);
    WikilinkTarget out;
    if (id.empty()) return out;
    const Note* n = input_.corpus.find(id);
    out.id = id;
    if (n) {
      out.title = n->title;
      out.kind = kind_class(*n);
    }
    return out;
  };
  body_options_.resolve_file = [this](std::string_view path) { return resolve(stem_of(path)); };

  std::vector<std::vector<LinkRecord>> links_to(count);  // target -> first link from each source
  std::vector<std::set<std::uint32_t>> term_users(count);
  std::vector<RenderedBody> block(body_block);
  for (std::size_t start = 0; start < count; start += body_block) {
    std::size_t n = std::min(body_block, count - start);
    BodyOptions scan = body_options_;
    scan.render_html = false;
    parallel_for(n, threads_, [&](std::size_t i, unsigned) { block[i] = render_body(g.note(by_id_[start + i]), scan); });
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t v = by_id_[start + i];
      RenderedBody& b = block[i];
      if (on_body) on_body(v, b);
      for (BodyLink& l : b.links)
        if (auto t = g.vertex(l.target)) links_to[*t].push_back({static_cast<std::uint32_t>(v), std::move(l.excerpt)});
      for (const std::string& term : b.terms)
        if (auto t = g.vertex(term)) term_users[*t].insert(static_cast<std::uint32_t>(v));
      b = RenderedBody();
    }
  }

  // Backlinks: every in-edge, grouped by the note it comes from, in id order.
  backlinks_.resize(count);
  for (std::size_t v = 0; v < count; ++v) {
    std::map<std::uint32_t, Backlink> by_from;  // by rank
    for (const Edge& e : incoming[v]) {
      Backlink& b = by_from[rank[e.from]];
      b.from = e.from;
      if (e.relation->kind == "mentions") b.mentions = true;
      else if (std::find(b.kinds.begin(), b.kinds.end(), e.relation->kind) == b.kinds.end()) b.kinds.push_back(e.relation->kind);
    }
    for (LinkRecord& l : links_to[v]) {
      auto it = by_from.find(rank[l.from]);
      if (it == by_from.end()) continue;
      it->second.mentions = true;
      if (it->second.excerpt.empty()) it->second.excerpt = std::move(l.excerpt);
    }
    for (auto& [r, b] : by_from) {
      std::sort(b.kinds.begin(), b.kinds.end(), [](const std::string& x, const std::string& y) { return kind_rank(x) < kind_rank(y); });
      backlinks_[v].push_back(std::move(b));
    }
  }

  mentioned_in_.resize(count);
  for (std::size_t v = 0; v < count; ++v) {
    std::vector<std::uint32_t> users(term_users[v].begin(), term_users[v].end());
    std::sort(users.begin(), users.end(), [&](std::uint32_t a, std::uint32_t b) { return rank[a] < rank[b]; });
    mentioned_in_[v].assign(users.begin(), users.end());
  }

  for (std::size_t i = 0; i < input.diagnostics.size(); ++i) diagnostics_by_file_[input.diagnostics[i].where.file].push_back(i);

  for (const StoredKernelResult& r : input.kernel_results) {
    auto [it, fresh] = kernel_by_node_.try_emplace(r.node, &r);
    if (!fresh && std::tie(r.checked_at, r.kernel) > std::tie(it->second->checked_at, it->second->kernel)) it->second = &r;
  }
}

RenderedBody SiteContext::render_body_of(std::size_t v) const { return render_body(input_.graph.note(v), body_options_); }

std::vector<std::size_t> SiteContext::neighbourhood(std::size_t v, std::size_t cap) const {
  std::vector<std::size_t> out{v};
  std::set<std::size_t> seen{v};
  for (std::uint32_t w : neighbours_[v]) {
    if (out.size() >= cap) return out;
    if (seen.insert(w).second) out.push_back(w);
  }
  // Depth 2, through the least connected neighbours first: a hub's neighbours say little about v.
  std::vector<std::uint32_t> through(neighbours_[v].begin(), neighbours_[v].end());
  std::stable_sort(through.begin(), through.end(), [&](std::uint32_t a, std::uint32_t b) { return degree_[a] < degree_[b]; });
  for (std::uint32_t u : through)
    for (std::uint32_t w : neighbours_[u]) {
      if (out.size() >= cap) return out;
      if (seen.insert(w).second) out.push_back(w);
    }
  return out;
}

std::string SiteContext::resolve(std::string_view written) const {
  std::string key = fold(written);
  if (auto it = by_folded_id_.find(key); it != by_folded_id_.end()) return it->second;
  if (auto it = by_folded_name_.find(key); it != by_folded_name_.end()) return it->second;
  return {};
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
