#pragma once
// The glossary terms of the corpus and where they occur in text: the title and every alias of each
// TERM, matched case-insensitively at word boundaries, the longest name winning where two overlap.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/model/corpus.h"

namespace anth::site {

struct GlossaryTerm {
  std::string id;     // "qk-norm"
  std::string title;  // "QK-norm"
  std::string short_definition;
  // "QK-norm, n.: A guard inside attention: ..." -- what a reader sees on hover.
  std::string hover() const;
  std::string hover_html;  // hover(), escaped for HTML text and attributes
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

  // Every occurrence of a term's name in `text`, left to right, not overlapping. A match starts and
  // ends at a word boundary (the neighbouring characters are not ASCII letters or digits).
  std::vector<TermMatch> scan(std::string_view text) const;

 private:
  struct Name {
    std::string folded;
    std::size_t term;
  };
  std::vector<GlossaryTerm> terms_;
  std::unordered_map<std::string, std::size_t> by_id_;
  // Names by their first two folded bytes, longest first (a name of one byte under its byte and 0).
  std::unordered_map<std::uint16_t, std::vector<Name>> names_by_prefix_;
};

}  // namespace anth::site
