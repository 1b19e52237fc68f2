#include "core/model/schema.h"

namespace anth {

namespace {

using enum FieldType;
constexpr Kind L = Kind::Lit, N = Kind::Note, S = Kind::Sota, T = Kind::Theory, G = Kind::Term;

std::vector<FieldSpec> with_common(std::vector<FieldSpec> own) {
  std::vector<FieldSpec> all = {
      {"id", String},  {"type", String},      {"title", String, true},
      {"tags", SlugList}, {"aliases", StringList}, {"lint-ignore", RuleList},
      {"created", Date},  {"updated", Date},
  };
  all.insert(all.end(), own.begin(), own.end());
  return all;
}

const std::vector<FieldSpec>& lit() {
  static const auto s = with_common({
      {"authors", StringList, true},
      {"year", Integer, true, {}, {}, 1000},
      {"arxiv", String}, {"doi", String}, {"venue", String}, {"url", String},
      {"status", Enum, false, {}, {"active", "superseded", "retracted"}},
      {"version", Integer, false, {}, {}, 1},
      {"supersedes", Ref, false, {L}},
      {"cites", RefList, false, {L}},
      {"compared_against", RefList, false, {L}},
      {"contested_by", RefList, false, {L, N, T}},
      {"read_as", RefList, false, {N}},
  });
  return s;
}

const std::vector<FieldSpec>& note() {
  static const auto s = with_common({
      {"paper", Ref, true, {L}},
      {"status", Enum, false, {}, {"read", "partial", "queued"}},
      {"declines_origin_of", RefList, false, {S}},
  });
  return s;
}

const std::vector<FieldSpec>& sota() {
  static const auto s = with_common({
      {"source", RefList, true, {L, T}},
      {"introduced_by", Ref, true, {L}},
      {"contested_by", RefList, false, {L, N, T}},
      {"status", Enum, true, {}, {"candidate", "adopted", "contested", "retired"}},
      {"promote_when", String},
      {"related", RefList, false, {S}},
      {"kernel", Kernel},
      {"kernel_params", NumberMap},
  });
  return s;
}

const std::vector<FieldSpec>& theory() {
  static const auto s = with_common({
      {"source", RefList, true, {L}},
      {"contested_by", RefList, false, {L, N, T}},
      {"status", Enum, false, {}, {"proved", "conjectured", "refuted"}},
      {"kernel", Kernel},
      {"kernel_params", NumberMap},
  });
  return s;
}

const std::vector<FieldSpec>& term() {
  static const auto s = with_common({
      {"short", String, true},
      {"plain", String},
      {"related", RefList, false, {G}},
      {"origin", RefList, false, {L}},
  });
  return s;
}

// A page's frontmatter is the author's own (no field is unknown, none required, `type` is its own
// data); only these are read. Its tags are taken as Obsidian takes them (emoji and all).
const std::vector<FieldSpec>& page() {
  static const std::vector<FieldSpec> s = {
      {"id", String}, {"title", String}, {"tags", StringList}, {"aliases", StringList}, {"lint-ignore", RuleList},
      {"created", Date}, {"updated", Date},  // shown when a day; anything else is the page's own (a template's `{{date}}`)
  };
  return s;
}

}  // namespace

const std::vector<FieldSpec>& schema_of(Kind kind) {
  switch (kind) {
    case Kind::Lit: return lit();
    case Kind::Note: return note();
    case Kind::Sota: return sota();
    case Kind::Theory: return theory();
    case Kind::Term: return term();
    case Kind::Page: return page();
  }
  return lit();
}

const FieldSpec* find_field(Kind kind, std::string_view key) {
  for (const FieldSpec& f : schema_of(kind))
    if (f.key == key) return &f;
  return nullptr;
}

bool is_relation(const FieldSpec& spec) { return spec.type == Ref || spec.type == RefList; }

const std::vector<std::string_view>& relation_kinds() {
  static const std::vector<std::string_view> kinds = {
      "introduced_by", "source", "paper", "supersedes", "cites", "compared_against", "contested_by",
      "read_as", "declines_origin_of", "related", "origin", "mentions"};
  return kinds;
}

std::string_view default_status(Kind kind) {
  switch (kind) {
    case Kind::Lit: return "active";
    case Kind::Note: return "read";
    case Kind::Theory: return "proved";
    case Kind::Sota:
    case Kind::Term:
    case Kind::Page: return "";
  }
  return "";
}

}  // namespace anth
