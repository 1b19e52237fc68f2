#pragma once
// Stage 2a of ingest: split a note into its YAML frontmatter and its body, and read the frontmatter's
// fields with libyaml (ingest/yaml_document.h), keeping the line and column of every key and value.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/diagnostic.h"
#include "core/model/note.h"

namespace anth::ingest {

struct Frontmatter {
  bool present = false;
  std::vector<Field> fields;
  std::string_view body;  // the text after the closing fence (the whole text when there is no frontmatter)
  int body_line = 1;      // the file line the body starts on
  std::optional<Diagnostic> error;  // S001, with the YAML parser's line and column
  std::vector<Diagnostic> findings;  // the note is read all the same: S003 for a list cut at max_list_entries
};

// Entries read of one list field: `authors`, `aliases` or `tags` lists of a million entries cost every
// later stage (the index stores a row per entry: 16 s for a million), and no paper has 10,000 authors
// (the largest have about 5,000). The entries past it are an S003 finding at the first one left out.
inline constexpr std::size_t max_list_entries = 10000;

// `text` is the whole file (LF line endings, no BOM); `path` is used for diagnostic locations.
Frontmatter parse_frontmatter(std::string_view text, const std::string& path);

}  // namespace anth::ingest
