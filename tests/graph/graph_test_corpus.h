#pragma once
// Hand-built corpora for the graph tests: notes and resolved relations written directly, so a test can
// make shapes ingest never produces (typed self-loops, relations to the wrong kind, missing years).
#include <algorithm>
#include <string>

#include "core/model/corpus.h"

namespace anth::test {

class CorpusBuilder {
 public:
  // Adds a note; its path is "<id>.md"; returns it for setting fields.
  Note& note(const std::string& id, int year = 0) {
    Note n;
    n.id = id;
    n.path = id + ".md";
    n.kind = kind_of_id(id);
    n.year = year;
    n.title = "Title of " + id;
    corpus_.notes.push_back(std::move(n));
    return corpus_.notes.back();
  }
  // Adds a resolved relation `from -kind-> to` on line `line` of from's file.
  CorpusBuilder& relate(const std::string& from, const std::string& kind, const std::string& to, int line = 2) {
    for (Note& n : corpus_.notes)
      if (n.id == from) n.relations.push_back({kind, from, to, to, {n.path, line, 1}, Origin::Frontmatter});
    return *this;
  }
  // The finished corpus, sorted by path and indexed.
  Corpus build() {
    std::sort(corpus_.notes.begin(), corpus_.notes.end(), [](const Note& a, const Note& b) { return a.path < b.path; });
    corpus_.index_ids();
    return std::move(corpus_);
  }

 private:
  Corpus corpus_;
};

}  // namespace anth::test
