// A Note and its diagnostics written as JSON (parse_codec.cpp describes the format), member by member in
// the order the format lists them.
#include "core/index/note_json.h"

#include "core/index/derived_tables.h"  // origin_text

namespace anth::index::detail {

namespace {

const char* shape_name(Field::Shape s) {
  switch (s) {
    case Field::Shape::Null: return "null";
    case Field::Shape::Scalar: return "scalar";
    case Field::Shape::List: return "list";
    case Field::Shape::Map: return "map";
  }
  return "null";
}

// LOC: [line, column], with the file only when it is not the note's own path.
void write_location(JsonWriter& w, const Location& where, const std::string& path) {
  w.raw('[');
  w.integer(where.line);
  w.raw(',');
  w.integer(where.column);
  if (where.file != path) {
    w.raw(',');
    w.string(where.file);
  }
  w.raw(']');
}

void write_fields(JsonWriter& w, const Note& n, const std::string& path) {
  w.key("fields"), w.raw('[');
  for (std::size_t i = 0; i < n.fields.size(); ++i) {
    const Field& f = n.fields[i];
    if (i) w.raw(',');
    w.raw('{');
    w.key("key", true), w.string(f.key);
    w.key("at"), write_location(w, f.where, path);
    w.key("origin"), w.string(origin_text(f.origin));
    w.key("shape"), w.string(shape_name(f.shape));
    w.key("items"), w.raw('[');
    for (std::size_t k = 0; k < f.items.size(); ++k) {
      if (k) w.raw(',');
      w.raw('['), w.string(f.items[k].text), w.raw(','), write_location(w, f.items[k].where, path), w.raw(']');
    }
    w.raw(']');
    if (!f.keys.empty()) w.key("keys"), w.strings(f.keys);
    w.raw('}');
  }
  w.raw(']');
}

// A wikilink: [target, line, column] when it has no heading, display or resolution and is in the note's
// file (most of them: a note dense with links writes ~35 bytes a link less), else [target, heading,
// display, LOC, resolved].
void write_wikilinks(JsonWriter& w, const Note& n, const std::string& path) {
  w.key("wikilinks"), w.raw('[');
  for (std::size_t i = 0; i < n.wikilinks.size(); ++i) {
    const Wikilink& l = n.wikilinks[i];
    if (i) w.raw(',');
    w.raw('['), w.string(l.target), w.raw(',');
    if (l.heading.empty() && l.display.empty() && l.resolved.empty() && l.where.file == path) {
      w.integer(l.where.line), w.raw(','), w.integer(l.where.column), w.raw(']');
      continue;
    }
    w.string(l.heading), w.raw(','), w.string(l.display), w.raw(',');
    write_location(w, l.where, path), w.raw(','), w.string(l.resolved), w.raw(']');
  }
  w.raw(']');
}

// How many relations at the end are the body's mentions exactly as its wikilinks make them
// (body_mention): those are not written but made again on reading. Otherwise 0: all are written.
std::size_t derived_mentions(const Note& n) {
  std::size_t count = 0;
  for (const Wikilink& l : n.wikilinks) count += !l.target.empty();
  if (count == 0 || count > n.relations.size()) return 0;
  std::size_t r = n.relations.size() - count;
  for (const Wikilink& l : n.wikilinks) {
    if (l.target.empty()) continue;
    const Relation& rel = n.relations[r++];
    Relation made = body_mention(n, l);
    if (rel.kind != made.kind || rel.from != made.from || rel.written != made.written || !rel.to.empty() ||
        rel.where != made.where || rel.origin != made.origin)
      return 0;
  }
  return count;
}

void write_relations(JsonWriter& w, const Note& n, const std::string& path) {
  const std::size_t derived = derived_mentions(n);
  w.key("relations"), w.raw('[');
  for (std::size_t i = 0; i + derived < n.relations.size(); ++i) {
    const Relation& r = n.relations[i];
    if (i) w.raw(',');
    w.raw('{');
    w.key("kind", true), w.string(r.kind);
    w.key("from"), w.string(r.from);
    w.key("written"), w.string(r.written);
    w.key("to"), w.string(r.to);
    w.key("at"), write_location(w, r.where, path);
    w.key("origin"), w.string(origin_text(r.origin));
    w.raw('}');
  }
  w.raw(']');
  if (derived) w.key("body_mentions"), w.boolean(true);
}

// The links of the body made ready for the site (core/model/rendered_body.h), unresolved (ingest
// resolves); its html and plain go to a column of their own (encode_body), which lint never reads.
void write_rendered(JsonWriter& w, const RenderedBody& body) {
  w.raw('{');
  w.key("links", true), w.raw('[');
  for (std::size_t i = 0; i < body.links.size(); ++i) {
    const BodyLink& l = body.links[i];
    if (i) w.raw(',');
    if (l.heading.empty() && !l.file && !l.embed && l.width == 0 && l.height == 0) {  // a plain wikilink: [target]
      w.raw('['), w.string(l.target), w.raw(']');
      continue;
    }
    w.raw('['), w.string(l.target), w.raw(','), w.string(l.heading), w.raw(','), w.boolean(l.file);
    w.raw(','), w.boolean(l.embed), w.raw(','), w.integer(l.width), w.raw(','), w.integer(l.height), w.raw(']');
  }
  w.raw(']');
  if (!body.excerpts.empty()) {  // pieces of text once, and per link [link, piece, start, length]
    w.key("excerpt_pieces"), w.strings(body.excerpts.pieces);
    w.key("excerpts"), w.raw('[');
    for (std::size_t i = 0; i < body.excerpts.spans.size(); ++i) {
      const LinkExcerpts::Span& s = body.excerpts.spans[i];
      if (i) w.raw(',');
      w.raw('['), w.integer(s.link), w.raw(','), w.integer(s.piece), w.raw(','), w.integer(s.start), w.raw(',');
      w.integer(s.length), w.raw(']');
    }
    w.raw(']');
  }
  if (!body.anchors.empty()) {  // written only when there are any
    w.key("anchors"), w.raw('[');
    for (std::size_t i = 0; i < body.anchors.size(); ++i) {
      const BodyAnchor& a = body.anchors[i];
      if (i) w.raw(',');
      w.raw('['), w.string(a.text), w.raw(','), w.string(a.id), w.raw(','), w.integer(a.level), w.raw(','), w.integer(a.line);
      w.raw(']');
    }
    w.raw(']');
  }
  if (!body.queries.empty()) {  // written only when there are any
    w.key("queries"), w.raw('[');
    for (std::size_t i = 0; i < body.queries.size(); ++i) {
      const QueryBlock& q = body.queries[i];
      if (i) w.raw(',');
      w.raw('['), w.string(q.text), w.raw(','), w.integer(q.line), w.raw(','), w.integer(q.column), w.raw(']');
    }
    w.raw(']');
  }
  w.raw('}');
}

}  // namespace

void write_note(JsonWriter& w, const Note& n) {
  const std::string& path = n.path;
  w.raw('{');
  w.key("path", true), w.string(n.path);
  w.key("id"), w.string(n.id);
  w.key("kind");
  if (n.kind) w.string(kind_name(*n.kind));
  else w.raw("null");
  w.key("hash"), w.hex64(n.content_hash);
  w.key("in_graph"), w.boolean(n.in_graph);
  w.key("title"), w.string(n.title);
  w.key("tags"), w.strings(n.tags);
  w.key("aliases"), w.strings(n.aliases);
  w.key("lint_ignore"), w.strings(n.lint_ignore);
  w.key("status"), w.string(n.status);
  w.key("created"), w.string(n.created);
  w.key("updated"), w.string(n.updated);
  w.key("authors"), w.strings(n.authors);
  w.key("year"), w.integer(n.year);
  w.key("arxiv"), w.string(n.arxiv);
  w.key("doi"), w.string(n.doi);
  w.key("venue"), w.string(n.venue);
  w.key("url"), w.string(n.url);
  w.key("version"), w.integer(n.version);
  w.key("promote_when"), w.string(n.promote_when);
  w.key("kernel"), w.string(n.kernel);
  w.key("kernel_params"), w.raw('[');
  for (std::size_t i = 0; i < n.kernel_params.size(); ++i) {
    if (i) w.raw(',');
    w.raw('['), w.string(n.kernel_params[i].first), w.raw(','), w.number(n.kernel_params[i].second), w.raw(']');
  }
  w.raw(']');
  w.key("short"), w.string(n.short_definition);
  w.key("plain"), w.string(n.plain);

  write_fields(w, n, path);
  write_wikilinks(w, n, path);
  write_relations(w, n, path);
  w.key("body"), w.string(n.body);
  w.key("body_line"), w.integer(n.body_line);
  w.key("word_count"), w.integer(n.word_count);
  w.key("rendered"), write_rendered(w, n.rendered);
  w.raw('}');
}

void write_diagnostic(JsonWriter& w, const Diagnostic& d, const std::string& path) {
  w.raw('{');
  w.key("rule", true), w.string(d.rule);
  w.key("severity"), w.string(severity_name(d.severity));
  w.key("at"), write_location(w, d.where, path);
  w.key("message"), w.string(d.message);
  w.key("related"), w.raw('[');
  for (std::size_t i = 0; i < d.related.size(); ++i) {
    if (i) w.raw(',');
    w.raw('['), write_location(w, d.related[i].where, path), w.raw(','), w.string(d.related[i].message), w.raw(']');
  }
  w.raw("]}");
}

}  // namespace anth::index::detail
