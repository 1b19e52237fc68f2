// encode_parse / decode_parse: a ParsedNote as the JSON the files table keeps (column `parse`).
//
// {"format":1,
//  "note":{"path":..,"id":..,"kind":"LIT"|null,"hash":"<16 hex digits>","in_graph":true,
//          "title":..,"tags":[..],"aliases":[..],"lint_ignore":[..],"status":..,
//          "authors":[..],"year":0,"arxiv":..,"doi":..,"venue":..,"url":..,"version":1,
//          "promote_when":..,"kernel":..,"kernel_params":[[name,number],..],"short":..,"plain":..,
//          "fields":[{"key":..,"at":LOC,"origin":"frontmatter","shape":"list","items":[[text,LOC],..],"keys":[..]}],
//          "wikilinks":[{"target":..,"heading":..,"display":..,"at":LOC,"resolved":..}],
//          "relations":[{"kind":..,"from":..,"written":..,"to":..,"at":LOC,"origin":..}],
//          "body":..,"body_line":1,"word_count":0},
//  "diagnostics":[{"rule":..,"severity":"error","at":LOC,"message":..,"related":[[LOC,message],..]}]}
//
// LOC is [line, column] when the file is the note's own path, else [line, column, file]. A number that is
// not finite is written as the string "nan", "inf" or "-inf" (JSON has no such numbers).
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/index/index.h"

