#include "render/site/graph_placement.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace anth::render::site {

namespace {

// Advance widths of DejaVu Sans Book in thousandths of an em, for ' ' to '~'.
constexpr std::array<unsigned short, 95> advance = {
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,  // ' ' to '/'
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,  // '0' to '?'
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,  // '@' to 'O'
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,  // 'P' to '_'
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,  // '`' to 'o'
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838};      // 'p' to '~'
constexpr double line_height = 1.25;  // of a label's box, in ems: DejaVu's ascent and descent, and a margin
constexpr double gap = 3;             // between a node's circle and its label

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

}  // namespace

double label_width(std::string_view text, double font, bool bold) {
  double ems = 0;
  for (unsigned char c : text) {
    if (continuation(c)) continue;
    ems += c >= ' ' && c <= '~' ? advance[c - ' '] / 1000.0 : 1.0;  // wide for anything else (an ellipsis is 1 em)
  }
  return ems * font * (bold ? 1.1 : 1.0) * 1.03;  // 3%: hinting and rounding
}

std::string shorten_label(std::string_view text, std::size_t max_chars) {
  std::size_t chars = 0, cut = text.size();
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (continuation(static_cast<unsigned char>(text[i]))) continue;
    if (chars == max_chars - 1 && cut == text.size()) cut = i;
    if (++chars > max_chars) return std::string(text.substr(0, cut)) + "\u2026";
  }
  return std::string(text);
}

std::vector<Spot> spread_on_canvas(const std::vector<Spot>& unit, double width, double height, double pad) {
  std::size_t n = unit.size();
  std::vector<Spot> out(unit);
  if (n >= 3) {
    auto by_rank = [&](double Spot::*c) {
      std::vector<std::size_t> order(n);
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return unit[a].*c < unit[b].*c; });
      for (std::size_t r = 0; r < n; ++r) out[order[r]].*c = 0.3 * unit[order[r]].*c + 0.7 * static_cast<double>(r) / (n - 1);
    };
    by_rank(&Spot::x);
    by_rank(&Spot::y);
  }
  for (Spot& s : out) s = {pad + s.x * (width - 2 * pad), pad + s.y * (height - 2 * pad)};
  return out;
}

void keep_apart(std::vector<Spot>& at, double apart, double width, double height, double pad) {
  constexpr int rounds = 8;
  for (int round = 0; round < rounds; ++round) {
    bool moved = false;
    for (std::size_t i = 0; i < at.size(); ++i)
      for (std::size_t j = i + 1; j < at.size(); ++j) {
        double dx = at[j].x - at[i].x, dy = at[j].y - at[i].y, d = std::sqrt(dx * dx + dy * dy);
        if (d >= apart) continue;
        if (d < 1e-6) {  // on top of each other: apart along a direction fixed by the pair
          double a = static_cast<double>((i * 7 + j * 13) % 16) * 0.3927;
          dx = std::cos(a), dy = std::sin(a), d = 1;
        }
        double push = (apart - std::max(d, 1e-6 * apart)) / 2 / d;
        at[i].x -= dx * push, at[i].y -= dy * push;
        at[j].x += dx * push, at[j].y += dy * push;
        moved = true;
      }
    for (Spot& s : at) s = {std::clamp(s.x, pad, width - pad), std::clamp(s.y, pad, height - pad)};
    if (!moved) break;
  }
}

namespace {

// The spots around a node tried in turn: beside it, above and below, at the four corners, then the
// same further out.
PlacedLabel candidate(int k, const Spot& c, double r, double w, double h) {
  static constexpr struct { int sx, sy; } dirs[] = {{1, 0}, {-1, 0}, {0, -1}, {0, 1}, {1, -1}, {1, 1}, {-1, -1}, {-1, 1}};
  auto [sx, sy] = dirs[k % 8];
  double reach = r + gap + (k >= 8 ? h : 0);
  PlacedLabel p;
  p.shown = true;
  p.anchor = sx > 0 ? Anchor::start : sx < 0 ? Anchor::end : Anchor::middle;
  double diagonal = sx != 0 && sy != 0 ? 0.7 : 1.0;
  p.dx = sx * reach * diagonal;
  p.dy = sy * (reach * diagonal + h / 2);
  double left = p.anchor == Anchor::start ? p.dx : p.anchor == Anchor::end ? p.dx - w : p.dx - w / 2;
  p.box = {c.x + left, c.y + p.dy - h / 2, c.x + left + w, c.y + p.dy + h / 2};
  return p;
}

}  // namespace

std::vector<PlacedLabel> place_labels(const std::vector<Spot>& at, const std::vector<LabelSpec>& labels,
                                      const std::vector<std::size_t>& order, double width, double height, double font) {
  std::size_t n = std::min(at.size(), labels.size());
  std::vector<PlacedLabel> out(n);
  std::vector<Box> taken;  // placed labels
  std::vector<Box> dots(n);
  for (std::size_t i = 0; i < n; ++i) {
    double r = labels[i].radius + 1;
    dots[i] = {at[i].x - r, at[i].y - r, at[i].x + r, at[i].y + r};
  }
  const double h = font * line_height;
  auto free = [&](const Box& b, std::size_t self) {
    if (b.x0 < 0 || b.y0 < 0 || b.x1 > width || b.y1 > height) return false;
    for (const Box& t : taken)
      if (t.overlaps(b)) return false;
    for (std::size_t j = 0; j < n; ++j)
      if (j != self && dots[j].overlaps(b)) return false;
    return true;
  };
  for (std::size_t i : order) {
    if (i >= n || labels[i].text.empty()) continue;
    double w = label_width(labels[i].text, font, labels[i].bold);
    for (int k = 0; k < 16; ++k) {
      PlacedLabel p = candidate(k, at[i], labels[i].radius, w, h);
      if (!free(p.box, i)) continue;
      out[i] = p;
      taken.push_back(p.box);
      break;
    }
  }
  return out;
}

}  // namespace anth::render::site
