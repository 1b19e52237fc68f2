#pragma once
// A note's body as HTML: cmark-gfm (tables, strikethrough, autolinks, task lists, footnotes) over an
// AST that is rewritten before rendering -- wikilinks become links (unresolved ones a marked span),
// the first mention of each glossary term in a paragraph links to the term with its definition on
// hover, headings get ids, raw HTML is shown as text, and unsafe link targets are neutralised.
// Nothing inside code is touched.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/note.h"
#include "render/site/glossary.h"

namespace anth::site {

// Views of text that outlives the rendering (the corpus, string literals).
struct WikilinkTarget {
  std::string_view id;     // empty: unresolved
  std::string_view title;  // the target's title, for the hover
  std::string_view kind;   // "lit", "sota", ... for styling
};

struct BodyOptions {
  // Resolves the target of a wikilink as written ("LIT-523", "Zhai et al.") from the note `from`.
  std::function<WikilinkTarget(const Note& from, std::string_view target)> resolve;
  // The node id of a relative link to a markdown file ("../lit/LIT-523.md"), empty when none.
  std::function<std::string(std::string_view path)> resolve_file;
  const Glossary* glossary = nullptr;  // null: no glossary links
  std::string root;                    // prefix of site-relative hrefs ("" or "../")
  bool allow_raw_html = false;         // trusted corpora only
  bool render_html = true;             // false: only the links, terms and text
  bool read_text = true;               // false: only the HTML and terms (no plain text, no excerpts)
  // Glossary links as short markers in the HTML, which expand_terms() turns into the links: a body
  // kept for later is a quarter of the size. Not with raw HTML, where a note could write a marker.
  bool compact_terms = false;
};

// One wikilink of the body that resolved, with the text around it (for the target's backlinks).
struct BodyLink {
  std::string target;
  std::string excerpt;
};

struct RenderedBody {
  std::string html;
  std::string plain;                // the text a reader sees, for search
  std::vector<BodyLink> links;      // first link to each target, in order
  std::vector<std::string> terms;   // glossary terms linked, in order, no repeats
};

RenderedBody render_body(const Note& note, const BodyOptions& options);

// The HTML of a body rendered with compact_terms, with its glossary links in full: the same bytes as
// rendering it without compact_terms (with the same glossary and root).
std::string expand_terms(std::string_view html, const Glossary& glossary, std::string_view root = "");

// "…the text around the link…": about `radius` bytes either side of [offset, offset+length), cut at
// spaces, with ellipses where cut.
std::string excerpt_around(std::string_view text, std::size_t offset, std::size_t length, std::size_t radius = 100);

}  // namespace anth::site
