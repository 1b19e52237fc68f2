#pragma once
// Text written into the site's JavaScript data files (search/*.js): strings as ASCII-only JSON with
// no '<' (the data could never close a script element even if someone inlined it), and the UTF-16
// lengths a script indexes strings by.
#include <cstddef>
#include <string>
#include <string_view>

namespace anth::render::site {

// Dumped JSON (ASCII) with each '<' written as \u003c.
std::string js_safe(std::string json);

// `s` as a JSON string, as js_safe writes it; text that is not well-formed UTF-8 has its bad bytes
// replaced (U+FFFD), as nlohmann's dump does.
void append_js_string(std::string& out, std::string_view s);

// A valid UTF-8 prefix of at most `limit` bytes.
std::string_view utf8_prefix(std::string_view s, std::size_t limit);

// How many UTF-16 code units a script sees in well-formed UTF-8 text `s` (its string offsets).
std::size_t utf16_length(std::string_view s);

}  // namespace anth::render::site
