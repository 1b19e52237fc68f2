#pragma once
// What Obsidian takes out of a body's text before it is markdown: `%%comments%%` (inline, or over
// many lines and blocks) and inline footnotes `^[text]`. A lexical pass over the lines, not a markdown
// parse: it knows fenced code blocks and code spans (on one line), where neither is special, and
// nothing else. Its result is what the one markdown parse (body_html.h), the body scan and the search
// index read, so a comment reaches none of them.
//
// - A comment is removed with its `%%` delimiters; the newlines inside it stay, so every line keeps
//   its number (text after a comment on the same line moves left). An unterminated `%%` hides the
//   rest of the body, as in Obsidian: a private note never leaks because a delimiter was forgotten.
// - `^[text]` (brackets balanced, on one line) becomes the reference `[^inline-N]`, and the
//   definition `[^inline-N]: text` is appended after the body, so cmark-gfm numbers it with the
//   note's other footnotes in order of reference.
#include <optional>
#include <string>
#include <string_view>

namespace anth::ingest {

// The body as the markdown parse should read it; nullopt when it is the body unchanged.
std::optional<std::string> obsidian_source(std::string_view body);

}  // namespace anth::ingest
