#pragma once
// Math, Obsidian's (and Pandoc's) way: `$$...$$` is display math; `$...$` is inline math when the
// opening `$` is not followed by a space and the closing one is neither preceded by a space nor
// followed by a digit (so "$5 and $6" stays text). A cmark-gfm inline extension reads it while the
// paragraph's inlines are parsed, so '_' and '*' inside math are never emphasis; an unclosed `$` or
// `$$` stays text. Inside the tree a math run is a code node marked as math (its TeX is the text a
// reader sees and what search finds); render_math makes it HTML the site's KaTeX loader renders and
// that reads as TeX without script: <span class="math inline">\(TeX\)</span>, and "math display"
// with \[TeX\]. Code spans, code blocks and a backslash-escaped `\$` are not math.
#include <cmark-gfm.h>

namespace anth::ingest {

// The extension to attach to a parser (made once, never freed).
cmark_syntax_extension* math_extension();
// Forgets what the scan learnt of the last document: call before each document's inline parse.
void reset_math_scan();
// Every math node under `doc` becomes its HTML; after the reader's text is read.
void render_math(cmark_node* doc);

}  // namespace anth::ingest
