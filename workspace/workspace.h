#pragma once
// The resident workspace (`serve`, `build --watch`, `lsp`): the corpus loaded once through the index,
// its notes held as parsed, and after each change of one note a patch: that note alone is parsed again
// (from its file, or from text an editor has not saved); the ids are told apart over the corpus again
// (cheap), and only the notes a change can affect are resolved again: the changed ones, and those with a
// reference that names a key (id, title, alias, file stem) a changed note had or has (link_keys.h: a new
// title or alias can resolve other notes' dangling links, a removed note breaks them). The graph keeps
// its edges when the notes resolved again make the same ones (re-pointed at the new relations), and is
// built again otherwise. The common edit (a body's prose) is cheaper still: when no changed note's id,
// names or place in the graph moved, the ids are not told apart again and the link index is kept;
// when besides the graph kept its edges and no changed note's rule inputs moved (rule_inputs.h), the
// rules' findings are kept; and when no changed note's own findings moved either, the sorted findings
// are. The result equals a cold run over the same files (tests/workspace/workspace_equivalence_test.cpp);
// docs/serve.md says what a patch costs at 10,000 and 100,000 notes.
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/graph/graph.h"
#include "core/index/index.h"
#include "core/model/config.h"
#include "core/model/corpus.h"
#include "core/util/expected.h"
#include "ingest/load_corpus.h"
#include "ingest/resolver.h"
#include "workspace/link_keys.h"
#include "workspace/unstored_parses.h"

namespace anth::workspace {

// What a refresh did: the notes whose parse changed (corpus-relative paths), and how long it took.
struct Refresh {
  std::vector<std::string> changed;
  std::chrono::microseconds took{};
};

class Workspace {
 public:
  // Loads the corpus at options.root (notes unchanged since the index's last run come from it, parsed
  // ones go into it) and checks it. `index` may be null (nothing cached; bodies held in memory).
  static util::Expected<std::unique_ptr<Workspace>> open(ingest::LoadOptions options, Config config, index::Index* index);

  // The file at `path` (corpus-relative) as it is on disk now: parsed again when it is a note the scan
  // would find, dropped when it is gone (or is no note: hidden, not .md). Needs refresh() after.
  void update_from_disk(const std::string& path);
  // The note at `path` as `text` says (an editor's unsaved buffer); the file is not read.
  void update_text(const std::string& path, std::string_view text);
  // The note at `path` is gone.
  void remove(const std::string& path);
  // Folders appeared, moved or went: the corpus is scanned and notes that appeared or went are updated.
  void sync_with_disk();

  // Resolves, builds the graph and runs the rules again after updates (nothing when none happened).
  Refresh refresh();

  // Writes into `index` what it lacks since open() or the last store(): the parses of the files read
  // from disk since, the files gone, and the derived tables of the corpus as the last refresh checked
  // it, as a cold run over the same files would leave them. `serve` and `build --watch` store after a
  // change when a note has query blocks, whose answers the index gives (docs/serve.md).
  util::Expected<void> store(index::Index& index);

  const Corpus& corpus() const { return corpus_; }
  const graph::Graph& graph() const { return *graph_; }
  // Every finding, configured, filtered by lint-ignore and sorted (as `lint` reports them).
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  const Config& config() const { return config_; }
  // The link index the last refresh resolved with (core/graph/link_index.h), true until the next one.
  const graph::LinkIndex& links() const { return resolver_->links(); }
  // How many times the graph was built: the same number, the same Graph (its notes changed in place)
  // with the same vertices and edges (render/site/site_render.h patches the site only then).
  std::uint64_t graph_builds() const { return graph_builds_; }
  // How many times the rules ran over the corpus (a patch keeps their findings when it can: tests).
  std::uint64_t rule_runs() const { return rule_runs_; }
  // How many refreshes have run, and the notes resolved again (so changed, possibly) by those after
  // refresh number `since`: the only notes a patch can have changed (render/site/site_render.h).
  std::uint64_t refreshes() const { return refreshes_; }
  std::vector<const Note*> touched_since(std::uint64_t since) const;
  const std::filesystem::path& root() const { return options_.root; }

  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  ~Workspace();

 private:
  // What a note was before the resolver touched it: its own id (a page's may get a suffix), whether
  // it is in the graph (a duplicated id takes it out), and the findings of its parse.
  // Then what the last resolve made of it: its id and place in the graph, and the findings of its links
  // and of its anchors (kept apart: a cold resolve reports all links' findings before any anchor's).
  struct Parsed {
    std::string id;
    bool in_graph = true;
    std::vector<Diagnostic> findings;
    std::string resolved_id;
    bool resolved_in_graph = false;
    bool dirty = true;  // to resolve again
    std::uint64_t touched = 0;  // the refresh that last resolved it again
    std::vector<Diagnostic> link_findings, anchor_findings;
    std::uint64_t rule_inputs = 0;  // rule_inputs_print of the note as last resolved
  };

  Workspace(ingest::LoadOptions options, Config config);
  void adopt(Corpus loaded);
  ParsedNote parse_text(const std::string& path, std::string_view text) const;
  void put(ParsedNote parse);
  void check();
  void resolve_patch();
  bool patch_graph();
  bool reprint_rule_inputs();

  ingest::LoadOptions options_;
  Config config_;
  std::filesystem::path root_real_;
  Corpus corpus_;                          // notes sorted by path, resolved after each refresh
  std::vector<Parsed> parsed_;             // parallel to corpus_.notes
  std::vector<Diagnostic> folder_findings_;  // S008 of folders too deep, from the last scan
  std::unique_ptr<graph::Graph> graph_;
  std::vector<Diagnostic> diagnostics_;
  std::vector<std::string> pending_;       // paths updated since the last refresh
  std::string parse_key_;                  // the key of the parses made here (ingest/note_parser.h)
  UnstoredParses unstored_;                // parses read from disk since the index was last written
  LinkKeys stale_keys_;                    // the keys of notes replaced or removed since (link_keys.h)
  LinkKeys fresh_keys_;                    // the keys of the notes that replaced them
  LinkKeys reach_keys_;                    // the keys of changed notes whose kind or anchors moved
  std::unique_ptr<ingest::NoteResolver> resolver_;  // its link index, kept while no name moves
  std::vector<Diagnostic> id_findings_;    // S006 of the last time the ids were told apart
  std::vector<Diagnostic> graph_findings_; // the rules' findings of the last run
  bool ids_moved_ = true;                  // a changed note's parsed id or place in the graph moved
  bool findings_moved_ = true;             // a changed note's (or folder's) findings moved
  bool notes_moved_ = true;                // a note was added or removed: the graph's vertices changed
  std::uint64_t graph_builds_ = 0;
  std::uint64_t rule_runs_ = 0;
  std::uint64_t refreshes_ = 0;
};

}  // namespace anth::workspace
