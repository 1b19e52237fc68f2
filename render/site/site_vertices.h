#pragma once
// The vertices of the site by name: their order by id, a vertex by id or by file path, and what a link
// to each shows (its page, its label, its title and kind), computed once rather than on every page
// or body that links it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/graph/graph.h"
#include "render/site/body_fill.h"

namespace anth::render::site {

class SiteVertices {
 public:
  SiteVertices(const Corpus& corpus, const graph::Graph& graph);

  // The names of v taken again from its note changed in place, its id as it was (a resident site's
  // patch): what a link to it shows and its label. The site holds its own copies of the ids and
  // titles, so a note changed in place leaves nothing here dangling.
  void refresh(const Corpus& corpus, const graph::Graph& graph, std::size_t v);

  const std::vector<std::size_t>& by_id() const { return by_id_; }
  std::uint32_t rank(std::size_t v) const { return rank_[v]; }
  const std::vector<std::uint32_t>& ranks() const { return rank_; }
  const std::string& file(std::size_t v) const { return files_[v]; }
  const std::string& label(std::size_t v) const { return labels_[v]; }
  std::optional<std::size_t> vertex(std::string_view id) const;
  const Note* note_at(std::string_view path) const;
  // What a link to `id` shows; empty when no vertex has it.
  LinkTarget link_target(std::string_view id) const;

 private:
  std::vector<std::size_t> by_id_;
  std::vector<std::uint32_t> rank_;
  std::vector<std::string> files_, labels_;
  std::vector<std::string> ids_, titles_;  // each vertex's id and what a link to it shows as its title
  std::unordered_map<std::string_view, std::uint32_t> vertex_of_;  // keys view ids_
  std::vector<LinkTarget> link_targets_;
  std::unordered_map<std::string, const Note*> by_path_;
};

// "lit", "sota", ...; "unknown" without a kind.
std::string_view kind_class_of(const Note& n);

}  // namespace anth::render::site
