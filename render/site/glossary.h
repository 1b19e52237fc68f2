#pragma once
// The glossary terms of the corpus and where they occur in text: the title and every alias of each
// TERM, matched case-insensitively (Unicode's case folding) at word boundaries, the longest name winning where two overlap.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/model/corpus.h"

namespace anth::render::site {

struct GlossaryTerm {
  std::string id;     // "qk-norm"
  std::string title;  // "QK-norm"
  std::string short_definition;
  // "QK-norm, n.: A guard inside attention: ..." -- what a reader sees on hover.
  std::string hover() const;
  std::string href;        // the term's page, escaped
};

struct TermMatch {
  std::size_t offset;  // bytes into the text
  std::size_t length;
  std::size_t term;    // index into Glossary::terms()
};

class Glossary {
 public:
  explicit Glossary(const Corpus& corpus);

  const std::vector<GlossaryTerm>& terms() const { return terms_; }
  const GlossaryTerm* find(std::string_view id) const;
  // A hash of the TERM notes the glossary was made from (ids and content hashes): it changes whenever
  // a name, alias or definition does, which every body's terms and tooltips depend on.
  std::uint64_t fingerprint() const { return fingerprint_; }

  // Every occurrence of a term's name in `text`, left to right, not overlapping, compared in Unicode's
  // case folding (fold_case, as links compare names). A match starts and ends at a word boundary (the
  // neighboring characters are not letters, marks or digits, in any script). Where names of two
  // terms fold to the same text, the term first by id has it.
  std::vector<TermMatch> scan(std::string_view text) const;

 private:
  // The folded names as a trie of tokens -- a run of letters, marks and digits, or any other single
  // character -- walked from each word start: one step per word rather than per byte, and most words of
  // a text start no name at all. A step is found in one hash table: (from node, token) -> node.
  struct Step {
    std::uint64_t hash = 0;
    std::uint32_t from = 0, to = 0;  // to == 0: an empty slot (node 0 is the root)
    std::uint32_t token = 0, length = 0;  // the token's folded bytes: tokens_[token, token + length)
  };
  // The node after `from` by the folded token `folded` (its hash `hash`), or 0.
  std::uint32_t step(std::uint32_t from, std::string_view folded, std::uint64_t hash) const;

  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<GlossaryTerm> terms_;
  std::uint64_t fingerprint_ = 0;
  std::unordered_map<std::string, std::size_t, Hash, std::equal_to<>> by_id_;
  std::vector<Step> steps_;         // open addressing, a power of two long
  std::string tokens_;
  std::vector<std::int32_t> ends_;  // by node: the term whose name ends there, or -1
};

}  // namespace anth::render::site
