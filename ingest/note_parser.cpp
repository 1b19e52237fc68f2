#include "ingest/note_parser.h"

#include <xxhash.h>

#include <algorithm>
#include <utility>

#include "core/model/schema.h"
#include "core/model/tag_names.h"
#include "core/util/text.h"
#include "ingest/body_scan.h"
#include "ingest/field_validation.h"
#include "ingest/frontmatter.h"
#include "ingest/obsidian_source.h"
#include "ingest/property_links.h"

namespace anth::ingest {

namespace {

std::string stem_of(const std::string& path) {
  std::size_t slash = path.rfind('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  return name.size() > 3 && name.ends_with(".md") ? name.substr(0, name.size() - 3) : name;
}

Location location_of_offset(const std::string& path, std::string_view text, std::size_t offset) {
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  return {path, line, util::column_of(text.substr(line_start), offset - line_start)};
}

ParsedNote unreadable(const std::string& path, Location where, const std::string& reason) {
  ParsedNote p;
  p.note.path = path;
  p.note.id = stem_of(path);
  p.note.kind = kind_of_id(p.note.id);
  p.note.in_graph = false;
  p.diagnostics.push_back({"S008", Severity::Error, std::move(where), reason, {}});
  return p;
}

// The text with a leading BOM removed and CRLF line endings turned into LF (line numbers stay).
std::string normalized(std::string_view bytes) {
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  std::string text;
  text.reserve(bytes.size());
  for (std::size_t i = 0; i < bytes.size(); ++i)
    if (!(bytes[i] == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n')) text.push_back(bytes[i]);
  return text;
}

template <class T>
void trim_capacity(std::vector<T>& v) {
  if (v.capacity() > v.size() + v.size() / 8 + 16) v.shrink_to_fit();
}

// Wikilinks in inline fields that are no relation of the note's kind (`see_also:: [[X]]`, or
// `source:: [[X]]` on a LIT) are mentions like any other body wikilink, in file order with them.
void add_field_mentions(Note& note) {
  if (!note.kind) return;
  bool added = false;
  for (const Field& f : note.fields) {
    if (f.origin != Origin::Inline) continue;
    if (const FieldSpec* spec = find_field(*note.kind, f.key); spec && is_relation(*spec)) continue;
    for (const FieldValue& v : f.items) {
      std::string_view t = v.text;
      if (t.size() < 4 || !t.starts_with("[[") || !t.ends_with("]]")) continue;
      Wikilink link = parse_wikilink_text(t.substr(2, t.size() - 4));
      if (link.target.empty()) continue;
      link.where = v.where;
      note.wikilinks.push_back(std::move(link));
      added = true;
    }
  }
  if (added)
    std::stable_sort(note.wikilinks.begin(), note.wikilinks.end(), [](const Wikilink& a, const Wikilink& b) {
      return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
    });
}

// Markdown links and images to the vault's files (`[text](Other%20note.md)`, `![](a.png)`) are
// mentions too (Origin::Link), at the link's line and column: cmark gives the column in bytes of the
// body's line, the finding's is in characters.
void add_link_mentions(Note& note) {
  std::vector<std::size_t> line_starts;  // found at the first link to a file: most bodies have none
  for (const BodyLink& l : note.rendered.links) {
    if (!l.file || l.target.empty()) continue;
    if (line_starts.empty()) {
      line_starts.push_back(0);
      for (std::size_t at = note.body.find('\n'); at != std::string::npos; at = note.body.find('\n', at + 1))
        line_starts.push_back(at + 1);
    }
    Location where{note.path, note.body_line, 1};
    if (l.line > 0 && static_cast<std::size_t>(l.line) <= line_starts.size()) {
      std::string_view line = std::string_view(note.body).substr(line_starts[l.line - 1]);
      line = line.substr(0, line.find('\n'));
      where.line = note.body_line + l.line - 1;
      where.column = util::column_of(line, static_cast<std::size_t>(std::max(1, l.column) - 1));
    }
    note.relations.push_back({"mentions", note.id, l.target, "", std::move(where), Origin::Link});
  }
}

}  // namespace

std::uint64_t content_hash(std::string_view bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

std::string parse_key(const ParseSettings& settings) {
  std::string key = "parser " + std::to_string(parser_version) + "; max_note_bytes " + std::to_string(settings.max_bytes) +
                    (settings.allow_raw_html ? "; raw html" : "");
  const TypingPolicy& t = settings.typing;
  if (!t.untyped_pages) key += "; untyped error";
  if (t.glossary != TypingPolicy{}.glossary) key += "; glossary " + t.glossary;
  for (const std::string& f : t.typed_folders) key += "; typed " + f;
  return key;
}

ParsedNote unreadable_note(const std::string& path, const std::string& reason) {
  return unreadable(path, {path, 1, 1}, reason);
}

ParsedNote parse_note(const std::string& path, std::string_view bytes, const ParseSettings& settings) {
  const std::uint64_t max_bytes = settings.max_bytes;
  if (bytes.size() > max_bytes)
    return unreadable(path, {path, 1, 1}, "file is over the limit of " + std::to_string(max_bytes) + " bytes");
  if (std::size_t nul = bytes.find('\0'); nul != std::string_view::npos)
    return unreadable(path, location_of_offset(path, bytes, nul), "file holds a NUL byte");
  if (std::size_t bad = util::find_invalid_utf8(bytes); bad != std::string_view::npos)
    return unreadable(path, location_of_offset(path, bytes, bad), "file is not valid UTF-8");

  ParsedNote p;
  Note& note = p.note;
  note.path = path;
  note.content_hash = content_hash(bytes);
  std::string text = normalized(bytes);

  Frontmatter fm = parse_frontmatter(text, path);
  // Comments are gone before anything reads the body, the search index too (obsidian_source.h).
  std::optional<std::string> visible = obsidian_source(fm.body);
  note.body = visible ? std::move(*visible) : std::string(fm.body);
  note.body_line = fm.body_line;
  note.word_count = util::count_words(note.body);
  note.fields = std::move(fm.fields);
  for (Diagnostic& d : fm.findings) p.diagnostics.push_back(std::move(d));

  ParsedBody parsed = parse_body(note.body, settings.allow_raw_html, body_piece_bytes, settings.body_for);
  BodyScan scan = scan_body(note.body, note.body_line, path, parsed.inline_blocks);
  note.rendered = std::move(parsed.rendered);
  note.wikilinks = std::move(scan.wikilinks);
  for (Field& f : scan.inline_fields) note.fields.push_back(std::move(f));

  if (fm.error) {
    p.diagnostics.push_back(*fm.error);
    note.id = stem_of(path);
    note.kind = kind_of_id(note.id);
    note.in_graph = false;
    return p;
  }
  apply_schema(note, stem_of(path), settings.typing, p.diagnostics);
  add_property_links(note);
  // Inline #tags join the frontmatter's (ingest/inline_tags.h), each tag once whatever its case
  // (core/model/tag_names.h).
  add_tags(note.tags, std::exchange(note.tags, {}));
  add_tags(note.tags, std::move(parsed.tags));
  add_field_mentions(note);
  // Body wikilinks are untyped "mentions" edges (but [[#heading]], a place in the note itself); the
  // resolver fills in their targets. The link lists were reserved for every "[[" (and "](") of the
  // body: kept so unless that was much more than they hold (a copy of a list is a copy of all its links).
  trim_capacity(note.wikilinks);
  trim_capacity(note.rendered.links);
  note.relations.reserve(note.relations.size() + note.wikilinks.size());
  for (const Wikilink& w : note.wikilinks)
    if (!w.target.empty()) note.relations.push_back(body_mention(note, w));
  add_link_mentions(note);
  return p;
}

}  // namespace anth::ingest
