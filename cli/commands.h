#pragma once
// The subcommands of `anthology`: one row each in the table of cli/command_table.cpp (name, summary,
// options with what completes their values, operands, examples, handler) and one file, cli/cmd_<name>.cpp,
// for the handler. `--help`, `anthology help CMD` and the shell completion scripts are generated from
// the rows. A handler gets its arguments parsed against its row's options and returns the exit status:
// 0 success, 1 the command found what it reports as failure, 2 bad usage or an unusable environment.
#include <string>
#include <vector>

#include "cli/args.h"

namespace anth::cli {

using Argv = std::vector<std::string>;

struct Command {
  std::string name;
  std::string summary;      // one line, for `anthology --help` and the completion of command names
  std::string synopsis;     // what follows `usage: anthology NAME`
  std::string description;  // the help's paragraph, lines of at most 100 characters
  std::vector<FlagSpec> options;
  // What completes at each operand (positional argument); the last one repeats. Empty: none.
  std::vector<Completion> operands;
  std::vector<std::string> examples;
  int (*run)(const Args& args);
};

// Every command, in the order `anthology --help` lists them.
const std::vector<Command>& command_table();
const Command* find_command(const std::string& name);

// The text of `anthology NAME --help`.
std::string command_usage(const Command& command);

// Dispatches argv[1] to its command, with "did you mean" for a misspelt one.
int run_cli(int argc, char** argv);

// Prints a one-line reason on stderr ("anthology lint: no corpus folder at x") and returns 2.
int usage_error(const std::string& command, const std::string& reason);

}  // namespace anth::cli
