#pragma once
// How a kernel claim's bound is written for people: with its direction, "≤ 0.1", "≥ 1", "≈ 5.045 ± 0.1"
// (docs/kernels.md, "Every program"). Used by `kernels check`, K003 and the node page.
#include <string>

namespace anth::render::kernels {

// `direction` as the RESULT line gives it ("<=", ">=", "≈"); empty (a result stored before directions
// were recorded) gives the number alone. Numbers as %g; a NaN bound is "nan".
std::string bound_text(const std::string& direction, double bound, double tolerance);

// A measured or bound value as %g ("0.1", "5.045", "nan").
std::string number_text(double v);

}  // namespace anth::render::kernels
