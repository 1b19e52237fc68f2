#include "cli/toolchain.h"

#include <cstdlib>
#include <optional>

#include "render/kernels/kernel_runner.h"

namespace anth::cli {

const std::vector<FlagSpec>& toolchain_flags() {
  static const std::vector<FlagSpec> flags = {
      {"--cxx", "COMMAND", "the C++ compiler for kernels (default: $CXX, else c++, g++ or clang++)",
       Completion::programs()},
      {"--cxxflags", "FLAGS", "its flags after -std=c++17 (default: $CXXFLAGS, else -O2 -Wall -Wextra -Werror)"},
  };
  return flags;
}

util::Expected<Toolchain> choose_toolchain(const Args& args) {
  Toolchain t;
  std::string requested;
  if (auto cxx = args.get("--cxx")) requested = *cxx, t.origin = "--cxx";
  else if (const char* env = std::getenv("CXX"); env && *env) requested = env, t.origin = "CXX";
  auto compiler = render::kernels::find_compiler(requested);
  if (!compiler && t.origin.empty())
    return util::failure("no C++ compiler found: install g++ or clang++, or name one with CXX or --cxx");
  if (!compiler)
    return util::failure(t.origin + " names no compiler that can be run: '" + requested +
                   "' is not an executable file (on PATH or as a path)");
  t.compiler = *compiler;

  t.flags = {"-std=c++17"};  // the kernels are C++17; a later -std in the user's flags wins
  std::optional<std::string> user_flags = args.get("--cxxflags");
  if (!user_flags)
    if (const char* env = std::getenv("CXXFLAGS")) user_flags = env;
  std::vector<std::string> extra =
      user_flags ? render::kernels::split_command(*user_flags) : std::vector<std::string>{"-O2", "-Wall", "-Wextra", "-Werror"};
  t.flags.insert(t.flags.end(), extra.begin(), extra.end());
  return t;
}

}  // namespace anth::cli
