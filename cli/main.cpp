// anthology: one binary, subcommands from the table in cli/commands.cpp.
#include "cli/commands.h"

int main(int argc, char** argv) { return anth::cli::run_cli(argc, argv); }
