// encode_parse / decode_parse: a ParsedNote as the JSON the files table keeps (column `parse`).
//
// {"format":1,"key":"parser 3; max_note_bytes 4194304",
//  "note":{"path":..,"id":..,"kind":"LIT"|null,"hash":"<16 hex digits>","in_graph":true,
//          "title":..,"tags":[..],"aliases":[..],"lint_ignore":[..],"status":..,
//          "authors":[..],"year":0,"arxiv":..,"doi":..,"venue":..,"url":..,"version":1,
//          "promote_when":..,"kernel":..,"kernel_params":[[name,number],..],"short":..,"plain":..,
//          "fields":[{"key":..,"at":LOC,"origin":"frontmatter","shape":"list","items":[[text,LOC],..],"keys":[..]}],
//          "wikilinks":[{"target":..,"heading":..,"display":..,"at":LOC,"resolved":..}],
//          "relations":[{"kind":..,"from":..,"written":..,"to":..,"at":LOC,"origin":..}],
//          "body":..,"body_line":1,"word_count":0,
//          "rendered":{"html":..,"plain":..,"links":[[target,heading,excerpt,is_file],..]}},
//  "diagnostics":[{"rule":..,"severity":"error","at":LOC,"message":..,"related":[[LOC,message],..]}]}
//
// LOC is [line, column] when the file is the note's own path, else [line, column, file]. A number that is
// not finite is written as the string "nan", "inf" or "-inf" (JSON has no such numbers). "keys" is
// written only for a map field. On reading, a missing member takes the Note's default and an unknown
// member is skipped; a member of the wrong type makes the whole text malformed.
//
// The index writes and reads a parse for every note of the corpus on every run (100,000 notes are
// ~500 MiB of JSON), so this is a small dedicated writer and reader rather than a JSON DOM: strings are
// copied in runs between the characters that need escaping. Any JSON parser reads what it writes (the
// tests check it with nlohmann/json).
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "core/index/index.h"

namespace anth {

namespace {

constexpr int parse_format = 1;

const char* origin_name(Origin o) {
  switch (o) {
    case Origin::Frontmatter: return "frontmatter";
    case Origin::Inline: return "inline";
    case Origin::Body: return "body";
  }
  return "frontmatter";
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

// How many bytes from p on need no escaping in a JSON string (no '"', '\\' or control character).
// Eight bytes at a time: bodies are most of the text.
std::size_t plain_run(const char* p, const char* end) {
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const char* start = p;
  while (end - p >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    std::uint64_t quote = w ^ (ones * '"'), backslash = w ^ (ones * '\\');
    std::uint64_t special = ((w - ones * 0x20) & ~w) | ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash);
    if (special & highs) break;
    p += 8;
  }
  while (p < end) {
    unsigned char c = static_cast<unsigned char>(*p);
    if (c < 0x20 || c == '"' || c == '\\') break;
    ++p;
  }
  return static_cast<std::size_t>(p - start);
}

// ---------------------------------------------------------------------------------------------------
// Writing

class Writer {
 public:
  explicit Writer(std::size_t reserve) { out_.reserve(reserve); }
  // A large note's encoding is kept until the index has it: no slack from growing the buffer.
  std::string take() {
    if (out_.capacity() > out_.size() + out_.size() / 4 + 4096) out_.shrink_to_fit();
    return std::move(out_);
  }

  void raw(char c) { out_.push_back(c); }
  void raw(std::string_view s) { out_.append(s); }
  // `"name":`, preceded by a comma unless it is the first member.
  void key(std::string_view name, bool first = false) {
    if (!first) out_.push_back(',');
    out_.push_back('"');
    out_.append(name);
    out_.append("\":", 2);
  }

