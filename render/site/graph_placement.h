#pragma once
// Where a drawing's nodes and labels go, in the drawing's own units (render/site/graph_svg.h).
//
// A force-directed layout leaves nodes bunched in the middle with the margins empty, and labels drawn
// at a fixed side of their node overlap. So the drawing first spreads the layout (each coordinate
// moves halfway towards its rank, which keeps the order of the nodes along each axis but evens their
// spacing), keeps nodes apart, then places each label at the first of eight spots around its node
// where it meets no other label, no node and no edge of the canvas; a label too long is shortened with
// an ellipsis, and one with no free spot is left out (its node keeps its full name in <title>). All
// of it is deterministic: the same input gives the same bytes.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace anth::render::site {

struct Spot {
  double x = 0;
  double y = 0;
};

struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

// The width of `text` set in DejaVu Sans (the widest common sans; any narrower font only leaves more
// room) at `font` units, bold ones 10% wider.
double label_width(std::string_view text, double font, bool bold = false);

// `text` cut to at most `max_chars` characters (UTF-8 aware), the last one an ellipsis when cut.
std::string shorten_label(std::string_view text, std::size_t max_chars);

// Points in [0, 1]^2 to a canvas of width x height inside `pad`, spread by rank (see above).
std::vector<Spot> spread_on_canvas(const std::vector<Spot>& unit, double width, double height, double pad);

// Pushes nodes closer than `gap` apart (a few rounds, pairs in index order), within [pad, side - pad].
void keep_apart(std::vector<Spot>& at, double gap, double width, double height, double pad);

struct LabelSpec {
  std::string text;  // already shortened
  double radius = 0;  // of its node
  bool bold = false;
};

enum class Anchor { start, middle, end };

struct PlacedLabel {
  bool shown = false;
  double dx = 0, dy = 0;  // the text's anchor point from its node's centre (text centred vertically)
  Anchor anchor = Anchor::start;
  Box box;  // where it sits on the canvas, for tests
};

// One label per node at `at`, placed in the order `order` (the first ones get the best spots).
std::vector<PlacedLabel> place_labels(const std::vector<Spot>& at, const std::vector<LabelSpec>& labels,
                                      const std::vector<std::size_t>& order, double width, double height, double font);

}  // namespace anth::render::site
