#include "render/kernels/claim_text.h"

#include <cstdio>

namespace anth::kernels {

namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

std::string bound_text(const std::string& direction, double bound, double tolerance) {
  if (direction == "<=") return "\u2264 " + number(bound);
  if (direction == ">=") return "\u2265 " + number(bound);
  if (direction == "\u2248") return "\u2248 " + number(bound) + " \u00b1 " + number(tolerance);
  return number(bound);
}

}  // namespace anth::kernels