  void string(std::string_view s) {
    out_.push_back('"');
    const char* p = s.data();
    const char* end = p + s.size();
    for (;;) {
      std::size_t run = plain_run(p, end);
      out_.append(p, run);
      p += run;
      if (p == end) break;
      unsigned char c = static_cast<unsigned char>(*p++);
      switch (c) {
        case '"': out_.append("\\\"", 2); break;
        case '\\': out_.append("\\\\", 2); break;
        case '\n': out_.append("\\n", 2); break;
        case '\t': out_.append("\\t", 2); break;
        case '\r': out_.append("\\r", 2); break;
        case '\b': out_.append("\\b", 2); break;
        case '\f': out_.append("\\f", 2); break;
        default: {
          static constexpr char hex[] = "0123456789abcdef";
          char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
          out_.append(esc, 6);
        }
      }
    }
    out_.push_back('"');
  }

  void integer(std::int64_t v) {
    char buf[24];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, static_cast<std::size_t>(end - buf));
  }

  void boolean(bool v) { out_.append(v ? "true" : "false"); }

  void number(double v) {
    if (std::isnan(v)) return string("nan");
    if (std::isinf(v)) return string(v > 0 ? "inf" : "-inf");
    char buf[40];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back exactly
    out_.append(buf, static_cast<std::size_t>(end - buf));
  }

  void hex64(std::uint64_t v) {
    static constexpr char hex[] = "0123456789abcdef";
    char buf[18];
    buf[0] = buf[17] = '"';
    for (int i = 16; i >= 1; --i, v >>= 4) buf[i] = hex[v & 15];
    out_.append(buf, 18);
  }

  void location(const Location& where, const std::string& path) {
    out_.push_back('[');
    integer(where.line);
    out_.push_back(',');
    integer(where.column);
    if (where.file != path) {
      out_.push_back(',');
      string(where.file);
    }
    out_.push_back(']');
  }

  void strings(const std::vector<std::string>& list) {
    out_.push_back('[');
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (i) out_.push_back(',');
      string(list[i]);
    }
    out_.push_back(']');
  }

 private:
  std::string out_;
};

void write_note(Writer& w, const Note& n) {
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

  w.key("fields"), w.raw('[');
  for (std::size_t i = 0; i < n.fields.size(); ++i) {
    const Field& f = n.fields[i];
    if (i) w.raw(',');
    w.raw('{');
    w.key("key", true), w.string(f.key);
    w.key("at"), w.location(f.where, path);
    w.key("origin"), w.string(origin_name(f.origin));
    w.key("shape"), w.string(shape_name(f.shape));
    w.key("items"), w.raw('[');
    for (std::size_t k = 0; k < f.items.size(); ++k) {
      if (k) w.raw(',');
      w.raw('['), w.string(f.items[k].text), w.raw(','), w.location(f.items[k].where, path), w.raw(']');
    }
    w.raw(']');
    if (!f.keys.empty()) w.key("keys"), w.strings(f.keys);
    w.raw('}');
  }
  w.raw(']');

  w.key("wikilinks"), w.raw('[');
  for (std::size_t i = 0; i < n.wikilinks.size(); ++i) {
    const Wikilink& l = n.wikilinks[i];
    if (i) w.raw(',');
    w.raw('{');
    w.key("target", true), w.string(l.target);
    w.key("heading"), w.string(l.heading);
    w.key("display"), w.string(l.display);
    w.key("at"), w.location(l.where, path);
    w.key("resolved"), w.string(l.resolved);
    w.raw('}');
  }
  w.raw(']');

  w.key("relations"), w.raw('[');
  for (std::size_t i = 0; i < n.relations.size(); ++i) {
    const Relation& r = n.relations[i];
    if (i) w.raw(',');
    w.raw('{');
    w.key("kind", true), w.string(r.kind);
    w.key("from"), w.string(r.from);
    w.key("written"), w.string(r.written);
    w.key("to"), w.string(r.to);
    w.key("at"), w.location(r.where, path);
    w.key("origin"), w.string(origin_name(r.origin));
    w.raw('}');
  }
  w.raw(']');

  w.key("body"), w.string(n.body);
  w.key("body_line"), w.integer(n.body_line);
  w.key("word_count"), w.integer(n.word_count);
  // The body made ready for the site (core/model/rendered_body.h); links unresolved (ingest resolves).
  w.key("rendered"), w.raw('{');
  w.key("html", true), w.string(n.rendered.html);
  w.key("plain"), w.string(n.rendered.plain);
  w.key("links"), w.raw('[');
  for (std::size_t i = 0; i < n.rendered.links.size(); ++i) {
    const BodyLink& l = n.rendered.links[i];
    if (i) w.raw(',');
    w.raw('['), w.string(l.target), w.raw(','), w.string(l.heading), w.raw(','), w.string(l.excerpt);
    w.raw(','), w.boolean(l.file), w.raw(']');
  }
  w.raw("]}");
  w.raw('}');
}

