// A Note and its diagnostics read back from JSON (parse_codec.cpp describes the format): a missing member
// keeps the Note's default, an unknown one is skipped, a member of the wrong type throws JsonMalformed.
#include "core/index/derived_tables.h"
#include "core/index/note_json.h"

#include <utility>
#include <vector>

namespace anth::index::detail {

namespace {

// LOC: [line, column] or [line, column, file].
Location read_location(JsonReader& r, const std::string& path) {
  Location where;
  int n = 0;
  each_item(r, [&] {
    if (n == 0) where.line = r.int32();
    else if (n == 1) where.column = r.int32();
    else if (n == 2) where.file = r.string();
    else throw JsonMalformed();
    ++n;
  });
  if (n < 2) throw JsonMalformed();
  if (n == 2) where.file = path;
  return where;
}

Origin read_origin(JsonReader& r) {
  if (std::optional<Origin> o = origin_named(r.string())) return *o;
  throw JsonMalformed();
}

Field::Shape read_shape(JsonReader& r) {
  std::string s = r.string();
  if (s == "null") return Field::Shape::Null;
  if (s == "scalar") return Field::Shape::Scalar;
  if (s == "list") return Field::Shape::List;
  if (s == "map") return Field::Shape::Map;
  throw JsonMalformed();
}

std::uint64_t read_hash(JsonReader& r) {
  if (r.peek() != '"') {
    std::int64_t v = r.integer();
    return static_cast<std::uint64_t>(v);
  }
  std::string s = r.string();
  if (s.empty() || s.size() > 16) throw JsonMalformed();
  std::uint64_t v = 0;
  for (char c : s) {
    unsigned digit;
    if (c >= '0' && c <= '9') digit = static_cast<unsigned>(c - '0');
    else if (c >= 'a' && c <= 'f') digit = static_cast<unsigned>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') digit = static_cast<unsigned>(c - 'A' + 10);
    else throw JsonMalformed();
    v = v << 4 | digit;
  }
  return v;
}

// Its html and plain stay in the index (files.body) until the site asks for them.
void read_rendered(JsonReader& r, RenderedBody& body, bool links) {
  body.stored = true;
  each_member(r, [&](std::string_view k) {
    if (k == "links" && !links) {
      r.skip();  // only the site uses them
    } else if (k == "links") {
      each_item(r, [&] {
        BodyLink l;
        int i = 0;  // [target] for a plain wikilink, else all six
        each_item(r, [&] {
          if (i == 0) l.target = r.string();
          else if (i == 1) l.heading = r.string();
          else if (i == 2) l.file = r.boolean();
          else if (i == 3) l.embed = r.boolean();
          else if (i == 4) l.width = r.int32();
          else if (i == 5) l.height = r.int32();
          else throw JsonMalformed();
          ++i;
        });
        if (i != 1 && i != 6) throw JsonMalformed();
        body.links.push_back(std::move(l));
      });
    } else if (k == "excerpt_pieces" && !links) {
      r.skip();
    } else if (k == "excerpt_pieces") {
      body.excerpts.pieces = read_strings(r);
    } else if (k == "excerpts" && !links) {
      r.skip();
    } else if (k == "excerpts") {
      each_item(r, [&] {
        LinkExcerpts::Span s{};
        each_field(r, 4, [&](int i) {
          std::int64_t v = r.integer();
          if (v < 0 || v > UINT32_MAX) throw JsonMalformed();
          (i == 0 ? s.link : i == 1 ? s.piece : i == 2 ? s.start : s.length) = static_cast<std::uint32_t>(v);
        });
        body.excerpts.spans.push_back(s);
      });
      body.excerpts.sort_spans();  // of() looks them up by link
    } else if (k == "anchors") {
      each_item(r, [&] {
        BodyAnchor a;
        each_field(r, 4, [&](int i) {
          if (i == 0) a.text = r.string();
          else if (i == 1) a.id = r.string();
          else if (i == 2) a.level = r.int32();
          else a.line = r.int32();
        });
        body.anchors.push_back(std::move(a));
      });
    } else if (k == "queries") {
      each_item(r, [&] {
        QueryBlock q;
        each_field(r, 3, [&](int i) {
          if (i == 0) q.text = r.string();
          else if (i == 1) q.line = r.int32();
          else q.column = r.int32();
        });
        body.queries.push_back(std::move(q));
      });
    } else r.skip();
  });
}

// The note's path for its locations; a path read after one of them is malformed.
struct NotePath {
  const Note& note;
  bool used = false;
  const std::string& operator()() {
    used = true;
    return note.path;
  }
};

std::vector<std::pair<std::string, double>> read_kernel_params(JsonReader& r) {
  std::vector<std::pair<std::string, double>> params;
  each_item(r, [&] {
    std::pair<std::string, double> param;
    int k = 0;
    each_item(r, [&] {
      if (k == 0) param.first = r.string();
      else if (k == 1) param.second = r.number();
      else throw JsonMalformed();
      ++k;
    });
    if (k != 2) throw JsonMalformed();
    params.push_back(std::move(param));
  });
  return params;
}

void read_fields(JsonReader& r, Note& n, NotePath& path) {
  each_item(r, [&] {
    Field f;
    each_member(r, [&](std::string_view k) {
      if (k == "key") f.key = r.string();
      else if (k == "at") f.where = read_location(r, path());
      else if (k == "origin") f.origin = read_origin(r);
      else if (k == "shape") f.shape = read_shape(r);
      else if (k == "items") {
        each_item(r, [&] {
          FieldValue v;
          each_field(r, 2, [&](int i) {
            if (i == 0) v.text = r.string();
            else v.where = read_location(r, path());
          });
          f.items.push_back(std::move(v));
        });
      } else if (k == "keys") f.keys = read_strings(r);
      else r.skip();
    });
    n.fields.push_back(std::move(f));
  });
}

// [target, line, column], or [target, heading, display, LOC, resolved] (note_json_write.cpp).
void read_wikilinks(JsonReader& r, Note& n, NotePath& path) {
  each_item(r, [&] {
    Wikilink l;
    int i = 0, size = 5;
    each_item(r, [&] {
      if (i == size) throw JsonMalformed();
      if (i == 1 && r.peek() != '"') size = 3;
      if (i == 0) l.target = r.string();
      else if (size == 3 && i == 1) l.where = {path(), r.int32(), 1};
      else if (size == 3) l.where.column = r.int32();
      else if (i == 1) l.heading = r.string();
      else if (i == 2) l.display = r.string();
      else if (i == 3) l.where = read_location(r, path());
      else l.resolved = r.string();
      ++i;
    });
    if (i != size) throw JsonMalformed();
    n.wikilinks.push_back(std::move(l));
  });
}

void read_relations(JsonReader& r, Note& n, NotePath& path) {
  each_item(r, [&] {
    Relation rel;
    each_member(r, [&](std::string_view k) {
      if (k == "kind") rel.kind = r.string();
      else if (k == "from") rel.from = r.string();
      else if (k == "written") rel.written = r.string();
      else if (k == "to") rel.to = r.string();
      else if (k == "at") rel.where = read_location(r, path());
      else if (k == "origin") rel.origin = read_origin(r);
      else r.skip();
    });
    n.relations.push_back(std::move(rel));
  });
}

}  // namespace

// A location's file is relative to the note's path, so the path is read first (it is written first);
// locations read before it would take an empty default, which is why a path after them is malformed.
Note read_note(JsonReader& r, bool body_links, bool body) {
  Note n;
  bool have_path = false, body_mentions = false;
  NotePath path{n};
  each_member(r, [&](std::string_view key) {
    if (key == "path") {
      if (path.used) throw JsonMalformed();
      n.path = r.string();
      have_path = true;
    } else if (key == "id") n.id = r.string();
    else if (key == "kind") {
      if (!r.null()) {
        n.kind = parse_kind(r.string());
        if (!n.kind) throw JsonMalformed();
      }
    } else if (key == "hash") n.content_hash = read_hash(r);
    else if (key == "in_graph") n.in_graph = r.boolean();
    else if (key == "title") n.title = r.string();
    else if (key == "tags") n.tags = read_strings(r);
    else if (key == "aliases") n.aliases = read_strings(r);
    else if (key == "lint_ignore") n.lint_ignore = read_strings(r);
    else if (key == "status") n.status = r.string();
    else if (key == "created") n.created = r.string();
    else if (key == "updated") n.updated = r.string();
    else if (key == "authors") n.authors = read_strings(r);
    else if (key == "year") n.year = r.int32();
    else if (key == "arxiv") n.arxiv = r.string();
    else if (key == "doi") n.doi = r.string();
    else if (key == "venue") n.venue = r.string();
    else if (key == "url") n.url = r.string();
    else if (key == "version") n.version = r.int32();
    else if (key == "promote_when") n.promote_when = r.string();
    else if (key == "kernel") n.kernel = r.string();
    else if (key == "kernel_params") n.kernel_params = read_kernel_params(r);
    else if (key == "short") n.short_definition = r.string();
    else if (key == "plain") n.plain = r.string();
    else if (key == "fields") read_fields(r, n, path);
    else if (key == "wikilinks") read_wikilinks(r, n, path);
    else if (key == "relations") read_relations(r, n, path);
    else if (key == "body_mentions") body_mentions = r.boolean();
    else if (key == "body" && body) n.body = r.string();
    else if (key == "body") r.skip(), n.body_held = false;
    else if (key == "body_line") n.body_line = r.int32();
    else if (key == "word_count") n.word_count = r.int32();
    else if (key == "rendered") read_rendered(r, n.rendered, body_links);
    else r.skip();
  });
  if (!have_path) throw JsonMalformed();
  if (body_mentions)  // not written: one per wikilink with a target, after the others (note_json_write.cpp)
    for (const Wikilink& l : n.wikilinks)
      if (!l.target.empty()) n.relations.push_back(body_mention(n, l));
  return n;
}

Diagnostic read_diagnostic(JsonReader& r, const std::string& path) {
  Diagnostic d;
  bool have_rule = false;
  each_member(r, [&](std::string_view k) {
    if (k == "rule") {
      d.rule = r.string();
      have_rule = true;
    } else if (k == "severity") {
      if (!parse_severity(r.string(), d.severity)) throw JsonMalformed();
    } else if (k == "at") d.where = read_location(r, path);
    else if (k == "message") d.message = r.string();
    else if (k == "related") {
      each_item(r, [&] {
        RelatedLocation rel;
        each_field(r, 2, [&](int i) {
          if (i == 0) rel.where = read_location(r, path);
          else rel.message = r.string();
        });
        d.related.push_back(std::move(rel));
      });
    } else r.skip();
  });
  if (!have_rule) throw JsonMalformed();
  return d;
}

}  // namespace anth::index::detail
