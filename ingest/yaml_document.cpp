#include "ingest/yaml_document.h"

#include <yaml.h>

#include <cstring>
#include <unordered_map>

namespace anth::ingest {

namespace {

// The parser and its current event, freed however the reading ends.
struct Parser {
  yaml_parser_t parser{};
  yaml_event_t event{};
  bool has_event = false;
  explicit Parser(std::string_view text) {
    yaml_parser_initialize(&parser);
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;
  ~Parser() {
    drop();
    yaml_parser_delete(&parser);
  }
  bool next() {
    drop();
    has_event = yaml_parser_parse(&parser, &event) != 0;
    return has_event;
  }
  void drop() {
    if (has_event) yaml_event_delete(&event);
    has_event = false;
  }
};

const char* text_of(const yaml_char_t* s) { return reinterpret_cast<const char*>(s); }

// A scalar the core schema reads as null: `key:`, `~`, `null` written plain, or tagged !!null.
bool is_null(const yaml_event_t& e) {
  const auto& s = e.data.scalar;
  if (s.tag) return std::strcmp(text_of(s.tag), "tag:yaml.org,2002:null") == 0;
  if (s.style != YAML_PLAIN_SCALAR_STYLE) return false;
  std::string_view v(text_of(s.value), s.length);
  return v.empty() || v == "~" || v == "null" || v == "Null" || v == "NULL";
}

// Where a reader error (bad encoding, a control character) is: libyaml gives its byte offset only.
YamlError reader_error(std::string_view text, const yaml_parser_t& p) {
  YamlError e;
  std::size_t offset = std::min(p.problem_offset, text.size());
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') ++e.line, e.column = 0;
    else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++e.column;
  }
  e.message = p.problem ? p.problem : "unreadable text";
  return e;
}

YamlError syntax_error(std::string_view text, const yaml_parser_t& p) {
  if (p.error == YAML_READER_ERROR) return reader_error(text, p);
  YamlError e{static_cast<int>(p.problem_mark.line), static_cast<int>(p.problem_mark.column), p.problem ? p.problem : "invalid YAML"};
  if (p.error == YAML_MEMORY_ERROR) e.message = "out of memory";
  if (p.context) e.message += std::string(" (") + p.context + ")";
  return e;
}

class Builder {
 public:
  explicit Builder(YamlDocument& doc) : doc_(doc) {}

  // A node begins (a scalar, or a container whose items follow until its end event).
  void begin(const yaml_event_t& e, YamlNode::Kind kind, const yaml_char_t* anchor, bool opens) {
    YamlNode node;
    node.kind = kind;
    node.line = static_cast<int>(e.start_mark.line);
    node.column = static_cast<int>(e.start_mark.column);
    if (kind == YamlNode::Kind::scalar) node.text.assign(text_of(e.data.scalar.value), e.data.scalar.length);
    doc_.nodes.push_back(std::move(node));
    std::size_t at = doc_.nodes.size() - 1;
    if (anchor) anchors_[text_of(anchor)] = at;
    place(at);
    if (opens) open_.push_back(at);
  }
  // An alias: its anchor's node again, or false when no such anchor came before.
  bool alias(const yaml_event_t& e) {
    auto it = anchors_.find(text_of(e.data.alias.anchor));
    if (it == anchors_.end()) return false;
    place(it->second);
    return true;
  }
  void end() {
    if (!open_.empty()) open_.pop_back();
  }

 private:
  void place(std::size_t at) {
    if (open_.empty()) doc_.root = at;
    else doc_.nodes[open_.back()].children.push_back(at);
  }
  YamlDocument& doc_;
  std::vector<std::size_t> open_;
  std::unordered_map<std::string, std::size_t> anchors_;
};

}  // namespace

std::expected<YamlDocument, YamlError> parse_yaml(std::string_view text) {
  YamlDocument doc;
  Builder build(doc);
  Parser p(text);
  while (true) {
    if (!p.next()) return std::unexpected(syntax_error(text, p.parser));
    const yaml_event_t& e = p.event;
    switch (e.type) {
      case YAML_SCALAR_EVENT:
        build.begin(e, is_null(e) ? YamlNode::Kind::null : YamlNode::Kind::scalar, e.data.scalar.anchor, false);
        break;
      case YAML_SEQUENCE_START_EVENT:
        build.begin(e, YamlNode::Kind::sequence, e.data.sequence_start.anchor, true);
        break;
      case YAML_MAPPING_START_EVENT:
        build.begin(e, YamlNode::Kind::mapping, e.data.mapping_start.anchor, true);
        break;
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        build.end();
        break;
      case YAML_ALIAS_EVENT:
        if (!build.alias(e))
          return std::unexpected(YamlError{static_cast<int>(e.start_mark.line), static_cast<int>(e.start_mark.column),
                                           "the alias *" + std::string(text_of(e.data.alias.anchor)) + " names no anchor before it"});
        break;
      case YAML_DOCUMENT_END_EVENT:
      case YAML_STREAM_END_EVENT:
        return doc;
      default:  // stream and document starts
        break;
    }
  }
}

}  // namespace anth::ingest
