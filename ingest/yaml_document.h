#pragma once
// A YAML document as a small tree, read with libyaml's event parser: the frontmatter of a note is a few
// dozen nodes, and libyaml reads it about ten times faster than yaml-cpp's regex scanner did (which was
// a fifth of a cold `lint`). Only what the frontmatter reader needs: nulls, scalars as text, sequences,
// mappings, and the line and column where each starts. An alias is the node of its anchor, shared, not
// copied: a reader that expands it pays for it (frontmatter.cpp charges a budget).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/expected.h"

namespace anth::ingest {

struct YamlNode {
  enum class Kind { null, scalar, sequence, mapping };
  Kind kind = Kind::null;
  std::string text;  // a scalar's value, escapes and folding applied
  int line = 0;      // where the node starts, both from 0
  int column = 0;
  // Indexes into YamlDocument::nodes: a sequence's items, or a mapping's keys and values in turn.
  std::vector<std::size_t> children;
};

struct YamlDocument {
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::vector<YamlNode> nodes;
  std::size_t root = none;  // none for an empty text
  const YamlNode& at(std::size_t i) const { return nodes[i]; }
};

struct YamlError {
  int line = 0;  // from 0
  int column = 0;
  std::string message;
};

// The first document of `text` (what follows it is not read). A syntax error or an undefined alias is
// a YamlError at its place. An alias of a node still open (`a: &x [*x]`) makes a cycle: read a level
// at a time, as the frontmatter reader does, it ends.
std::expected<YamlDocument, YamlError> parse_yaml(std::string_view text);

}  // namespace anth::ingest
