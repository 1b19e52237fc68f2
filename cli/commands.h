#pragma once
// The subcommands of `anthology`, as one table of name, summary and handler (cli/commands.cpp).
// Each handler gets the arguments after the command name and returns the exit status:
// 0 success, 1 the command found what it reports as failure, 2 bad usage or an unusable environment.
#include <string>
#include <vector>

namespace anth::cli {

using Argv = std::vector<std::string>;

int run_build(const Argv& args);
int run_lint(const Argv& args);
int run_query(const Argv& args);
int run_show(const Argv& args);
int run_path(const Argv& args);
int run_neighbors(const Argv& args);
int run_origin(const Argv& args);
int run_kernels(const Argv& args);
int run_export(const Argv& args);
int run_completion(const Argv& args);

// Dispatches argv[1] to its command, with "did you mean" for a misspelt one.
int run_cli(int argc, char** argv);

// Prints a one-line reason on stderr ("anthology lint: no corpus folder at x") and returns 2.
int usage_error(const std::string& command, const std::string& reason);

}  // namespace anth::cli
