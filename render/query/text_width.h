#pragma once
// Terminal columns taken by UTF-8 text, and fitting text into a number of columns with an ellipsis.
#include <cstddef>
#include <string>
#include <string_view>

namespace anth::render::query {

// Columns on a terminal: combining marks and zero-width characters take none, East Asian wide and
// emoji characters two, every other code point one. Invalid bytes count one each.
std::size_t display_width(std::string_view utf8);

// The text itself when it fits in `width` columns; else its longest prefix (whole code points) that
// fits in width - 1, followed by "…". Empty for width 0.
std::string fit_width(std::string_view utf8, std::size_t width);

// Tabs, newlines and other control characters as single spaces, for one-line cells.
std::string one_line(std::string_view text);

// The width to lay tables out in: $COLUMNS when set to a number; else the terminal's when stdout is a
// terminal; else 100.
std::size_t output_width();

}  // namespace anth::render::query
