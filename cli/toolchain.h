#pragma once
// The C++ compiler and flags that `kernels check` and `lint --run-kernels` compile kernels with. A cloned
// corpus is untrusted input, so they come only from the user: --cxx / --cxxflags, else $CXX / $CXXFLAGS,
// else the first of c++, g++, clang++ on PATH with the default flags. Never from anthology.toml.
#include <string>
#include <vector>

#include "cli/args.h"
#include "core/util/expected.h"

namespace anth::cli {

struct Toolchain {
  std::string compiler;            // a command: "g++", "ccache g++"
  std::vector<std::string> flags;  // -std=c++17, then --cxxflags / $CXXFLAGS or the defaults
  std::string origin;              // "--cxx", "CXX" or "" (found on PATH), for messages
};

// The --cxx and --cxxflags options, for the commands that compile kernels.
const std::vector<FlagSpec>& toolchain_flags();

// The toolchain the user chose. A compiler the user named that cannot be run is a failure (exit 2),
// never a silent fallback to another one; so is finding none at all.
util::Expected<Toolchain> choose_toolchain(const Args& args);

}  // namespace anth::cli
