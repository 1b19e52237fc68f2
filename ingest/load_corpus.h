#pragma once
// The whole of ingest: scan the corpus, parse the files whose content changed (in parallel; the rest
// come from the index), and resolve references across the notes.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "core/index/index.h"
#include "core/model/corpus.h"
#include "core/util/expected.h"
#include "ingest/note_parser.h"

namespace anth::ingest {

struct LoadOptions {
  std::filesystem::path root;
  std::uint64_t max_note_bytes = default_max_note_bytes;
  unsigned threads = 0;  // 0: one per core
  // Called now and then from the parsing threads with the number of files done so far.
  std::function<void(std::size_t done, std::size_t total)> on_progress;
  bool allow_raw_html = false;  // bodies keep their raw HTML for the site (part of the parse key)
  // The site will read every body's html and plain (build): each is then in the index (stored) or, where
  // the index could not take it or there is none, in memory. Otherwise (lint, queries) they are only
  // made and stored for a later build, never held or loaded.
  bool bodies = false;
  TypingPolicy typing;  // [ingest] untyped, glossary, typed_folders
  // The day each note's file was last committed (Note::committed), when the corpus folder is a git
  // repository's root (ingest/commit_dates.h): the site shows it.
  bool commit_dates = false;
  // false: the notes are left as parsed, unresolved (the resident workspace resolves them itself, and
  // again after each patch: workspace/workspace.h); commit dates are applied either way.
  bool resolve = true;
  std::set<std::string> rules_off;  // rules anthology.toml turns off: the resolver makes no R002 then
  ParseSettings settings() const {
    ParseSettings s{max_note_bytes, allow_raw_html, typing};
    s.body_for = bodies ? BodyFor::site : BodyFor::checks;
    return s;
  }
};

struct LoadedCorpus {
  Corpus corpus;
  // What the index must remember: the parses made this run, encoded (encode_parse) rather than
  // copied, which would double the notes' memory in a cold run, and the paths present now.
  struct FreshParse {
    std::string path;
    std::string encoded;
    index::CachedFile file;
    std::string body;  // encode_body; empty: the index's stays (same content)
    bool no_body = false;  // a parse for the checks only: the index's body goes (RenderedBody::text_made)
  };
  std::vector<FreshParse> fresh;
  std::vector<std::string> paths;
  std::size_t parsed = 0;  // files parsed this run
  std::size_t reused = 0;  // files taken from the index unparsed
  // The largest markdown body parsed this run: the notes no longer hold theirs once encoded for the index.
  std::size_t largest_parsed_body = 0;

  std::vector<index::Index::FileParse> changed() const;
};

// Fails only when the corpus folder is missing or unreadable; broken notes are diagnostics.
// `index` may be null (nothing cached).
util::Expected<LoadedCorpus> load_corpus(const LoadOptions& options, index::Index* index);

}  // namespace anth::ingest
