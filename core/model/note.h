#pragma once
// One note of the corpus, as ingest reads it: its fields as written (with locations), the typed values
// the schema gives them, its relations and its body wikilinks.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/model/kind.h"
#include "core/model/location.h"
#include "core/model/rendered_body.h"

namespace anth {

// Where a field, relation or link was written. Property: a wikilink in a frontmatter key outside the
// kind's schema (`categories: "[[Books]]"`), an edge named after its key that the typed rules never read.
// Link: a markdown link to a note's file in the body (`[text](Other%20note.md)`), an untyped "mentions"
// like a body wikilink, read relative to the note's folder first.
enum class Origin { Frontmatter, Inline, Body, Property, Link };

// One value as written: a scalar, or one item of a list, or one value of a map.
struct FieldValue {
  std::string text;  // the scalar's text; a wikilink string keeps its brackets ("[[LIT-523]]")
  Location where;
};

// A field as written in the frontmatter (`source: [LIT-088]`) or inline (`source:: [[LIT-088]]`).
struct Field {
  enum class Shape { Null, Scalar, List, Map };
  std::string key;
  Location where;  // the key
  Origin origin = Origin::Frontmatter;
  Shape shape = Shape::Null;
  std::vector<FieldValue> items;  // Scalar: one; List: each item; Map: each value
  std::vector<std::string> keys;  // Map only: the keys, parallel to items
};

// A [[target#heading|display]] in the body (never inside code).
struct Wikilink {
  std::string target;
  std::string heading;
  std::string display;  // empty when none was given
  Location where;       // the first '['
  std::string resolved;  // the id it resolves to; empty when it resolves to nothing (R002)
};

// A typed relation from a field ("source", "introduced_by", ...) or an untyped "mentions" from a
// body wikilink. `to` is the resolved id, empty when the target names no note (R001/R002).
struct Relation {
  std::string kind;
  std::string from;
  std::string written;  // the target as written, brackets removed ("LIT-523", "Zhai et al.")
  std::string to;
  Location where;
  Origin origin = Origin::Frontmatter;
};

struct Note {
  // Identity and source.
  std::string path;  // relative to the corpus root, '/'-separated
  std::string id;    // the `id:` field, else the file stem
  std::optional<Kind> kind;
  std::uint64_t content_hash = 0;
  bool in_graph = true;  // false after S001, S005, S006 or S008 (docs/rules/README.md, "Notes left out")

  // Common fields.
  std::string title;
  std::vector<std::string> tags;
  std::vector<std::string> aliases;
  std::vector<std::string> lint_ignore;
  std::string status;  // as written, or the kind's default
  // Dates (YYYY-MM-DD): `created` and `updated` as written; `committed`, the day of the file's last
  // commit when the corpus is the root of a git repository (ingest/commit_dates.h; not cached with
  // the parse: it is not in the file).
  std::string created, updated, committed;

  // LIT.
  std::vector<std::string> authors;
  int year = 0;  // 0 when absent
  std::string arxiv, doi, venue, url;
  int version = 1;

  // SOTA and THEORY.
  std::string promote_when;
  std::string kernel;
  std::vector<std::pair<std::string, double>> kernel_params;

  // TERM.
  std::string short_definition;
  std::string plain;

  // Everything as written, in file order (frontmatter fields, then inline fields).
  std::vector<Field> fields;
  std::vector<Wikilink> wikilinks;
  std::vector<Relation> relations;  // typed relations, then one "mentions" per body wikilink

  // The markdown after the frontmatter and the file line it starts on.
  std::string body;
  bool body_held = true;  // false: read back from the index without it (only its full-text entry needs it)
  int body_line = 1;
  int word_count = 0;  // words of the body, for the reading time
  RenderedBody rendered;  // the body made ready for the site (rendered_body.h)

  const Field* field(std::string_view key) const;
  // The typed relations of one kind ("source"), in file order.
  std::vector<const Relation*> relations_of(std::string_view kind) const;
  bool ignores(std::string_view rule) const;
};

// The untyped "mentions" relation a body wikilink with a target makes (unresolved: `to` is empty).
Relation body_mention(const Note& note, const Wikilink& link);

}  // namespace anth
