#pragma once
// Wikilinks hidden from cmark-gfm's bracket parsing while a body is parsed, for memory and time. cmark
// makes a text node of every '[' and ']' (and a bracket record for every '['): "[[x]] " is six nodes of
// ~190 bytes until the text is consolidated, so a note of 2,000,000 links held 2 GB of them at once.
// Before the parse, the brackets of a wikilink that cannot take part in any other markdown construct
// become « and » (two bytes each, so every line and column stays), which cmark reads as plain text;
// after it, every literal, destination, title and info string gets its brackets back. The tree is then
// the one the unmasked text gives once its text nodes are consolidated (tests/ingest/wikilink_mask_test).
//
// A link is masked only when none of it can mean anything else: its inside holds no bracket, backslash,
// backtick, '<', '>', '&', ':', '@' or "www." and no line break; no '\' or '!' comes before it and no '(' or '['
// after it (an inline link or image around "[x]"). A text holding a reference or footnote definition
// ("]:"), or « or » of its own (or an entity that may be one: "&#", "&laquo;", "&raquo;"), is not
// masked at all.
#include <cmark-gfm.h>

#include <optional>
#include <string>
#include <string_view>

namespace anth::ingest {

// `text` with the brackets of its maskable wikilinks replaced; nullopt when there is none to mask.
std::optional<std::string> mask_wikilinks(std::string_view text);

// Puts the brackets back everywhere in the tree parsed from a masked text.
void unmask_wikilinks(cmark_node* doc);

// For tests that compare with the unmasked parse: masking on (the default) or off, process-wide.
void set_wikilink_masking(bool on);

}  // namespace anth::ingest
