#include "cli/color.h"

#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace anth::cli {

bool use_color(const Args& args, int fd) {
  std::string when = args.get("--color").value_or("auto");  // parse_args checked the value
  if (when == "always") return true;
  if (when == "never") return false;
  const char* term = std::getenv("TERM");
  return ::isatty(fd) && !std::getenv("NO_COLOR") && !(term && std::string_view(term) == "dumb");
}

}  // namespace anth::cli
