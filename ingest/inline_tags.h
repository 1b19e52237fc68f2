#pragma once
// Inline tags, Obsidian's way: `#tag` and nested `#a/b/c` in the body's text are tags of the note
// (core/model's Note::tags, beside the frontmatter's). A tag starts with '#' at the start of a line
// or after a space, runs over letters, digits, '_', '-', '/' and non-ASCII letters, and holds at
// least one character that is not a digit (`#2023` is no tag); a trailing '/' is not part of it. Never
// inside code, math, links or URLs (those are not text nodes, or the '#' follows no space); a heading's
// own `#` never reaches the text. Each becomes the marker "<\x07tag>" (core/model/rendered_body.h),
// which the site makes a link to the tag's page.
#include <cmark-gfm.h>

#include <string>
#include <string_view>
#include <vector>

namespace anth::ingest {

// The tag at the start of `text` (just after its '#'): its length in bytes, 0 when none.
std::size_t tag_length(std::string_view text);

// Marks the tags under `doc` and appends each new one (as written, without '#') to `tags`.
void mark_inline_tags(cmark_node* doc, std::vector<std::string>& tags);

}  // namespace anth::ingest
