// Where a drawing's nodes and labels go (render/site/graph_placement.h): labels never overlap each
// other, a node or the canvas's edge; long ones are shortened; spreading keeps order and evens gaps.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "render/site/graph_placement.h"

using namespace anth::render::site;

namespace {

std::vector<Spot> bunched(std::size_t n, unsigned seed) {  // most points in the middle, a few far out
  std::mt19937 gen(seed);
  std::normal_distribution<double> near(0.5, 0.06);
  std::vector<Spot> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(i % 8 == 0 ? (i % 16 == 0 ? Spot{0, 0} : Spot{1, 1}) : Spot{near(gen), near(gen)});
  return out;
}

double closest_pair(const std::vector<Spot>& at) {
  double best = 1e9;
  for (std::size_t i = 0; i < at.size(); ++i)
    for (std::size_t j = i + 1; j < at.size(); ++j) best = std::min(best, std::hypot(at[i].x - at[j].x, at[i].y - at[j].y));
  return best;
}

}  // namespace

TEST_CASE("graph placement: label widths and shortening", "[site][graph][placement]") {
  CHECK(label_width("LIT-008", 13) == Approx((0.557 + 0.295 + 0.611 + 0.361 + 3 * 0.636) * 13 * 1.03));
  CHECK(label_width("LIT-008", 13, true) > label_width("LIT-008", 13));
  CHECK(label_width("MMM", 10) > label_width("iii", 10));
  CHECK(shorten_label("LIT-008", 12) == "LIT-008");
  CHECK(shorten_label("attention-entropy", 12) == "attention-e\u2026");
  CHECK(shorten_label("123456789012", 12) == "123456789012");
  CHECK(shorten_label("1234567890123", 12) == "12345678901\u2026");
  CHECK(shorten_label("\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9", 12) ==
        "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u2026");  // cut between characters
}

TEST_CASE("graph placement: spreading keeps order, fills the canvas and evens the gaps", "[site][graph][placement]") {
  std::vector<Spot> unit = bunched(24, 7);
  std::vector<Spot> at = spread_on_canvas(unit, 400, 400, 14);
  REQUIRE(at.size() == unit.size());
  for (std::size_t i = 0; i < at.size(); ++i) {
    CHECK((at[i].x >= 14 && at[i].x <= 386 && at[i].y >= 14 && at[i].y <= 386));
    for (std::size_t j = 0; j < at.size(); ++j)
      if (unit[i].x < unit[j].x) CHECK(at[i].x <= at[j].x);
  }
  std::vector<Spot> plain;
  for (const Spot& s : unit) plain.push_back({14 + s.x * 372, 14 + s.y * 372});
  CHECK(closest_pair(at) > 2 * closest_pair(plain));  // the bunch in the middle opens up
  std::vector<Spot> again = spread_on_canvas(unit, 400, 400, 14);
  for (std::size_t i = 0; i < at.size(); ++i) CHECK((again[i].x == at[i].x && again[i].y == at[i].y));
}

TEST_CASE("graph placement: nodes kept apart stay on the canvas", "[site][graph][placement]") {
  std::vector<Spot> at = {{100, 100}, {100, 100}, {101, 100}, {300, 300}, {20, 20}};
  keep_apart(at, 24, 400, 400, 14);
  CHECK(closest_pair(at) >= 23);
  for (const Spot& s : at) CHECK((s.x >= 14 && s.x <= 386 && s.y >= 14 && s.y <= 386));
}

TEST_CASE("graph placement: labels overlap no label, node or edge of the canvas", "[site][graph][placement]") {
  const double font = 13;
  std::vector<Spot> at = spread_on_canvas(bunched(24, 3), 400, 400, 14);
  keep_apart(at, font * 1.8, 400, 400, 14);
  std::vector<LabelSpec> specs;
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < at.size(); ++i) {
    specs.push_back({shorten_label(i % 5 == 0 ? "attention-entropy" : "SOTA-" + std::to_string(100 + i), 12), i == 0 ? 10.0 : 6.0, i == 0});
    order.push_back(i);
  }
  std::vector<PlacedLabel> placed = place_labels(at, specs, order, 400, 400, font);
  REQUIRE(placed.size() == at.size());
  std::size_t shown = 0;
  for (std::size_t i = 0; i < placed.size(); ++i) {
    if (!placed[i].shown) continue;
    ++shown;
    const Box& b = placed[i].box;
    CHECK((b.x0 >= 0 && b.y0 >= 0 && b.x1 <= 400 && b.y1 <= 400));
    CHECK(b.x1 - b.x0 == Approx(label_width(specs[i].text, font, specs[i].bold)));
    for (std::size_t j = 0; j < placed.size(); ++j) {
      if (j == i) continue;
      if (placed[j].shown) CHECK_FALSE(b.overlaps(placed[j].box));
      Box dot{at[j].x - specs[j].radius, at[j].y - specs[j].radius, at[j].x + specs[j].radius, at[j].y + specs[j].radius};
      CHECK_FALSE(b.overlaps(dot));
    }
  }
  CHECK(placed[0].shown);  // the first in order gets a spot
  CHECK(shown >= 20);

  // No room at all: the label is left out rather than drawn over another.
  std::vector<Spot> cramped = {{70, 10}, {20, 10}};
  std::vector<PlacedLabel> two = place_labels(cramped, {{"LIT-001", 6, false}, {"LIT-002", 6, false}}, {0, 1}, 140, 20, 13);
  CHECK(two[0].shown);
  CHECK_FALSE(two[1].shown);
}
