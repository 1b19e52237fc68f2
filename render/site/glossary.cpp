#include "render/site/glossary.h"

#include <algorithm>
#include <cctype>

namespace anth::site {

namespace {

char fold(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::string GlossaryTerm::hover() const { return title + ", n.: " + short_definition; }

Glossary::Glossary(const Corpus& corpus) {
  std::vector<const Note*> notes;
  for (const Note& n : corpus.notes)
    if (n.in_graph && n.kind == Kind::Term && corpus.find(n.id) == &n) notes.push_back(&n);
  std::sort(notes.begin(), notes.end(), [](const Note* a, const Note* b) { return a->id < b->id; });

  std::unordered_map<std::string, std::size_t> claimed;  // folded name -> term; the first id keeps it
  for (const Note* n : notes) {
    std::size_t index = terms_.size();
    terms_.push_back({n->id, n->title.empty() ? n->id : n->title, n->short_definition});
    by_id_.emplace(n->id, index);
    std::vector<std::string> names = {n->title};
    names.insert(names.end(), n->aliases.begin(), n->aliases.end());
    for (const std::string& name : names) {
      std::string folded;
      for (char c : name) folded += fold(c);
      // A name must start and end with a word character to have boundaries at all.
      if (folded.empty() || !word_char(folded.front()) || !word_char(folded.back())) continue;
      if (!claimed.emplace(folded, index).second) continue;
      names_by_first_[static_cast<unsigned char>(folded.front())].push_back({folded, index});
    }
  }
  for (auto& list : names_by_first_)
    std::stable_sort(list.begin(), list.end(),
                     [](const Name& a, const Name& b) { return a.folded.size() > b.folded.size(); });
}

const GlossaryTerm* Glossary::find(std::string_view id) const {
  auto it = by_id_.find(std::string(id));
  return it == by_id_.end() ? nullptr : &terms_[it->second];
}

std::vector<TermMatch> Glossary::scan(std::string_view text) const {
  std::vector<TermMatch> out;
  if (terms_.empty()) return out;
  for (std::size_t i = 0; i < text.size();) {
    if (!word_char(text[i]) || (i > 0 && word_char(text[i - 1]))) {
      ++i;
      continue;
    }
    const auto& candidates = names_by_first_[static_cast<unsigned char>(fold(text[i]))];
    const Name* hit = nullptr;
    for (const Name& name : candidates) {
      std::size_t n = name.folded.size();
      if (i + n > text.size()) continue;
      if (i + n < text.size() && word_char(text[i + n])) continue;
      bool same = true;
      for (std::size_t k = 0; k < n && same; ++k) same = fold(text[i + k]) == name.folded[k];
      if (same) {
        hit = &name;
        break;
      }
    }
    if (hit) {
      out.push_back({i, hit->folded.size(), hit->term});
      i += hit->folded.size();
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace anth::site
