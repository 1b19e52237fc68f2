#pragma once
// Completing a command line with the generated scripts, the way the shells do at <Tab>: bash through
// COMP_WORDS and the function `complete -F` registered; zsh -f through compinit and the function
// `compdef` registered (tests/fixtures/completion/complete.zsh). Both run in `dir` with the built
// binary first on PATH, and return the candidates sorted, one a line.
#include <string>

#include "tests/support/test_support.h"

namespace anth::test {

// words: the line as bash would split it, each word in shell syntax ("anthology show \"\"").
std::string bash_complete(const fs::path& dir, const std::string& words);
// line: the command line as typed, the last word the one being completed ("anthology show ''").
std::string zsh_complete(const fs::path& dir, const std::string& line);
bool have_zsh();

}  // namespace anth::test
