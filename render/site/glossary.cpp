#include "render/site/glossary.h"

#include <xxhash.h>

#include <algorithm>
#include <bit>
#include <map>

#include "render/site/html.h"

namespace anth::site {

namespace {

// ASCII tables: the scan runs over every paragraph of every note, so no locale calls.
struct Tables {
  unsigned char fold[256];
  bool word[256];
  Tables() {
    for (int c = 0; c < 256; ++c) {
      fold[c] = static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      word[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
  }
};
const Tables tables;

unsigned char fold(char c) { return tables.fold[static_cast<unsigned char>(c)]; }
bool word_char(char c) { return tables.word[static_cast<unsigned char>(c)]; }

// The token starting at `at` -- a run of word characters, or one other byte: its end, and a hash of
// its folded bytes (rotate and xor per byte, mixed at the end: every word of every body is hashed).
std::size_t next_token(std::string_view s, std::size_t at, std::uint64_t& hash) {
  std::uint64_t h = fold(s[at]);
  if (word_char(s[at]))
    while (++at < s.size() && word_char(s[at])) h = std::rotl(h, 7) ^ fold(s[at]);
  else
    ++at;
  h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdull;
  hash = h ^ (h >> 33);
  return at;
}
std::uint64_t step_hash(std::uint64_t token, std::uint32_t from) {
  std::uint64_t h = token ^ (from * 0x9E3779B97F4A7C15ull);
  return h ^ (h >> 29);
}

// A scan walks the trie from every word start for as long as the text follows a name, so a name of
// thousands of words, met in a text that repeats its words, would make the scan quadratic (a 400 KB
// title: a minute). Names longer than this many tokens (words and the bytes between them) are not
// linked in text.
constexpr std::size_t max_name_tokens = 64;

bool too_long(std::string_view name) {
  std::size_t tokens = 0;
  std::uint64_t unused;
  for (std::size_t at = 0; at < name.size(); at = next_token(name, at, unused))
    if (++tokens > max_name_tokens) return true;
  return false;
}

}  // namespace

std::string GlossaryTerm::hover() const { return title + ", n.: " + short_definition; }

Glossary::Glossary(const Corpus& corpus) {
  std::vector<const Note*> notes;
  for (const Note& n : corpus.notes)
    if (n.in_graph && n.kind == Kind::Term && corpus.find(n.id) == &n) notes.push_back(&n);
  std::sort(notes.begin(), notes.end(), [](const Note* a, const Note* b) { return a->id < b->id; });
  std::string made_of;
  for (const Note* n : notes) made_of += n->id + ':' + std::to_string(n->content_hash) + '\n';
  fingerprint_ = XXH3_64bits(made_of.data(), made_of.size());

  // The trie as it grows: (node, folded token) -> node. A folded name already in it belongs to an earlier id.
  std::map<std::pair<std::uint32_t, std::string>, std::uint32_t> next;
  ends_.assign(1, -1);
  for (const Note* n : notes) {
    std::size_t index = terms_.size();
    terms_.push_back({n->id, n->title.empty() ? n->id : n->title, n->short_definition, "", escape_html(node_file(n->id))});
    terms_.back().hover_html = escape_html(terms_.back().hover());
    by_id_.emplace(n->id, index);
    std::vector<const std::string*> names = {&n->title};
    for (const std::string& a : n->aliases) names.push_back(&a);
    for (const std::string* name : names) {
      // A name must start and end with a word character to have boundaries at all.
      if (name->empty() || !word_char(name->front()) || !word_char(name->back())) continue;
      if (too_long(*name)) continue;
      std::uint32_t at = 0;
      for (std::size_t begin = 0, end; begin < name->size(); begin = end) {
        std::uint64_t unused;
        end = next_token(*name, begin, unused);
        std::string token;
        for (std::size_t i = begin; i < end; ++i) token += static_cast<char>(fold((*name)[i]));
        auto [it, fresh] = next.try_emplace({at, token}, static_cast<std::uint32_t>(ends_.size()));
        if (fresh) ends_.push_back(-1);
        at = it->second;
      }
      if (ends_[at] < 0) ends_[at] = static_cast<std::int32_t>(index);
    }
  }

  std::size_t slots = 16;
  while (slots < 2 * next.size()) slots *= 2;
  steps_.resize(slots);
  for (const auto& [key, to] : next) {
    const auto& [from, token] = key;
    std::uint64_t hash;
    next_token(token, 0, hash);
    Step s{step_hash(hash, from), from, to, static_cast<std::uint32_t>(tokens_.size()), static_cast<std::uint32_t>(token.size())};
    tokens_ += token;
    std::size_t slot = s.hash & (slots - 1);
    while (steps_[slot].to != 0) slot = (slot + 1) & (slots - 1);
    steps_[slot] = s;
  }
}

const GlossaryTerm* Glossary::find(std::string_view id) const {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : &terms_[it->second];
}

std::uint32_t Glossary::step(std::uint32_t from, std::string_view text, std::size_t begin, std::size_t end,
                              std::uint64_t hash) const {
  std::uint64_t h = step_hash(hash, from);
  std::size_t mask = steps_.size() - 1;
  for (std::size_t slot = h & mask; steps_[slot].to != 0; slot = (slot + 1) & mask) {
    const Step& s = steps_[slot];
    if (s.hash != h || s.from != from || s.length != end - begin) continue;
    bool same = true;
    for (std::size_t i = 0; same && i < s.length; ++i) same = static_cast<char>(fold(text[begin + i])) == tokens_[s.token + i];
    if (same) return s.to;
  }
  return 0;
}

std::vector<TermMatch> Glossary::scan(std::string_view text) const {
  std::vector<TermMatch> out;
  if (terms_.empty()) return out;
  for (std::size_t i = 0; i < text.size();) {
    if (!word_char(text[i])) {
      ++i;
      continue;
    }
    // A word starts at i. Token by token, the deepest node a name ends at is the longest match: a
    // name ends with a word, and a token is a whole word, so the match ends at a word boundary.
    std::uint64_t hash;
    std::size_t length = 0, end = next_token(text, i, hash), word_end = end;
    std::int32_t term = -1;
    for (std::uint32_t node = step(0, text, i, end, hash); node != 0;) {
      if (ends_[node] >= 0) {
        length = end - i;
        term = ends_[node];
      }
      if (end == text.size()) break;
      std::size_t begin = end;
      end = next_token(text, begin, hash);
      node = step(node, text, begin, end, hash);
    }
    if (term >= 0) {
      out.push_back({i, length, static_cast<std::size_t>(term)});
      i += length;
    } else {
      i = word_end;  // no word starts inside this one
    }
  }
  return out;
}

}  // namespace anth::site
