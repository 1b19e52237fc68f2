#include "render/site/site_context.h"

#include <xxhash.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <tuple>
#include <unordered_map>

#include "core/model/schema.h"
#include "core/util/case_fold.h"
#include "render/site/body_cache.h"
#include "render/site/html.h"
#include "render/site/parallel.h"
#include "render/site/resolver_log.h"

namespace anth::site {

namespace {

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

constexpr std::size_t body_window = 256;  // bodies read ahead of their use, at most

// What every body's rendering shares besides the resolver's answers: the program, the options, and
// the glossary.
std::uint64_t bodies_context(const SiteInput& input, const Glossary& glossary) {
  std::string key = input.options.renderer + '\0' + ANTHOLOGY_VERSION + '\0' + (input.options.allow_raw_html ? "raw" : "safe") +
                    '\0' + std::to_string(glossary.fingerprint());
  return XXH3_64bits(key.data(), key.size());
}

std::atomic<std::uint64_t> contexts_made{0};

// What a note's wikilinks resolved to at ingest, by target as written (the first that resolved), for
// the body a thread is rendering: looking through all of a note's links for each of them was quadratic
// (200,000 links: minutes). `context` tells the contexts of successive builds apart.
const std::unordered_map<std::string_view, std::string_view>& ingest_targets(const Note& note, std::uint64_t context) {
  thread_local std::uint64_t for_context = 0;
  thread_local const Note* for_note = nullptr;
  thread_local std::unordered_map<std::string_view, std::string_view> targets;
  if (for_context != context || for_note != &note) {
    targets.clear();
    for (const Wikilink& w : note.wikilinks)
      if (!w.resolved.empty()) targets.try_emplace(w.target, w.resolved);
    for_context = context;
    for_note = &note;
  }
  return targets;
}

// A body's pass result, and how it was made.
struct PassedBody {
  RenderedBody body;
  std::uint64_t dependencies = 0;
  std::string queries;
  SearchDoc doc;  // when the search index is built
  DocTerms terms;
};

SearchDoc search_doc(const Note& n, const RenderedBody& body) {
  std::string aliases, text;
  for (const std::string& a : n.aliases) aliases += a + " ";
  for (const std::string* part : {&n.short_definition, &n.plain})
    if (!part->empty()) text += *part + "\n";
  text += body.plain;
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

  // Resolution tables: ids and stems first, then titles and aliases; the first (by id) keeps a name.
  for (std::size_t v : by_id_) {
    const Note& n = g.note(v);
    by_folded_id_.try_emplace(fold_case(n.id), n.id);
    by_path_.try_emplace(n.path, &n);
  }
  for (std::size_t v : by_id_) {
    const Note& n = g.note(v);
    by_folded_id_.try_emplace(fold_case(stem_of(n.path)), n.id);
    if (!n.title.empty()) by_folded_name_.try_emplace(fold_case(n.title), n.id);
    for (const std::string& a : n.aliases) by_folded_name_.try_emplace(fold_case(a), n.id);
  }

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

  // Every body, once: read on every core, used in id order as they come.
  body_options_.glossary = &glossary_;
  body_options_.allow_raw_html = input.options.allow_raw_html;
  body_options_.compact_terms = !input.options.allow_raw_html;  // expanded by render_body_of
  body_options_.resolve = [this, context = ++contexts_made](const Note& from, std::string_view target) {
    std::optional<std::size_t> v;
    const auto& targets = ingest_targets(from, context);
    if (auto it = targets.find(target); it != targets.end()) v = vertex(it->second);
    if (!v)
      if (std::string_view id = resolve_view(target); !id.empty()) v = vertex(id);
    WikilinkTarget answer = v ? link_targets_[*v] : WikilinkTarget{};
    resolver_log::note_query('w', target);
    for (std::string_view part : {target, answer.id, answer.title, answer.kind}) resolver_log::note_answer(part);
    return answer;
  };
  body_options_.resolve_file = [this](std::string_view path) {
    std::string id = resolve(stem_of(path));
    resolver_log::note_query('f', path);
    resolver_log::note_answer(path);
    resolver_log::note_answer(id);
    return id;
  };

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
  // pass then makes no HTML, and the few pages rendered render their bodies again.
  BodyOptions pass = body_options_;
  pass.render_html = input.options.recorded.size() < count / 2;
  // Asks a body's questions again, for the hash of this build's answers.
  auto replay = [&](const Note& from, std::string_view queries) {
    return resolver_log::replay(queries, [&](char kind, std::string_view text) {
      if (kind == 'w') body_options_.resolve(from, text);
      else body_options_.resolve_file(text);
    });
  };
  BodyCache cache = input.options.body_cache.empty() || input.options.renderer.empty()
                        ? BodyCache()
                        : BodyCache(input.options.body_cache, bodies_context(input, glossary_));
  ordered_parallel<PassedBody>(
      count, threads_, body_window,
      [&](std::size_t i) {
        const Note& n = g.note(by_id_[i]);
        PassedBody p;
        std::optional<RenderedBody> cached;
        if (!pass.render_html)  // a body from the cache has no HTML
          cached = cache.find(n.path, n.content_hash, [&](std::string_view queries) {
            p.queries.assign(queries);
            return p.dependencies = replay(n, queries);
          });
        if (cached) {
          p.body = std::move(*cached);
        } else {
          resolver_log::Recording log = resolver_log::record([&] { p.body = render_body(n, pass); });
          p.dependencies = log.hash;
          p.queries = std::move(log.queries);
        }
        if (on_doc) {
          p.doc = search_doc(n, p.body);
          p.terms = count_terms(p.doc);
        }
        return p;
      },
      [&](std::size_t i, PassedBody& p) {
        if (input.options.progress) input.options.progress("bodies", i + 1, count);
        std::size_t v = by_id_[i];
        const Note& n = g.note(v);
        body_dependencies_[v] = p.dependencies;
        cache.add(n.path, n.content_hash, p.dependencies, p.queries, p.body);
        RenderedBody& b = p.body;
        if (pass.render_html) bodies_.put(v, b.html);
        if (on_doc) on_doc(v, p.doc, p.terms);
        for (BodyLink& l : b.links)
          if (auto t = vertex(l.target))
            if (Backlink* back = backlink_from(*t, v)) {
              back->mentions = true;
              if (static_cast<std::size_t>(back - backlinks_[*t].data()) < input.options.excerpts_cap) back->excerpt = std::move(l.excerpt);
            }
        for (const std::string& term : b.terms)
          if (auto t = vertex(term)) mentioned_in_[*t].push_back(static_cast<std::uint32_t>(v));
      });

  cache.save();

  for (std::size_t i = 0; i < input.diagnostics.size(); ++i) diagnostics_by_file_[input.diagnostics[i].where.file].push_back(i);

  for (const StoredKernelResult& r : input.kernel_results) {
    auto [it, fresh] = kernel_by_node_.try_emplace(r.node, &r);
    if (!fresh && std::tie(r.checked_at, r.kernel) > std::tie(it->second->checked_at, it->second->kernel)) it->second = &r;
  }
}

std::string SiteContext::render_body_of(std::size_t v) const {
  if (std::optional<std::string> kept = bodies_.get(v))
    return body_options_.compact_terms ? expand_terms(*kept, glossary_, body_options_.root) : std::move(*kept);
  // Not kept: rendered again, with its glossary links in full at once (markdown.h: the same bytes).
  BodyOptions page = body_options_;
  page.read_text = false;  // the text was read in the context pass
  page.compact_terms = false;
  return std::move(render_body(input_.graph.note(v), page).html);
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

std::string_view SiteContext::resolve_view(std::string_view written) const {
  std::string key = fold_case(written);
  if (auto it = by_folded_id_.find(key); it != by_folded_id_.end()) return it->second;
  if (auto it = by_folded_name_.find(key); it != by_folded_name_.end()) return it->second;
  return {};
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