void write_diagnostic(Writer& w, const Diagnostic& d, const std::string& path) {
  w.raw('{');
  w.key("rule", true), w.string(d.rule);
  w.key("severity"), w.string(severity_name(d.severity));
  w.key("at"), w.location(d.where, path);
  w.key("message"), w.string(d.message);
  w.key("related"), w.raw('[');
  for (std::size_t i = 0; i < d.related.size(); ++i) {
    if (i) w.raw(',');
    w.raw('['), w.location(d.related[i].where, path), w.raw(','), w.string(d.related[i].message), w.raw(']');
  }
  w.raw("]}");
}

// ---------------------------------------------------------------------------------------------------
// Reading: a strict JSON reader over the text; anything unexpected throws Malformed, which
// decode_parse turns into nullopt.

struct Malformed {};

class Reader {
 public:
  explicit Reader(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  void ws() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\t' || *p_ == '\r')) ++p_;
  }
  char peek() {
    ws();
    if (p_ >= end_) throw Malformed();
    return *p_;
  }
  void expect(char c) {
    if (peek() != c) throw Malformed();
    ++p_;
  }
  bool at_end() {
    ws();
    return p_ == end_;
  }

  // Objects: begin_object(), then `while (next_key(key))` reads each member's key and its ':'.
  void begin_object() {
    expect('{');
    first_ = true;
  }
  bool next_key(std::string& key) {
    char c = peek();
    if (c == '}') {
      ++p_;
      return false;
    }
    if (!first_) {
      if (c != ',') throw Malformed();
      ++p_;
    }
    first_ = false;
    string_into(key);
    expect(':');
    return true;
  }
  // Arrays: begin_array(), then `while (next_item())`.
  void begin_array() {
    expect('[');
    first_ = true;
  }
  bool next_item() {
    char c = peek();
    if (c == ']') {
      ++p_;
      return false;
    }
    if (!first_) {
      if (c != ',') throw Malformed();
      ++p_;
    }
    first_ = false;
    return true;
  }
  // Nested containers reset the comma state; callers save and restore it around them.
  bool first() const { return first_; }
  void set_first(bool f) { first_ = f; }

  std::string string() {
    std::string s;
    string_into(s);
    return s;
  }

