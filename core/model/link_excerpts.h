#pragma once
// The text around the first wikilink to each target as written, which the site shows under the
// target's backlinks (render/site/site_backlinks.h). Kept as pieces of the body's text with offsets
// rather than one string per link: the links of a note dense with them share the pieces, so a note
// holds its linked text about once however many links it has, where an excerpt per link held ~200
// bytes each (200,000 links in a 2.4 MB note: 40 MB). The excerpt itself is cut when asked for.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace anth {

inline constexpr std::size_t excerpt_radius = 100;  // bytes of text either side of a link

// "…the text around the link…": about `radius` bytes either side of [offset, offset+length), cut at
// spaces, with ellipses where cut.
std::string excerpt_around(std::string_view text, std::size_t offset, std::size_t length,
                           std::size_t radius = excerpt_radius);
// What excerpt_around reads: the text it keeps (before its spaces are folded) and where it cuts. The
// excerpt is a function of these alone, so a page key can hash them without making the excerpt.
struct ExcerptWindow {
  std::string_view text;
  bool cut_front = false, cut_back = false;
};
ExcerptWindow excerpt_window(std::string_view text, std::size_t offset, std::size_t length,
                             std::size_t radius = excerpt_radius);

struct LinkExcerpts {
  struct Span {
    std::uint32_t link;    // index into RenderedBody::links
    std::uint32_t piece;   // index into pieces
    std::uint32_t start;   // of the link's text in the piece
    std::uint32_t length;  // of the link's text
  };
  std::vector<std::string> pieces;  // windows of the text of the blocks holding links
  std::vector<Span> spans;          // by link, increasing

  // A link in a block's text (as append_plain reads it): the bytes [start, end) are its text.
  struct Wanted {
    std::size_t link, start, end;
  };
  // Keeps what the excerpts of `wanted` (links of one block, `text`) need: the text within the radius
  // of each, one piece for links whose windows meet. Then sort_spans(first) once the blocks are added.
  void add(std::string_view text, const std::vector<Wanted>& wanted);
  // Orders spans[first...] by link (links of blocks added in another order than their links').
  void sort_spans(std::size_t first = 0);

  // The excerpt of link `link`, exactly excerpt_around(the block's text, ...); "" when it has none.
  std::string of(std::size_t link) const;
  // What of(link) is made from; nullopt when it is "" for want of a span.
  std::optional<ExcerptWindow> window_of(std::size_t link) const;

  bool empty() const { return spans.empty(); }

 private:
  const Span* span_of(std::size_t link) const;
};

}  // namespace anth
