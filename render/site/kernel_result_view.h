#pragma once
// A kernel's last stored result as the templates show it: its state ("pass", "fail", "unchecked"), a
// label, the claims with what was measured and the bound, the compiler, when, and any error.
#include <string>

#include "core/index/index.h"
#include "core/model/note.h"
#include "render/site/template_value.h"

namespace anth::render::site {

// A kernel parameter as the pages show it ("%.6g").
std::string kernel_number_text(double value);

// Whether `r` was made by the program `n` asks for now (render/kernels/kernel_checks.h, program_key):
// a result of another kernel, variant or parameters is stale, never shown as current.
bool result_is_current(const Note& n, const index::StoredKernelResult& r);

// `r` may be null: "not yet checked"; a result not current is "stale" and shows no claims.
TemplateValue kernel_result_view(const index::StoredKernelResult* r, bool current = true);

}  // namespace anth::render::site
