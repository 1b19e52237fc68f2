#pragma once
// A kernel's last stored result as the templates show it: its state ("pass", "fail", "unchecked"), a
// label, the claims with what was measured and the bound, the compiler, when, and any error.
#include <string>

#include "core/index/index.h"
#include "render/site/template_value.h"

namespace anth::site {

// A kernel parameter as the pages show it ("%.6g").
std::string kernel_number_text(double value);

// `r` may be null: "not yet checked".
TemplateValue kernel_result_view(const StoredKernelResult* r);

}  // namespace anth::site
