#include "core/graph/link_index.h"

#include <algorithm>

#include "core/graph/link_path.h"
#include "core/util/case_fold.h"
#include "core/util/text.h"

namespace anth::graph {

namespace {

std::string_view without_md(std::string_view path) {
  if (path.size() > 3 && path.ends_with(".md")) path.remove_suffix(3);
  return path;
}

std::string_view last_segment(std::string_view path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::size_t depth_of(std::string_view path) { return static_cast<std::size_t>(std::count(path.begin(), path.end(), '/')); }

// Obsidian's "shortest path": of the files a name fits, the one closest to the vault's root (fewest
// folders, then the shortest path, then by path).
template <class F>
void closest_first(std::vector<F>& files) {
  std::stable_sort(files.begin(), files.end(), [](const F& a, const F& b) {
    std::size_t da = depth_of(a.path), db = depth_of(b.path);
    if (da != db) return da < db;
    if (a.path.size() != b.path.size()) return a.path.size() < b.path.size();
    return a.path < b.path;
  });
}

template <class F>
bool fits(const F& f, std::string_view key) {
  return f.path == key || (f.path.ends_with(key) && f.path[f.path.size() - key.size() - 1] == '/');
}

// Of files sorted closest first, those whose path is `key` or ends with "/key": the one in `folder`
// (the linking note's, folded) when one is, else the first. Obsidian prefers the file beside the
// linking note to one closer to the root (observed on Obsidian 1.13.7 through getFirstLinkpathDest).
template <class F>
const F* first_fitting(const std::vector<F>& files, std::string_view key, std::string_view folder) {
  const F* first = nullptr;
  for (const F& f : files) {
    if (!fits(f, key)) continue;
    if (!first) first = &f;
    if (folder_of(f.path) == folder) return &f;
  }
  return first;
}

// A reference as the index keys it: trimmed, case-folded, without ".md".
std::string link_key(std::string_view written) {
  std::string key = util::fold_case(util::trim(written));
  if (key.ends_with(".md")) key.resize(key.size() - 3);
  return key;
}

}  // namespace

std::string_view file_stem(std::string_view path) { return without_md(last_segment(path)); }

LinkIndex::LinkIndex(const Corpus& corpus) : corpus_(&corpus) {
  for (At i = 0; i < corpus.notes.size(); ++i) {
    const Note& n = corpus.notes[i];
    if (!n.in_graph) continue;
    std::string path = util::fold_case(without_md(n.path));
    paths_.try_emplace(path, i);
    names_[std::string(last_segment(path))].push_back({path, i});
    ids_.try_emplace(util::fold_case(n.id), i);
  }
  for (auto& [name, files] : names_) closest_first(files);
  for (const Attachment& a : corpus.attachments) {
    std::string path = util::fold_case(a.path);
    attachment_paths_.try_emplace(path, &a);
    attachment_names_[std::string(last_segment(path))].push_back({path, &a});
  }
  for (auto& [name, files] : attachment_names_) closest_first(files);
  attachment_folder_ = util::fold_case(corpus.attachment_folder);
  for (At i = 0; i < corpus.notes.size(); ++i) {
    const Note& n = corpus.notes[i];
    if (!n.in_graph) continue;
    if (!n.title.empty()) named_.try_emplace(util::fold_case(n.title), i);
    for (const std::string& a : n.aliases) named_.try_emplace(util::fold_case(a), i);
  }
}

std::uint32_t LinkIndex::place(std::string_view written, LinkFrom from, bool* shared) const {
  std::string key = link_key(written);
  if (key.empty()) return nowhere;
  const bool relative = key.starts_with("./") || key.starts_with("../");
  if (relative || (from.relative_first && !key.starts_with('/'))) {
    std::string joined = join_relative(util::fold_case(folder_of(from.path)), key);
    if (auto it = paths_.find(joined); it != paths_.end()) return it->second;
    if (relative) return nowhere;
  }
  if (key.starts_with('/')) key = join_relative({}, key);
  if (auto it = paths_.find(key); it != paths_.end()) return it->second;
  if (auto it = names_.find(std::string(last_segment(key))); it != names_.end()) {
    const std::vector<File>& files = it->second;
    const std::string folder = files.size() > 1 ? util::fold_case(folder_of(from.path)) : std::string();
    if (shared && files.size() > 1)
      *shared = std::count_if(files.begin(), files.end(), [&](const File& f) { return fits(f, key); }) > 1;
    if (const File* f = first_fitting(files, key, folder)) return f->note;
  }
  if (auto it = ids_.find(key); it != ids_.end()) return it->second;
  if (auto it = named_.find(key); it != named_.end()) return it->second;
  return nowhere;
}

// What place() reads of the folder, said of the reference before folding: folding changes letters only.
bool LinkIndex::reads_folder(std::string_view written, LinkFrom from) {
  std::string_view key = util::trim(written);
  return from.relative_first || key.starts_with("./") || key.starts_with("../");
}

std::vector<std::string_view> LinkIndex::fitting_ids(std::string_view written) const {
  std::string key = link_key(written);
  if (key.starts_with('/')) key = join_relative({}, key);
  std::vector<std::string_view> ids;
  if (key.empty() || paths_.count(key)) return ids;
  if (auto it = names_.find(std::string(last_segment(key))); it != names_.end())
    for (const File& f : it->second)
      if (fits(f, key)) ids.push_back(id_at(f.note));
  return ids;
}

bool LinkIndex::shared_name(std::string_view written) const {
  bool shared = false;
  place(written, {}, &shared);
  return shared;
}

std::uint32_t LinkMemo::place(std::string_view written, LinkFrom from) {
  if (LinkIndex::reads_folder(written, from)) return links_.place(written, from);
  if (auto it = places_.find(written); it != places_.end())
    return it->second == by_folder ? links_.place(written, from) : it->second;
  bool shared = false;
  std::uint32_t at = links_.place(written, from, &shared);
  places_.emplace(std::string(written), shared ? by_folder : at);
  return at;
}

std::string_view LinkMemo::resolve(std::string_view written, LinkFrom from) { return links_.id_of(place(written, from)); }

const Attachment* LinkIndex::attachment(std::string_view written, LinkFrom from) const {
  if (attachment_paths_.empty()) return nullptr;
  std::string key = util::fold_case(util::trim(written));
  if (key.empty()) return nullptr;
  auto at = [&](const std::string& path) -> const Attachment* {
    auto it = attachment_paths_.find(path);
    return it == attachment_paths_.end() ? nullptr : it->second;
  };
  std::string folder = util::fold_case(folder_of(from.path));
  const bool relative = key.starts_with("./") || key.starts_with("../");
  if (relative || (from.relative_first && !key.starts_with('/'))) {
    if (const Attachment* a = at(join_relative(folder, key))) return a;
    if (relative) return nullptr;
  }
  if (key.starts_with('/')) key = join_relative({}, key);
  if (const Attachment* a = at(key)) return a;
  if (!attachment_folder_.empty()) {
    std::string in_folder = attachment_folder_.starts_with("./") ? join_relative(folder, attachment_folder_ + "/" + key)
                                                                 : join_relative({}, attachment_folder_ + "/" + key);
    if (const Attachment* a = at(in_folder)) return a;
  }
  if (auto it = attachment_names_.find(std::string(last_segment(key))); it != attachment_names_.end())
    if (const AttachmentFile* f = first_fitting(it->second, key, folder)) return f->attachment;
  return nullptr;
}

}  // namespace anth::graph