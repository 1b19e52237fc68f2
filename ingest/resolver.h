#pragma once
// Stage 3 of ingest: resolve every reference across the corpus, as Obsidian resolves links (the link
// index, core/graph/link_index.h): relations, body links and frontmatter properties' links, then the
// headings and blocks links name (link_anchors.h). Reports S006, R001-R004, R002 and R007.
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/graph/link_index.h"
#include "core/model/corpus.h"

namespace anth::ingest {

// `corpus.notes` must be sorted by path (the first file of a duplicated id keeps it). R002 findings of a
// rule in `rules_off` (anthology.toml turned it off) or that a note's lint-ignore names are not made at
// all: a note of 2,000,000 broken links would hold as many findings only for lint to drop them.
void resolve_corpus(Corpus& corpus, const std::set<std::string>& rules_off = {});

// The parts of resolve_corpus, for whoever resolves again only some notes (workspace/): first the
// corpus-wide ids (pages' ids told apart, a duplicated id taken out of the graph with S006 into `out`,
// the id index), then each in-graph note's links (NoteResolver, findings into `out`), then each one's
// anchors (link_anchors.h), once every note it links to is resolved.
void resolve_ids(Corpus& corpus, std::vector<Diagnostic>& out);

class NoteResolver {
 public:
  // Reads the corpus as resolve_ids left it; holds the link index of its notes.
  NoteResolver(const Corpus& corpus, const std::set<std::string>& rules_off);
  NoteResolver(const NoteResolver&) = delete;
  NoteResolver& operator=(const NoteResolver&) = delete;
  // Resolves the relations, wikilinks and body links of `note`, an in-graph note of the corpus whose
  // links are cleared (as parsed). One thread at a time: it remembers what references named.
  void resolve(Note& note, std::vector<Diagnostic>& out) const;
  const graph::LinkIndex& links() const { return links_; }

 private:
  const Corpus& corpus_;
  graph::LinkIndex links_;
  mutable graph::LinkMemo memo_{links_};  // what references named, for the next notes that write them
  const std::set<std::string>& rules_off_;
  // The note left out of the graph (S001, S005, S006, S008) that a reference names by its id or file
  // name, for the finding that says so; nullptr when none.
  const Note* left_out(std::string_view written) const;
  std::unordered_map<std::string, const Note*> left_out_;  // by folded id and folded file stem
};

}  // namespace anth::ingest
