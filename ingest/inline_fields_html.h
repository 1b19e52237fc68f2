#pragma once
// Dataview's line fields in a parsed body (`key:: value` at the start of a line of a paragraph, as
// ingest/body_scan.cpp finds them): data, not prose. Each such line is shown as a small property line,
// `<span class="inline-field"><span class="field-key">key:</span> value</span>`, with its value
// rendered as usual (wikilinks, glossary terms). Included only by the files that parse markdown.
#include <cmark-gfm.h>

namespace anth::ingest {

// Marks every line field of `doc`'s paragraphs. Run after the plain text and the excerpts were read
// (the spans are raw HTML, which the reader's text must not hold) and before glossary runs are marked.
void mark_line_fields(cmark_node* doc);

}  // namespace anth::ingest
