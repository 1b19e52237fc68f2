#pragma once
// What is under the cursor: a wikilink or embed of the body (or of an inline field), a markdown link to
// a note's file, a value of a
// frontmatter field that names a note (a relation, a property's link), or the note's own `id:` value;
// with the note it names as the parse resolved it (never resolved again here).
// Columns here are byte offsets on the line (the parse's code-point columns converted).
#include <optional>
#include <string>

#include "workspace/lsp/context.h"

namespace anth::workspace::lsp {

struct Target {
  enum class What { Link, Relation, OwnId };
  What what = What::Link;
  std::string id;       // the note named; "" when it names none
  std::string heading;  // a link's part after '#' ("" for none)
  std::string written;  // the target as written
  int line = 0;         // 0-based
  int start = 0, end = 0;  // byte columns of the whole link or value on the line
  int written_at = -1;     // byte column of `written` on the line; -1 when it is not there as is
};

// The byte offset of the ')' closing a markdown link (`[text](dest)`) whose '[' (or "![") is at `open`
// on the line; npos when none closes there.
std::size_t markdown_link_close(std::string_view line, std::size_t open);

// The target at a 0-based line and byte column of the document, nullopt when there is none.
std::optional<Target> target_at(const Context::Document& doc, int line, int column);
// The target at a request's params.position.
std::optional<Target> target_at(const Context& context, const Context::Document& doc, const json& params);

// Every place of the corpus that names `id` (typed relations, property links, body links and embeds):
// the note and the relation (its `where` is the place).
struct Mention {
  const Note* note;
  const Relation* relation;
};
std::vector<Mention> mentions_of(const Context& context, const std::string& id);

}  // namespace anth::workspace::lsp
