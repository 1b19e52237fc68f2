#pragma once
// A BibTeX file read the way BibTeX reads it (docs/cli.md, "Exchange"): entries `@type{key, name =
// value, ...}` or with parentheses; values in braces (nested), in quotes, numbers or @string macros,
// joined with `#`; @string defines a macro, @preamble and @comment are skipped, and text outside
// entries is a comment. An entry with an error is reported with its line and skipped; the next entry
// starts at the next `@` at the beginning of a line. Written here rather than taken from Debian's
// libbtparse, which prints its errors on stderr itself and keeps its macros in process-wide state.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace anth::ingest {

struct BibEntry {
  std::string type;  // lowercase: "article"
  std::string key;
  int line = 1;      // of the '@'
  // Lowercase field names with their values: macros expanded, pieces joined, the outer braces or quotes
  // removed and every inner brace kept ("{{OpenAI}} and Ba" stays "{OpenAI} and Ba"). In file order.
  std::vector<std::pair<std::string, std::string>> fields;
  const std::string* field(std::string_view name) const;
};

struct BibError {
  int line = 1;
  std::string message;
};

struct BibFile {
  std::vector<BibEntry> entries;
  std::vector<BibError> errors;
};

BibFile parse_bibtex(std::string_view text);

}  // namespace anth::ingest
