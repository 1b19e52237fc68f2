#include "render/kernels/claim_text.h"

#include <cstdio>

namespace anth::render::kernels {

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string bound_text(const std::string& direction, double bound, double tolerance) {
  if (direction == "<=") return "\u2264 " + number_text(bound);
  if (direction == ">=") return "\u2265 " + number_text(bound);
  if (direction == "\u2248") return "\u2248 " + number_text(bound) + " \u00b1 " + number_text(tolerance);
  return number_text(bound);
}

}  // namespace anth::render::kernels
