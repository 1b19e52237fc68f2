#pragma once
// The headings of a search document, so that a link preview of "Note.html#heading" can show that
// heading's section instead of the note's opening (render/assets/site/static/site.js). Stored beside
// the snippet text in search/d-<n>.js, compactly: a heading whose section opening lies in the kept
// text is an offset and a length into it; only one past it carries its own text.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace anth::render::site {

struct SearchHeading {
  std::string id;      // the heading's id in the page (ingest/body_html gives every heading one)
  std::size_t at = 0;  // where its line starts in the document's text, in bytes
};

// The headings of a body (its stored HTML, with ids), found in order as whole lines of `plain`, the
// body's text for search (ingest writes each heading there as a line of its own). A heading not found
// there is left out: a link to it previews the note's opening.
std::vector<SearchHeading> locate_headings(std::string_view body_html, std::string_view plain);

// Appends `[[id, start, length], [id, "text"], ...]`: for each heading, its line and the opening of its
// section (up to the next heading, or the one after when only a heading lies between, and at most
// `opening_bytes` after its line). In UTF-16 units into text's first `kept` bytes (what the snippet
// file holds) when it lies within them; else the text itself.
void append_headings_js(std::string& out, std::string_view text, std::size_t kept, const std::vector<SearchHeading>& headings);

}  // namespace anth::render::site
