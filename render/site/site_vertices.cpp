#include "render/site/site_vertices.h"

#include <algorithm>

#include "render/site/html.h"

namespace anth::render::site {

std::string_view kind_class_of(const Note& n) {
  if (!n.kind) return "unknown";
  switch (*n.kind) {
    case Kind::Lit: return "lit";
    case Kind::Note: return "note";
    case Kind::Sota: return "sota";
    case Kind::Theory: return "theory";
    case Kind::Term: return "term";
    case Kind::Page: return "page";
  }
  return "unknown";
}

SiteVertices::SiteVertices(const Corpus& corpus, const graph::Graph& g) {
  std::size_t count = g.vertex_count();
  by_id_.resize(count);
  for (std::size_t v = 0; v < count; ++v) by_id_[v] = v;
  std::sort(by_id_.begin(), by_id_.end(), [&](std::size_t a, std::size_t b) { return g.note(a).id < g.note(b).id; });
  rank_.resize(count);
  for (std::size_t r = 0; r < count; ++r) rank_[by_id_[r]] = static_cast<std::uint32_t>(r);

  files_.resize(count);
  ids_.resize(count);
  titles_.resize(count);
  labels_.resize(count);
  link_targets_.resize(count);
  for (std::size_t v = 0; v < count; ++v) {
    files_[v] = node_file(g.note(v).id);
    ids_[v] = g.note(v).id;
    vertex_of_.emplace(ids_[v], static_cast<std::uint32_t>(v));
    refresh(corpus, g, v);
  }
  for (std::size_t v : by_id_) by_path_.try_emplace(g.note(v).path, &g.note(v));
}

void SiteVertices::refresh(const Corpus& corpus, const graph::Graph& g, std::size_t v) {
  const Note& n = g.note(v);
  if (const Note* named = corpus.find(n.id)) {
    titles_[v] = named->title;
    link_targets_[v] = {ids_[v], titles_[v], kind_class_of(*named)};
  } else {
    titles_[v].clear();
    link_targets_[v] = {ids_[v], "", ""};
  }
  // A glossary term and a page (whose id is only its path's) are known by their names; every other
  // node by its id and title.
  labels_[v] = (n.kind == Kind::Term || n.kind == Kind::Page) && !n.title.empty() ? n.title : n.id + (n.title.empty() ? "" : " \u2014 " + n.title);
}

std::optional<std::size_t> SiteVertices::vertex(std::string_view id) const {
  auto it = vertex_of_.find(id);
  if (it == vertex_of_.end()) return std::nullopt;
  return it->second;
}

const Note* SiteVertices::note_at(std::string_view path) const {
  auto it = by_path_.find(std::string(path));
  return it == by_path_.end() ? nullptr : it->second;
}

LinkTarget SiteVertices::link_target(std::string_view id) const {
  std::optional<std::size_t> v = vertex(id);
  return v ? link_targets_[*v] : LinkTarget{};
}

}  // namespace anth::render::site
