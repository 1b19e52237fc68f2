#pragma once
// The one wikilink grammar: where a [[...]] is in text (WikilinkFinder) and how its inside splits into
// target, heading and display (split_wikilink), the way Obsidian reads them. Ingest's body scan (the
// wikilinks and fields of a note, with their places) and its rendering of the body for the site
// (ingest/body_html.*) both find links with it, so that they agree on every link.
#include <cstddef>
#include <optional>
#include <string_view>

namespace anth {

struct WikilinkText {
  std::string_view target;   // trimmed; empty for [[#heading]]
  std::string_view heading;  // trimmed; empty when none
  std::string_view display;  // trimmed; empty when none was given
};

// Splits at the first '|' and then the first '#'. Inside a table Obsidian writes the bar as "\|"
// ([[LIT-2\|text]]), so a backslash just before the bar belongs to the bar, not to the target.
WikilinkText split_wikilink(std::string_view inside);

// A value that is one wikilink as a whole, blanks around it aside ("[[Books]]", a frontmatter
// property's link): its parts; nullopt for anything else, or a link with no target.
std::optional<WikilinkText> whole_wikilink(std::string_view value);

// A wikilink's brackets: "[[" at `open`, "]]" at `close`.
struct WikilinkSpan {
  std::size_t open;
  std::size_t close;
  std::string_view inside(std::string_view text) const { return text.substr(open + 2, close - open - 2); }
};

// Finds wikilinks in one run of text (a line, or a text node of the parsed body). A link ends at the
// first "]]" and starts at the last "[[" before it; its inside is not empty and holds no line break.
// Linear in the text however it is asked: each "]]" is found once, and so is the "[[" before it.
class WikilinkFinder {
 public:
  explicit WikilinkFinder(std::string_view text) : text_(text) {}

  // The first link at or after `from`.
  std::optional<WikilinkSpan> next(std::size_t from);
  // The link whose "[[" is at `open`, for scanners that walk the text themselves (in increasing order).
  std::optional<WikilinkSpan> at(std::size_t open);

 private:
  std::size_t close_after(std::size_t from);  // the first "]]" at or after from, or npos
  std::size_t open_before(std::size_t close, std::size_t from);  // the last "[[" in [from, close), or npos

  std::string_view text_;
  std::size_t no_close_from_ = std::string_view::npos;  // no "]]" at or after this offset
  std::size_t close_from_ = 0, close_ = std::string_view::npos;     // the last "]]" found, searched from
  std::size_t open_for_ = std::string_view::npos, open_from_ = 0, open_ = std::string_view::npos;  // the "[[" before it
};

}  // namespace anth
