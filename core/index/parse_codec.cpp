// encode_parse / decode_parse: a ParsedNote as the JSON the files table keeps (column `parse`).
//
// {"format":1,"key":"parser 3; max_note_bytes 4194304",
//  "note":{"path":..,"id":..,"kind":"LIT"|null,"hash":"<16 hex digits>","in_graph":true,
//          "title":..,"tags":[..],"aliases":[..],"lint_ignore":[..],"status":..,"created":..,"updated":..,
//          "authors":[..],"year":0,"arxiv":..,"doi":..,"venue":..,"url":..,"version":1,
//          "promote_when":..,"kernel":..,"kernel_params":[[name,number],..],"short":..,"plain":..,
//          "fields":[{"key":..,"at":LOC,"origin":"frontmatter","shape":"list","items":[[text,LOC],..],"keys":[..]}],
//          "wikilinks":[[target,heading,display,LOC,resolved] or [target,line,column] (no heading,
//                       display or resolution, in the note's own file),..],
//          "relations":[{"kind":..,"from":..,"written":..,"to":..,"at":LOC,"origin":..}],
//          "body_mentions":true (only when the last relations are the body's mentions as its
//                                wikilinks make them, body_mention(): those are not written but made again),
//          "body":..,"body_line":1,"word_count":0,
//          "rendered":{"links":[[target,heading,is_file,is_embed,width,height] or [target] (a plain
//                               wikilink: no heading, not a file, not an embed, no size),..],
//                      "excerpt_pieces":[text,..],"excerpts":[[link,piece,start,length],..] (only when
//                                   there are any; core/model/link_excerpts.h),
//                      "queries":[[text,line,column],..] (only when there are any)}},
//  "diagnostics":[{"rule":..,"severity":"error","at":LOC,"message":..,"related":[[LOC,message],..]}]}
//
// The body's html and plain are not in it: they are the column files.body (encode_body, below), which
// only the site reads; a decoded parse says so (RenderedBody::stored).
// LOC is [line, column] when the file is the note's own path, else [line, column, file]. A number that is
// not finite is written as the string "nan", "inf" or "-inf" (JSON has no such numbers). "keys" is
// written only for a map field. On reading, a missing member takes the Note's default and an unknown
// member is skipped; a member of the wrong type makes the whole text malformed.
//
// The index writes and reads a parse for every note of the corpus on every run (100,000 notes are
// ~500 MiB of JSON), so this is a small dedicated writer and reader (json_writer.h, json_reader.h) rather
// than a JSON DOM: strings are copied in runs between the characters that need escaping. Any JSON parser
// reads what it writes (the tests check it with nlohmann/json). The note's members are mapped in
// note_json_write.cpp and note_json_read.cpp.
#include <stdexcept>

#include "core/index/index.h"
#include "core/index/note_json.h"

namespace anth::index {

using detail::each_item;
using detail::each_member;
using detail::JsonMalformed;
using detail::JsonReader;
using detail::JsonWriter;

namespace {

constexpr int parse_format = 1;

}  // namespace

std::string encode_parse(const ParsedNote& parse) {
  // Room for the body and escapes, and for the links, which a note dense with links holds more of than
  // body (about 20 bytes and the target a wikilink, 10 and the target a body link): growing by doubling
  // copied up to 124 MB for a note of 2,000,000 links.
  const Note& n = parse.note;
  // Stored without its body, the parse would lose it for good.
  if (!n.body_held) throw std::logic_error("encode_parse: " + n.path + " was read back without its body");
  JsonWriter w(n.body.size() + n.body.size() / 4 + 1024 + 24 * n.wikilinks.size() + 16 * n.rendered.links.size());
  w.raw('{');
  w.key("format", true), w.integer(parse_format);
  if (!parse.key.empty()) w.key("key"), w.string(parse.key);
  w.key("note"), detail::write_note(w, parse.note);
  w.key("diagnostics"), w.raw('[');
  for (std::size_t i = 0; i < parse.diagnostics.size(); ++i) {
    if (i) w.raw(',');
    detail::write_diagnostic(w, parse.diagnostics[i], parse.note.path);
  }
  w.raw("]}");
  return w.take();
}

std::optional<ParsedNote> decode_parse(std::string_view text, bool body_links, bool body) {
  try {
    JsonReader r(text);
    ParsedNote parse;
    bool have_format = false, have_note = false;
    // Diagnostics' locations are relative to the note's path: they must come after the note.
    each_member(r, [&](std::string_view key) {
      if (key == "format") {
        if (r.integer() != parse_format) throw JsonMalformed();
        have_format = true;
      } else if (key == "key") {
        parse.key = r.string();
      } else if (key == "note") {
        parse.note = detail::read_note(r, body_links, body);
        have_note = true;
      } else if (key == "diagnostics") {
        if (!have_note) throw JsonMalformed();
        each_item(r, [&] { parse.diagnostics.push_back(detail::read_diagnostic(r, parse.note.path)); });
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

std::optional<std::string> decode_parse_body(std::string_view text) {
  try {
    JsonReader r(text);
    std::optional<std::string> body;
    each_member(r, [&](std::string_view key) {
      if (key != "note") return r.skip();
      each_member(r, [&](std::string_view member) {
        if (member == "body") body = r.string();
        else r.skip();
      });
    });
    return body;
  } catch (...) {
    return std::nullopt;
  }
}

}  // namespace anth::index
