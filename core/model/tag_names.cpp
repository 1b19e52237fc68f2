#include "core/model/tag_names.h"

#include <unordered_set>

#include "core/util/case_fold.h"

namespace anth {

std::string tag_key(std::string_view tag) { return util::fold_case(tag); }

void add_tags(std::vector<std::string>& tags, std::vector<std::string> more) {
  std::unordered_set<std::string> known;
  for (const std::string& t : tags) known.insert(tag_key(t));
  for (std::string& t : more)
    if (known.insert(tag_key(t)).second) tags.push_back(std::move(t));
}

void TagNames::add(std::string_view path, const std::vector<std::string>& tags) {
  for (const std::string& t : tags) add(path, t);
}

void TagNames::add(std::string_view path, std::string_view tag) {
  Spelling& s = spellings_[tag_key(tag)][std::string(tag)];
  ++s.notes;
  if (s.notes == 1 || path < s.first_path) s.first_path = std::string(path);
}

std::map<std::string, std::string> TagNames::names() const {
  std::map<std::string, std::string> out;
  for (const auto& [key, spellings] : spellings_) {
    const std::pair<const std::string, Spelling>* best = nullptr;
    for (const auto& entry : spellings) {
      const Spelling& s = entry.second;
      if (!best || s.notes > best->second.notes || (s.notes == best->second.notes && s.first_path < best->second.first_path))
        best = &entry;
    }
    out.emplace(key, best->first);
  }
  return out;
}

}  // namespace anth