  void string_into(std::string& out) {
    expect('"');
    out.clear();
    // The encoded length bounds the decoded one: room for it once, rather than growing run by run
    // (a body of many lines ended up with half again its size unused: 200 MB over 100,000 notes).
    const char* q = p_;
    while (q < end_ && *q != '"') q += *q == '\\' ? 2 : 1;
    if (q - p_ > 15) out.reserve(static_cast<std::size_t>(q - p_));
    for (;;) {
      std::size_t run = plain_run(p_, end_);
      out.append(p_, run);
      p_ += run;
      if (p_ >= end_ || static_cast<unsigned char>(*p_) < 0x20) throw Malformed();
      if (*p_ == '"') {
        ++p_;
        return;
      }
      ++p_;  // the backslash
      if (p_ >= end_) throw Malformed();
      char e = *p_++;
      switch (e) {
        case '"': out.push_back('"'); break;
        case '\\': out.push_back('\\'); break;
        case '/': out.push_back('/'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'u': append_utf8(out, code_point()); break;
        default: throw Malformed();
      }
    }
  }

  std::int64_t integer() {
    ws();
    std::int64_t v = 0;
    auto [next, ec] = std::from_chars(p_, end_, v);
    if (ec != std::errc() || next == p_) throw Malformed();
    if (next < end_ && (*next == '.' || *next == 'e' || *next == 'E')) throw Malformed();
    p_ = next;
    return v;
  }

  int int32() {
    std::int64_t v = integer();
    if (v < INT32_MIN || v > INT32_MAX) throw Malformed();
    return static_cast<int>(v);
  }

  double number() {
    if (peek() == '"') {
      std::string s = string();
      if (s == "nan") return std::nan("");
      if (s == "inf") return INFINITY;
      if (s == "-inf") return -INFINITY;
      throw Malformed();
    }
    if (*p_ != '-' && (*p_ < '0' || *p_ > '9')) throw Malformed();
    double v = 0;
    auto [next, ec] = std::from_chars(p_, end_, v);
    if (ec != std::errc() || next == p_) throw Malformed();
    p_ = next;
    return v;
  }

  bool boolean() {
    ws();
    if (literal("true")) return true;
    if (literal("false")) return false;
    throw Malformed();
  }

  bool null() {
    ws();
    return literal("null");
  }

  // Skips any value (for members this version does not know).
  void skip(int depth = 0) {
    if (depth > 64) throw Malformed();
    char c = peek();
    if (c == '"') {
      string_into(scratch_);
    } else if (c == '{') {
      begin_object();
      std::string key;
      while (next_key(key)) {
        bool f = first_;
        skip(depth + 1);
        first_ = f;
      }
    } else if (c == '[') {
      begin_array();
      while (next_item()) {
        bool f = first_;
        skip(depth + 1);
        first_ = f;
      }
    } else if (c == 't' || c == 'f') {
      boolean();
    } else if (c == 'n') {
      if (!null()) throw Malformed();
    } else {
      number();
    }
  }

 private:
  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() || std::memcmp(p_, word.data(), word.size()) != 0)
      return false;
    p_ += word.size();
    return true;
  }

  unsigned hex4() {
    if (end_ - p_ < 4) throw Malformed();
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = *p_++;
      v <<= 4;
      if (c >= '0' && c <= '9') v |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f') v |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= static_cast<unsigned>(c - 'A' + 10);
      else throw Malformed();
    }
    return v;
  }

  unsigned code_point() {
    unsigned cp = hex4();
    if (cp >= 0xD800 && cp <= 0xDBFF) {  // a surrogate pair
      if (end_ - p_ < 6 || p_[0] != '\\' || p_[1] != 'u') throw Malformed();
      p_ += 2;
      unsigned low = hex4();
      if (low < 0xDC00 || low > 0xDFFF) throw Malformed();
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      throw Malformed();
    }
    return cp;
  }

  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  const char* p_;
  const char* end_;
  bool first_ = true;
  std::string scratch_;
};

// Runs `item` for each element of an array, keeping the reader's comma state across nested values.
template <class F>
void each_item(Reader& r, F item) {
  r.begin_array();
  while (r.next_item()) {
    bool f = r.first();
    item();
    r.set_first(f);
  }
}

// Runs `member(key)` for each member of an object.
template <class F>
void each_member(Reader& r, F member) {
  r.begin_object();
  std::string key;
  while (r.next_key(key)) {
    bool f = r.first();
    member(std::string_view(key));
    r.set_first(f);
  }
}

std::vector<std::string> read_strings(Reader& r) {
  std::vector<std::string> out;
  each_item(r, [&] { out.push_back(r.string()); });
  return out;
}

// LOC: [line, column] or [line, column, file].
Location read_location(Reader& r, const std::string& path) {
  Location where;
  int n = 0;
  each_item(r, [&] {
    if (n == 0) where.line = r.int32();
    else if (n == 1) where.column = r.int32();
    else if (n == 2) where.file = r.string();
    else throw Malformed();
    ++n;
  });
  if (n < 2) throw Malformed();
  if (n == 2) where.file = path;
  return where;
}

