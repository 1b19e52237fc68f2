#include "core/graph/link_index.h"

#include "core/util/case_fold.h"
#include "core/util/text.h"

namespace anth {

std::string_view file_stem(std::string_view path) {
  std::size_t slash = path.find_last_of('/');
  std::string_view name = path.substr(slash == std::string_view::npos ? 0 : slash + 1);
  if (name.size() > 3 && name.ends_with(".md")) name.remove_suffix(3);
  return name;
}

LinkIndex::LinkIndex(const Corpus& corpus) {
  for (const Note& n : corpus.notes) {
    if (!n.in_graph) continue;
    exact_.try_emplace(fold_case(n.id), n.id);
    exact_.try_emplace(fold_case(file_stem(n.path)), n.id);
  }
  // A path from the vault's root, as Obsidian writes it when a name is ambiguous ("Projects/Old/Roadmap").
  for (const Note& n : corpus.notes) {
    std::string_view path = n.path;
    if (!n.in_graph || path.find('/') == std::string_view::npos) continue;
    if (path.ends_with(".md")) path.remove_suffix(3);
    exact_.try_emplace(fold_case(path), n.id);
  }
  for (const Note& n : corpus.notes) {
    if (!n.in_graph) continue;
    if (!n.title.empty()) named_.try_emplace(fold_case(n.title), n.id);
    for (const std::string& a : n.aliases) named_.try_emplace(fold_case(a), n.id);
  }
}

std::string_view LinkIndex::resolve(std::string_view written) const {
  std::string key = fold_case(trim(written));
  if (key.ends_with(".md")) key.resize(key.size() - 3);
  if (auto it = exact_.find(key); it != exact_.end()) return it->second;
  if (auto it = named_.find(key); it != named_.end()) return it->second;
  return {};
}

}  // namespace anth
