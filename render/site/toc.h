#pragma once
// The table of contents of a note's page: the body's headings that carry ids (ingest gives every
// heading one, ingest/body_html), read back from the body's HTML. Levels 2 to 4 unless asked; the text is the
// heading's HTML with its tags dropped (still escaped, so safe to place as HTML).
#include <string>
#include <string_view>
#include <vector>

namespace anth::render::site {

struct TocEntry {
  int level = 2;
  std::string id;
  std::string text;
};

std::vector<TocEntry> toc_entries(std::string_view body_html, int min_level = 2, int max_level = 4);

}  // namespace anth::render::site