Origin read_origin(Reader& r) {
  std::string s = r.string();
  if (s == "frontmatter") return Origin::Frontmatter;
  if (s == "inline") return Origin::Inline;
  if (s == "body") return Origin::Body;
  throw Malformed();
}

Field::Shape read_shape(Reader& r) {
  std::string s = r.string();
  if (s == "null") return Field::Shape::Null;
  if (s == "scalar") return Field::Shape::Scalar;
  if (s == "list") return Field::Shape::List;
  if (s == "map") return Field::Shape::Map;
  throw Malformed();
}

std::uint64_t read_hash(Reader& r) {
  if (r.peek() != '"') {
    std::int64_t v = r.integer();
    return static_cast<std::uint64_t>(v);
  }
  std::string s = r.string();
  if (s.empty() || s.size() > 16) throw Malformed();
  std::uint64_t v = 0;
  for (char c : s) {
    unsigned digit;
    if (c >= '0' && c <= '9') digit = static_cast<unsigned>(c - '0');
    else if (c >= 'a' && c <= 'f') digit = static_cast<unsigned>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') digit = static_cast<unsigned>(c - 'A' + 10);
    else throw Malformed();
    v = v << 4 | digit;
  }
  return v;
}

// A location's file is relative to the note's path, so the path is read first (it is written first);
// locations read before it would take an empty default, which is why a path after them is malformed.
void read_rendered(Reader& r, RenderedBody& body) {
  each_member(r, [&](std::string_view k) {
    if (k == "html") body.html = r.string();
    else if (k == "plain") body.plain = r.string();
    else if (k == "links") {
      each_item(r, [&] {
        BodyLink l;
        int i = 0;
        each_item(r, [&] {
          if (i == 0) l.target = r.string();
          else if (i == 1) l.heading = r.string();
          else if (i == 2) l.excerpt = r.string();
          else if (i == 3) l.file = r.boolean();
          else throw Malformed();
          ++i;
        });
        if (i != 4) throw Malformed();
        body.links.push_back(std::move(l));
      });
    } else r.skip();
  });
}

Note read_note(Reader& r) {
  Note n;
  bool have_path = false, used_path = false;
  auto path = [&]() -> const std::string& {
    used_path = true;
    return n.path;
  };
  each_member(r, [&](std::string_view key) {
    if (key == "path") {
      if (used_path) throw Malformed();
      n.path = r.string();
      have_path = true;
    } else if (key == "id") n.id = r.string();
    else if (key == "kind") {
      if (!r.null()) {
        n.kind = parse_kind(r.string());
        if (!n.kind) throw Malformed();
      }
    } else if (key == "hash") n.content_hash = read_hash(r);
    else if (key == "in_graph") n.in_graph = r.boolean();
    else if (key == "title") n.title = r.string();
    else if (key == "tags") n.tags = read_strings(r);
    else if (key == "aliases") n.aliases = read_strings(r);
    else if (key == "lint_ignore") n.lint_ignore = read_strings(r);
    else if (key == "status") n.status = r.string();
    else if (key == "authors") n.authors = read_strings(r);
    else if (key == "year") n.year = r.int32();
    else if (key == "arxiv") n.arxiv = r.string();
    else if (key == "doi") n.doi = r.string();
    else if (key == "venue") n.venue = r.string();
    else if (key == "url") n.url = r.string();
    else if (key == "version") n.version = r.int32();
    else if (key == "promote_when") n.promote_when = r.string();
    else if (key == "kernel") n.kernel = r.string();
    else if (key == "kernel_params") {
      each_item(r, [&] {
        std::pair<std::string, double> param;
        int k = 0;
        each_item(r, [&] {
          if (k == 0) param.first = r.string();
          else if (k == 1) param.second = r.number();
          else throw Malformed();
          ++k;
        });
        if (k != 2) throw Malformed();
        n.kernel_params.push_back(std::move(param));
      });
    } else if (key == "short") n.short_definition = r.string();
    else if (key == "plain") n.plain = r.string();
    else if (key == "fields") {
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
              int i = 0;
              each_item(r, [&] {
                if (i == 0) v.text = r.string();
                else if (i == 1) v.where = read_location(r, path());
                else throw Malformed();
                ++i;
              });
              if (i != 2) throw Malformed();
              f.items.push_back(std::move(v));
            });
          } else if (k == "keys") f.keys = read_strings(r);
          else r.skip();
        });
        n.fields.push_back(std::move(f));
      });
    } else if (key == "wikilinks") {
      each_item(r, [&] {
        Wikilink l;
        each_member(r, [&](std::string_view k) {
          if (k == "target") l.target = r.string();
          else if (k == "heading") l.heading = r.string();
          else if (k == "display") l.display = r.string();
          else if (k == "at") l.where = read_location(r, path());
          else if (k == "resolved") l.resolved = r.string();
          else r.skip();
        });
        n.wikilinks.push_back(std::move(l));
      });
    } else if (key == "relations") {
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
    } else if (key == "body") n.body = r.string();
    else if (key == "body_line") n.body_line = r.int32();
    else if (key == "word_count") n.word_count = r.int32();
    else if (key == "rendered") read_rendered(r, n.rendered);
    else r.skip();
  });
  if (!have_path) throw Malformed();
  return n;
}

