#pragma once
// Stage 2 of ingest, for one file: bytes -> Note with its own diagnostics. Needs nothing from other
// notes, so its result is what the index caches per content hash and what runs in parallel.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/config.h"
#include "core/model/parsed_note.h"
#include "ingest/body_html.h"

namespace anth::ingest {

inline constexpr std::uint64_t default_max_note_bytes = 4 * 1024 * 1024;

// The settings a parse depends on: the size limit, whether the body's raw HTML stays HTML in the
// body made ready for the site (`build --unsafe-html`), and how an untyped note is taken.
struct ParseSettings {
  ParseSettings(std::uint64_t max = default_max_note_bytes, bool raw_html = false, TypingPolicy typing_policy = {})
      : max_bytes(max), allow_raw_html(raw_html), typing(std::move(typing_policy)) {}
  std::uint64_t max_bytes;
  bool allow_raw_html;
  TypingPolicy typing;
  // Not part of the parse key: a parse for the checks only keeps no body in the index, so a build
  // that needs one parses the note again (RenderedBody::text_made).
  BodyFor body_for = BodyFor::site;
};

// What a parse depends on besides the file's bytes: the parser's version (raised whenever the same
// bytes parse differently) and the parse-time settings. The index keeps it with each parse, and a
// cached parse made under another key is parsed again (a raised `max_note_bytes` reads a note it
// refused before, and the other way round).
inline constexpr int parser_version = 17;  // 3: the body rendered for the site (Note::rendered); 4: its query blocks; 5: line fields marked; 6: pages; 7: created/updated; 8: Obsidian markdown (comments, callouts, math, tags, ...); 9: anchors, link paths, property links; 10: embeds and markdown links' places; 11: excerpts as pieces of text with offsets, wikilinks as arrays, body mentions not stored; 12: anchors' lines; 13: plain wikilinks and body links in short arrays; 14: links moved out of a callout title, heading or embed keep their text (parses made before held freed bytes); 15: authors who share a name each kept (parses made before dropped the second); 16: a markdown link's query is no part of its file's path; 17: a note's tags are each kept once whatever their case (the first spelling)
std::string parse_key(const ParseSettings& settings);

// The content hash the index keys notes by (XXH3, 64 bits).
std::uint64_t content_hash(std::string_view bytes);

// Parses one note. `path` is relative to the corpus root. A note with S001, S005 or S008 comes back
// with in_graph false; its other fields are filled as far as they could be read.
ParsedNote parse_note(const std::string& path, std::string_view bytes, const ParseSettings& settings = {});

// A note for a file that could not be read at all (S008).
ParsedNote unreadable_note(const std::string& path, const std::string& reason);

}  // namespace anth::ingest
