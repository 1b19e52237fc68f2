#pragma once
// Emitting the reference kernels (docs/kernels.md): each practice's technique as a small C++17 program
// that checks the practice's claim on seeded data beside a control without the practice. What the
// library holds (names, parameters, ranges, claims) is the catalogue of core/model/kernel_catalog.h.
#include <string>
#include <string_view>

#include "core/model/kernel_catalog.h"

namespace anth::render::kernels {

// The self-contained C++17 program for one node (docs/kernels.md, "How it is built").
// Throws std::invalid_argument (its message lists the problems) when check_kernel_request finds any.
std::string emit_kernel_source(const KernelRequest& request);
// Whether a file that begins with `head` was written by emit_kernel_source: `kernels emit` replaces
// only such files unless told to with --force.
bool is_emitted_source(std::string_view head);

// Where a kernel's template is embedded: "render/kernels/templates/qk_norm.cpp".
std::string kernel_template_path(std::string_view kernel);

// Text made safe for the emitted program: inside a /* */ comment (no comment delimiters, control or
// bidirectional-override characters, trigraphs or invalid UTF-8) and inside a C++ string literal.
std::string comment_safe(std::string_view text);
std::string cpp_string_literal(std::string_view text);

}  // namespace anth::render::kernels
