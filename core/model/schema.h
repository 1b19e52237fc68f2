#pragma once
// The frontmatter schema of docs/format.md: which fields each kind has, their types, whether they are
// required, and for relations which kinds their targets may be.
#include <string>
#include <string_view>
#include <vector>

#include "core/model/kind.h"

namespace anth {

enum class FieldType {
  String,      // title, promote_when, short, ...
  StringList,  // authors, aliases
  SlugList,    // tags
  RuleList,    // lint-ignore
  Integer,     // year, version
  Enum,        // status
  Ref,         // a single relation (introduced_by, paper, supersedes)
  RefList,     // a list relation (source, cites, ...)
  Kernel,      // kernel name
  NumberMap,   // kernel_params
  Date,        // created, updated: YYYY-MM-DD
};

struct FieldSpec {
  std::string_view key;
  FieldType type;
  bool required = false;
  std::vector<Kind> targets;               // Ref and RefList: the kinds a target may be
  std::vector<std::string_view> choices;   // Enum: the allowed values, the default first
  int minimum = 0;                         // Integer: the least value allowed
};

// The fields of a kind, common ones first ("id", "type", "title", ...).
const std::vector<FieldSpec>& schema_of(Kind kind);
const FieldSpec* find_field(Kind kind, std::string_view key);
bool is_relation(const FieldSpec& spec);
// Every relation name any kind has, in a stable order ("supersedes", "cites", ...), then "mentions".
const std::vector<std::string_view>& relation_kinds();
// The default status of a kind ("active" for LIT, "" where status is required).
std::string_view default_status(Kind kind);

}  // namespace anth