Diagnostic read_diagnostic(Reader& r, const std::string& path) {
  Diagnostic d;
  bool have_rule = false;
  each_member(r, [&](std::string_view k) {
    if (k == "rule") {
      d.rule = r.string();
      have_rule = true;
    } else if (k == "severity") {
      if (!parse_severity(r.string(), d.severity)) throw Malformed();
    } else if (k == "at") d.where = read_location(r, path);
    else if (k == "message") d.message = r.string();
    else if (k == "related") {
      each_item(r, [&] {
        RelatedLocation rel;
        int i = 0;
        each_item(r, [&] {
          if (i == 0) rel.where = read_location(r, path);
          else if (i == 1) rel.message = r.string();
          else throw Malformed();
          ++i;
        });
        if (i != 2) throw Malformed();
        d.related.push_back(std::move(rel));
      });
    } else r.skip();
  });
  if (!have_rule) throw Malformed();
  return d;
}

}  // namespace

std::string encode_parse(const ParsedNote& parse) {
  // Room for the body, its HTML and text, and escapes.
  Writer w(parse.note.body.size() + parse.note.rendered.html.size() + parse.note.rendered.plain.size() +
           parse.note.body.size() / 4 + 1024);
  w.raw('{');
  w.key("format", true), w.integer(parse_format);
  if (!parse.key.empty()) w.key("key"), w.string(parse.key);
  w.key("note"), write_note(w, parse.note);
  w.key("diagnostics"), w.raw('[');
  for (std::size_t i = 0; i < parse.diagnostics.size(); ++i) {
    if (i) w.raw(',');
    write_diagnostic(w, parse.diagnostics[i], parse.note.path);
  }
  w.raw("]}");
  return w.take();
}

std::optional<ParsedNote> decode_parse(std::string_view text) {
  try {
    Reader r(text);
    ParsedNote parse;
    bool have_format = false, have_note = false;
    // Diagnostics' locations are relative to the note's path: they must come after the note.
    each_member(r, [&](std::string_view key) {
      if (key == "format") {
        if (r.integer() != parse_format) throw Malformed();
        have_format = true;
      } else if (key == "key") {
        parse.key = r.string();
      } else if (key == "note") {
        parse.note = read_note(r);
        have_note = true;
      } else if (key == "diagnostics") {
        if (!have_note) throw Malformed();
        each_item(r, [&] { parse.diagnostics.push_back(read_diagnostic(r, parse.note.path)); });
      } else {
        r.skip();
      }
    });
    if (!have_format || !have_note || !r.at_end()) return std::nullopt;
    return parse;
  } catch (...) {
    return std::nullopt;
  }
}

}  // namespace anth
