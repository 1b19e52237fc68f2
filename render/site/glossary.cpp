#include "render/site/glossary.h"

#include <xxhash.h>

#include <algorithm>
#include <bit>
#include <map>

#include "core/util/case_fold.h"
#include "core/util/utf8.h"
#include "render/site/html.h"

namespace anth::render::site {

namespace {

// ASCII tables: the scan runs over every paragraph of every note, so ASCII takes no library call.
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

// The length of the word character (letter, mark or digit, Unicode's) at `at`, or 0.
std::size_t word_length(std::string_view s, std::size_t at) {
  unsigned char c = static_cast<unsigned char>(s[at]);
  return c < 0x80 ? tables.word[c] : util::word_character_at(s, at);
}

std::uint64_t hash_of(std::string_view folded) {
  std::uint64_t h = 0;
  for (char c : folded) h = std::rotl(h, 7) ^ static_cast<unsigned char>(c);
  h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 33);
}

// A token of the text: a run of word characters, or one other character (a byte where the text is not
// UTF-8), case-folded as links fold names (fold_case: "Über" and "über", "ΣΊΣΥΦΟΣ" and "σίσυφος"), and
// the hash of its folded bytes. ASCII is folded here, byte by byte: every word of every body is folded.
struct Token {
  std::size_t end = 0;
  bool word = false;
  std::string folded;
  std::uint64_t hash = 0;
};

void next_token(std::string_view s, std::size_t at, Token& t) {
  std::size_t begin = at, n = word_length(s, at);
  bool ascii = true;
  t.word = n > 0;
  if (t.word) {
    do {
      ascii = ascii && n == 1;
      at += n;
    } while (at < s.size() && (n = word_length(s, at)) > 0);
  } else {
    n = static_cast<unsigned char>(s[at]) < 0x80 ? 1 : util::utf8_sequence_length(s, at);
    ascii = n == 1 && static_cast<unsigned char>(s[at]) < 0x80;
    at += n ? n : 1;
  }
  t.end = at;
  t.folded.clear();
  if (ascii)
    for (std::size_t i = begin; i < at; ++i) t.folded += static_cast<char>(tables.fold[static_cast<unsigned char>(s[i])]);
  else
    t.folded = util::fold_case(s.substr(begin, at - begin));
  t.hash = hash_of(t.folded);
}

std::uint64_t step_hash(std::uint64_t token, std::uint32_t from) {
  std::uint64_t h = token ^ (from * 0x9E3779B97F4A7C15ull);
  return h ^ (h >> 29);
}

// A scan walks the trie from every word start for as long as the text follows a name, so a name of
// thousands of words, met in a text that repeats its words, would make the scan quadratic (a 400 KB
// title: a minute). Names longer than this many tokens (words and the characters between them) are
// not linked in text.
constexpr std::size_t max_name_tokens = 64;

// The folded tokens of a name, or none when it is too long or does not start and end with a word
// character (it would have no boundaries).
std::vector<std::string> name_tokens(std::string_view name) {
  std::vector<std::string> out;
  Token t;
  for (std::size_t at = 0; at < name.size(); at = t.end) {
    next_token(name, at, t);
    if ((at == 0 && !t.word) || out.size() == max_name_tokens) return {};
    out.push_back(t.folded);
  }
  if (!t.word) return {};
  return out;
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
    terms_.push_back({n->id, n->title.empty() ? n->id : n->title, n->short_definition, util::escape_html(node_file(n->id))});
    by_id_.emplace(n->id, index);
    std::vector<const std::string*> names = {&n->title};
    for (const std::string& a : n->aliases) names.push_back(&a);
    for (const std::string* name : names) {
      std::vector<std::string> tokens = name_tokens(*name);
      if (tokens.empty()) continue;
      std::uint32_t at = 0;
      for (std::string& token : tokens) {
        auto [it, fresh] = next.try_emplace({at, std::move(token)}, static_cast<std::uint32_t>(ends_.size()));
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
    Step s{step_hash(hash_of(token), from), from, to, static_cast<std::uint32_t>(tokens_.size()), static_cast<std::uint32_t>(token.size())};
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

std::uint32_t Glossary::step(std::uint32_t from, std::string_view folded, std::uint64_t hash) const {
  std::uint64_t h = step_hash(hash, from);
  std::size_t mask = steps_.size() - 1;
  for (std::size_t slot = h & mask; steps_[slot].to != 0; slot = (slot + 1) & mask) {
    const Step& s = steps_[slot];
    if (s.hash == h && s.from == from && std::string_view(tokens_).substr(s.token, s.length) == folded) return s.to;
  }
  return 0;
}

std::vector<TermMatch> Glossary::scan(std::string_view text) const {
  std::vector<TermMatch> out;
  if (terms_.empty()) return out;
  Token t;
  for (std::size_t i = 0; i < text.size();) {
    if (word_length(text, i) == 0) {
      ++i;
      continue;
    }
    // A word starts at i. Token by token, the deepest node a name ends at is the longest match: a
    // name ends with a word, and a token is a whole word, so the match ends at a word boundary.
    next_token(text, i, t);
    std::size_t length = 0, word_end = t.end;
    std::int32_t term = -1;
    for (std::uint32_t node = step(0, t.folded, t.hash); node != 0;) {
      if (ends_[node] >= 0) {
        length = t.end - i;
        term = ends_[node];
      }
      if (t.end == text.size()) break;
      next_token(text, t.end, t);
      node = step(node, t.folded, t.hash);
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

}  // namespace anth::render::site
