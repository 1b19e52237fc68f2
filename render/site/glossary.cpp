#include "render/site/glossary.h"

#include <algorithm>
#include <cctype>

#include "render/site/html.h"

namespace anth::site {

namespace {

// ASCII tables: the scan runs over every paragraph of every note, so no locale calls.
struct Tables {
  char fold[256];
  bool word[256];
  Tables() {
    for (int c = 0; c < 256; ++c) {
      fold[c] = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      word[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
  }
};
const Tables tables;

char fold(char c) { return tables.fold[static_cast<unsigned char>(c)]; }
bool word_char(char c) { return tables.word[static_cast<unsigned char>(c)]; }
std::uint16_t prefix_key(char a, char b) {
  return static_cast<std::uint16_t>(static_cast<unsigned char>(a) << 8 | static_cast<unsigned char>(b));
}

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
    terms_.push_back({n->id, n->title.empty() ? n->id : n->title, n->short_definition, "", escape_html(node_file(n->id))});
    terms_.back().hover_html = escape_html(terms_.back().hover());
    by_id_.emplace(n->id, index);
    std::vector<std::string> names = {n->title};
    names.insert(names.end(), n->aliases.begin(), n->aliases.end());
    for (const std::string& name : names) {
      std::string folded;
      for (char c : name) folded += fold(c);
      // A name must start and end with a word character to have boundaries at all.
      if (folded.empty() || !word_char(folded.front()) || !word_char(folded.back())) continue;
      if (!claimed.emplace(folded, index).second) continue;
      names_by_prefix_[prefix_key(folded[0], folded.size() > 1 ? folded[1] : '\0')].push_back({folded, index});
    }
  }
  for (auto& [key, list] : names_by_prefix_)
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
  std::string folded(text.size(), '\0');
  for (std::size_t i = 0; i < text.size(); ++i) folded[i] = fold(text[i]);
  for (std::size_t i = 0; i < text.size();) {
    if (!word_char(text[i]) || (i > 0 && word_char(text[i - 1]))) {
      ++i;
      continue;
    }
    // The longest name starting here: names of two or more bytes by their first two, then one-byte names.
    const Name* hit = nullptr;
    for (char second : {i + 1 < text.size() ? folded[i + 1] : '\0', '\0'}) {
      auto it = names_by_prefix_.find(prefix_key(folded[i], second));
      if (it == names_by_prefix_.end()) continue;
      for (const Name& name : it->second) {
        std::size_t n = name.folded.size();
        if (i + n > text.size() || (i + n < text.size() && word_char(text[i + n]))) continue;
        if (folded.compare(i, n, name.folded) == 0) {
          hit = &name;
          break;
        }
      }
      if (hit || second == '\0') break;
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