namespace anth {

namespace {

using json = nlohmann::json;

constexpr int parse_format = 1;

struct Malformed : std::runtime_error {
  Malformed() : std::runtime_error("malformed parse") {}
};

const char* origin_name(Origin o) {
  switch (o) {
    case Origin::Frontmatter: return "frontmatter";
    case Origin::Inline: return "inline";
    case Origin::Body: return "body";
  }
  return "frontmatter";
}

Origin parse_origin(const std::string& s) {
  if (s == "frontmatter") return Origin::Frontmatter;
  if (s == "inline") return Origin::Inline;
  if (s == "body") return Origin::Body;
  throw Malformed();
}

const char* shape_name(Field::Shape s) {
  switch (s) {
    case Field::Shape::Null: return "null";
    case Field::Shape::Scalar: return "scalar";
    case Field::Shape::List: return "list";
    case Field::Shape::Map: return "map";
  }
  return "null";
}

Field::Shape parse_shape(const std::string& s) {
  if (s == "null") return Field::Shape::Null;
  if (s == "scalar") return Field::Shape::Scalar;
  if (s == "list") return Field::Shape::List;
  if (s == "map") return Field::Shape::Map;
  throw Malformed();
}

// ---- encoding ----

json encode_location(const Location& where, const std::string& path) {
  if (where.file == path) return json::array({where.line, where.column});
  return json::array({where.line, where.column, where.file});
}

json encode_number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

json encode_strings(const std::vector<std::string>& list) {
  json out = json::array();
  for (const std::string& s : list) out.push_back(s);
  return out;
}

std::string hex64(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

json encode_note(const Note& n) {
  const std::string& path = n.path;
  json fields = json::array();
  for (const Field& f : n.fields) {
    json items = json::array();
    for (const FieldValue& v : f.items) items.push_back(json::array({v.text, encode_location(v.where, path)}));
    json jf = {{"key", f.key},
               {"at", encode_location(f.where, path)},
               {"origin", origin_name(f.origin)},
               {"shape", shape_name(f.shape)},
               {"items", std::move(items)}};
    if (!f.keys.empty()) jf["keys"] = encode_strings(f.keys);
    fields.push_back(std::move(jf));
  }
  json links = json::array();
  for (const Wikilink& w : n.wikilinks)
    links.push_back({{"target", w.target},
                     {"heading", w.heading},
                     {"display", w.display},
                     {"at", encode_location(w.where, path)},
                     {"resolved", w.resolved}});
  json relations = json::array();
  for (const Relation& r : n.relations)
    relations.push_back({{"kind", r.kind},
                         {"from", r.from},
                         {"written", r.written},
                         {"to", r.to},
                         {"at", encode_location(r.where, path)},
                         {"origin", origin_name(r.origin)}});
  json params = json::array();
  for (const auto& [name, value] : n.kernel_params) params.push_back(json::array({name, encode_number(value)}));

  return {{"path", n.path},
          {"id", n.id},
          {"kind", n.kind ? json(kind_name(*n.kind)) : json(nullptr)},
          {"hash", hex64(n.content_hash)},
          {"in_graph", n.in_graph},
          {"title", n.title},
          {"tags", encode_strings(n.tags)},
          {"aliases", encode_strings(n.aliases)},
          {"lint_ignore", encode_strings(n.lint_ignore)},
          {"status", n.status},
          {"authors", encode_strings(n.authors)},
          {"year", n.year},
          {"arxiv", n.arxiv},
          {"doi", n.doi},
          {"venue", n.venue},
          {"url", n.url},
          {"version", n.version},
          {"promote_when", n.promote_when},
          {"kernel", n.kernel},
          {"kernel_params", std::move(params)},
          {"short", n.short_definition},
          {"plain", n.plain},
          {"fields", std::move(fields)},
          {"wikilinks", std::move(links)},
          {"relations", std::move(relations)},
          {"body", n.body},
          {"body_line", n.body_line},
          {"word_count", n.word_count}};
}

json encode_diagnostic(const Diagnostic& d, const std::string& path) {
  json related = json::array();
  for (const RelatedLocation& r : d.related) related.push_back(json::array({encode_location(r.where, path), r.message}));
  return {{"rule", d.rule},
          {"severity", severity_name(d.severity)},
          {"at", encode_location(d.where, path)},
          {"message", d.message},
          {"related", std::move(related)}};
}

// ---- decoding: every accessor throws Malformed (or a json exception) on a shape it does not expect ----

const json& member(const json& object, const char* key) {
  auto it = object.find(key);
  if (it == object.end()) throw Malformed();
  return *it;
}

std::string get_string(const json& j) {
  if (!j.is_string()) throw Malformed();
  return j.get<std::string>();
}

std::string string_member(const json& object, const char* key) { return get_string(member(object, key)); }

int get_int(const json& j) {
  if (!j.is_number_integer()) throw Malformed();
  std::int64_t v = j.get<std::int64_t>();
  if (v < INT32_MIN || v > INT32_MAX) throw Malformed();
  return static_cast<int>(v);
}

int int_member(const json& object, const char* key) { return get_int(member(object, key)); }

bool bool_member(const json& object, const char* key) {
  const json& j = member(object, key);
  if (!j.is_boolean()) throw Malformed();
  return j.get<bool>();
}

const json& array_member(const json& object, const char* key) {
  const json& j = member(object, key);
  if (!j.is_array()) throw Malformed();
  return j;
}

std::vector<std::string> strings_member(const json& object, const char* key) {
  std::vector<std::string> out;
  const json& list = array_member(object, key);
  out.reserve(list.size());
  for (const json& item : list) out.push_back(get_string(item));
  return out;
}

Location get_location(const json& j, const std::string& path) {
  if (!j.is_array() || (j.size() != 2 && j.size() != 3)) throw Malformed();
  Location where;
  where.line = get_int(j[0]);
  where.column = get_int(j[1]);
  where.file = j.size() == 3 ? get_string(j[2]) : path;
  return where;
}

double get_number(const json& j) {
  if (j.is_number()) return j.get<double>();
  std::string s = get_string(j);
  if (s == "nan") return std::nan("");
  if (s == "inf") return INFINITY;
  if (s == "-inf") return -INFINITY;
  throw Malformed();
}

std::uint64_t parse_hex64(const std::string& s) {
  if (s.empty() || s.size() > 16) throw Malformed();
  std::uint64_t v = 0;
  for (char c : s) {
    int digit;
    if (c >= '0' && c <= '9') digit = c - '0';
    else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
    else throw Malformed();
    v = v << 4 | static_cast<std::uint64_t>(digit);
  }
  return v;
}

Note decode_note(const json& j) {
  if (!j.is_object()) throw Malformed();
  Note n;
  n.path = string_member(j, "path");
  const std::string& path = n.path;
  n.id = string_member(j, "id");
  const json& kind = member(j, "kind");
  if (!kind.is_null()) {
    n.kind = parse_kind(get_string(kind));
    if (!n.kind) throw Malformed();
  }
  const json& hash = member(j, "hash");
  if (hash.is_string()) n.content_hash = parse_hex64(hash.get<std::string>());
  else if (hash.is_number_unsigned()) n.content_hash = hash.get<std::uint64_t>();
  else if (hash.is_number_integer()) n.content_hash = static_cast<std::uint64_t>(hash.get<std::int64_t>());
  else throw Malformed();
  n.in_graph = bool_member(j, "in_graph");
  n.title = string_member(j, "title");
  n.tags = strings_member(j, "tags");
  n.aliases = strings_member(j, "aliases");
  n.lint_ignore = strings_member(j, "lint_ignore");
  n.status = string_member(j, "status");
  n.authors = strings_member(j, "authors");
  n.year = int_member(j, "year");
  n.arxiv = string_member(j, "arxiv");
  n.doi = string_member(j, "doi");
  n.venue = string_member(j, "venue");
  n.url = string_member(j, "url");
  n.version = int_member(j, "version");
  n.promote_when = string_member(j, "promote_when");
  n.kernel = string_member(j, "kernel");
  for (const json& p : array_member(j, "kernel_params")) {
    if (!p.is_array() || p.size() != 2) throw Malformed();
    n.kernel_params.emplace_back(get_string(p[0]), get_number(p[1]));
  }
  n.short_definition = string_member(j, "short");
  n.plain = string_member(j, "plain");

  const json& fields = array_member(j, "fields");
  n.fields.reserve(fields.size());
  for (const json& jf : fields) {
    if (!jf.is_object()) throw Malformed();
    Field f;
    f.key = string_member(jf, "key");
    f.where = get_location(member(jf, "at"), path);
    f.origin = parse_origin(string_member(jf, "origin"));
    f.shape = parse_shape(string_member(jf, "shape"));
    for (const json& item : array_member(jf, "items")) {
      if (!item.is_array() || item.size() != 2) throw Malformed();
      f.items.push_back({get_string(item[0]), get_location(item[1], path)});
    }
    if (jf.contains("keys")) f.keys = strings_member(jf, "keys");
    n.fields.push_back(std::move(f));
  }
  const json& links = array_member(j, "wikilinks");
  n.wikilinks.reserve(links.size());
  for (const json& jw : links) {
    if (!jw.is_object()) throw Malformed();
    Wikilink w;
    w.target = string_member(jw, "target");
    w.heading = string_member(jw, "heading");
    w.display = string_member(jw, "display");
    w.where = get_location(member(jw, "at"), path);
    w.resolved = string_member(jw, "resolved");
    n.wikilinks.push_back(std::move(w));
  }
  const json& relations = array_member(j, "relations");
  n.relations.reserve(relations.size());
  for (const json& jr : relations) {
    if (!jr.is_object()) throw Malformed();
    Relation r;
    r.kind = string_member(jr, "kind");
    r.from = string_member(jr, "from");
    r.written = string_member(jr, "written");
    r.to = string_member(jr, "to");
    r.where = get_location(member(jr, "at"), path);
    r.origin = parse_origin(string_member(jr, "origin"));
    n.relations.push_back(std::move(r));
  }
  n.body = string_member(j, "body");
  n.body_line = int_member(j, "body_line");
  n.word_count = int_member(j, "word_count");
  return n;
}

Diagnostic decode_diagnostic(const json& j, const std::string& path) {
  if (!j.is_object()) throw Malformed();
  Diagnostic d;
  d.rule = string_member(j, "rule");
  if (!parse_severity(string_member(j, "severity"), d.severity)) throw Malformed();
  d.where = get_location(member(j, "at"), path);
  d.message = string_member(j, "message");
  for (const json& r : array_member(j, "related")) {
    if (!r.is_array() || r.size() != 2) throw Malformed();
    d.related.push_back({get_location(r[0], path), get_string(r[1])});
  }
  return d;
}

}  // namespace

std::string encode_parse(const ParsedNote& parse) {
  json diagnostics = json::array();
  for (const Diagnostic& d : parse.diagnostics) diagnostics.push_back(encode_diagnostic(d, parse.note.path));
  json doc = {{"format", parse_format}, {"note", encode_note(parse.note)}, {"diagnostics", std::move(diagnostics)}};
  // Notes are checked to be UTF-8 before they are parsed; a stray invalid byte (in a path, say) is
  // replaced rather than thrown on.
  return doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::optional<ParsedNote> decode_parse(std::string_view text) {
  try {
    json doc = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded() || !doc.is_object()) return std::nullopt;
    if (int_member(doc, "format") != parse_format) return std::nullopt;
    ParsedNote parse;
    parse.note = decode_note(member(doc, "note"));
    const json& diagnostics = array_member(doc, "diagnostics");
    parse.diagnostics.reserve(diagnostics.size());
    for (const json& d : diagnostics) parse.diagnostics.push_back(decode_diagnostic(d, parse.note.path));
    return parse;
  } catch (...) {
    return std::nullopt;
  }
}

}  // namespace anth
