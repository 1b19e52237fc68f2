#pragma once
// Text from notes (titles, file names, messages quoting them) printed on a terminal. A control
// character there would reach the terminal raw: a newline in a file name forges extra diagnostic lines,
// an ESC sends the terminal commands. Every text report escapes such pieces with this one helper.
#include <string>
#include <string_view>

namespace anth::util {

// The text with C0 control characters, DEL and C1 control characters (U+0080..U+009F) written as
// escapes: "\n", "\r", "\t", else "\x1b" or "\u009b". Other bytes, invalid UTF-8 included, are kept.
std::string escape_for_terminal(std::string_view text);

}  // namespace anth::util