#include "render/site/site_context.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <tuple>

#include "core/model/schema.h"

namespace anth::site {

namespace {

std::string fold(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string stem_of(std::string_view path) {
  std::string_view name = path.substr(path.find_last_of('/') == std::string_view::npos ? 0 : path.find_last_of('/') + 1);
  if (name.size() > 3 && name.substr(name.size() - 3) == ".md") name.remove_suffix(3);
  return std::string(name);
}

std::size_t kind_rank(std::string_view kind) {
  const auto& kinds = relation_kinds();
  return static_cast<std::size_t>(std::find(kinds.begin(), kinds.end(), kind) - kinds.begin());
}

}  // namespace

std::string SiteContext::kind_class(const Note& n) {
  if (!n.kind) return "unknown";
  return fold(kind_name(*n.kind));
}

SiteContext::SiteContext(const SiteInput& input) : input_(input), glossary_(input.corpus) {
  const Graph& g = input.graph;
  std::size_t count = g.vertex_count();
  by_id_.resize(count);
  for (std::size_t v = 0; v < count; ++v) by_id_[v] = v;
  std::sort(by_id_.begin(), by_id_.end(), [&](std::size_t a, std::size_t b) { return g.note(a).id < g.note(b).id; });

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

  // Every body, once.
  BodyOptions body_options;
  body_options.glossary = &glossary_;
  body_options.allow_raw_html = input.options.allow_raw_html;
  body_options.resolve = [this](const Note& from, std::string_view target) {
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
  body_options.resolve_file = [this](std::string_view path) {
    std::string id = resolve(stem_of(path));
    return id;
  };
  bodies_.resize(count);
  for (std::size_t v = 0; v < count; ++v) bodies_[v] = render_body(g.note(v), body_options);

  // Backlinks: every in-edge, grouped by the note it comes from.
  backlinks_.resize(count);
  for (std::size_t v = 0; v < count; ++v) {
    std::map<std::string, Backlink> by_from;
    for (const Edge& e : g.in_edges(v)) {
      if (e.from == v) continue;
      Backlink& b = by_from[g.note(e.from).id];
      b.from = e.from;
      if (e.relation->kind == "mentions") b.mentions = true;
      else if (std::find(b.kinds.begin(), b.kinds.end(), e.relation->kind) == b.kinds.end()) b.kinds.push_back(e.relation->kind);
    }
    const std::string& id = g.note(v).id;
    for (auto& [from_id, b] : by_from) {
      std::sort(b.kinds.begin(), b.kinds.end(), [](const std::string& x, const std::string& y) { return kind_rank(x) < kind_rank(y); });
      for (const BodyLink& l : bodies_[b.from].links)
        if (l.target == id) {
          b.excerpt = l.excerpt;
          b.mentions = true;
          break;
        }
      backlinks_[v].push_back(std::move(b));
    }
  }

  // Mentions of terms: glossary matches and wikilinks.
  mentioned_in_.resize(count);
  std::vector<std::set<std::string>> mention_ids(count);
  for (std::size_t v = 0; v < count; ++v) {
    for (const std::string& term : bodies_[v].terms)
      if (auto t = g.vertex(term)) mention_ids[*t].insert(g.note(v).id);
    for (const BodyLink& l : bodies_[v].links)
      if (auto t = g.vertex(l.target); t && g.note(*t).kind == Kind::Term) mention_ids[*t].insert(g.note(v).id);
  }
  for (std::size_t v = 0; v < count; ++v)
    for (const std::string& id : mention_ids[v])
      if (auto w = g.vertex(id)) mentioned_in_[v].push_back(*w);

  for (std::size_t i = 0; i < input.diagnostics.size(); ++i) diagnostics_by_file_[input.diagnostics[i].where.file].push_back(i);

  for (const StoredKernelResult& r : input.kernel_results) {
    auto [it, fresh] = kernel_by_node_.try_emplace(r.node, &r);
    if (!fresh && std::tie(r.checked_at, r.kernel) > std::tie(it->second->checked_at, it->second->kernel)) it->second = &r;
  }
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
