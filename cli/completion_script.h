#pragma once
// The shell completion scripts, generated from the command table: the shell's own logic is a template
// (render/assets/completion/anthology.bash.in, _anthology.in) and what each command completes, option
// by option and operand by operand, is written into it from the rows.
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"

namespace anth::cli {

// The script for "bash" or "zsh"; nullopt for another shell.
std::optional<std::string> completion_script(const std::string& shell, const std::vector<Command>& commands);

}  // namespace anth::cli
