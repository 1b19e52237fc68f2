#include "cli/commands.h"

#include <cstdio>
#include <iostream>

#include "cli/args.h"
#include "cli/output_check.h"
#include "core/index/sqlite_setup.h"
#include "core/util/allocator.h"
#include "core/util/did_you_mean.h"

namespace anth::cli {

namespace {

void print_usage(std::FILE* to) {
  std::fprintf(to, "usage: anthology [--corpus DIR] COMMAND [OPTIONS]\n\nA knowledge-graph engine for an anthology of ML literature.\n\ncommands:\n");
  for (const Command& c : command_table()) std::fprintf(to, "  %-12s%s\n", c.name.c_str(), c.summary.c_str());
  std::fprintf(to, "\nRun 'anthology help COMMAND' for a command's options and examples; docs/cli.md for what\n"
                  "every command keeps to (arguments, output, colour, exit status).\n");
}

}  // namespace

int usage_error(const std::string& command, const std::string& reason) {
  std::cerr << "anthology" << (command.empty() ? "" : " " + command) << ": " << reason << "\n";
  return 2;
}

const Command* find_command(const std::string& name) {
  for (const Command& c : command_table())
    if (name == c.name) return &c;
  return nullptr;
}

std::string command_usage(const Command& c) {
  return usage_text(c.name, c.synopsis, c.description, c.options, c.examples);
}

namespace {

int unknown_command(const std::string& name) {
  std::vector<std::string> names;
  for (const Command& c : command_table()) names.emplace_back(c.name);
  std::string reason = "unknown command '" + name + "'";
  if (auto best = util::closest_match(name, names)) reason += "; did you mean '" + *best + "'?";
  return usage_error("", reason + " (see 'anthology --help')");
}

// Parses the arguments against the command's row; --help prints the help generated from it.
int run_command(const Command& c, const Argv& argv) {
  try {
    auto args = parse_args(argv, c.options);
    if (!args) return usage_error(c.name, args.error());
    if (args->has("--help")) {
      std::cout << command_usage(c);
      return 0;
    }
    return c.run(*args);
  } catch (const std::exception& e) {
    // Corpus problems are diagnostics; reaching here is an operational failure, reported once.
    return usage_error(c.name, std::string("internal error: ") + e.what());
  }
}

int dispatch(const Argv& all) {
  // Common options may come before the command; they are handed to it as if written after it.
  std::size_t lead = leading_common_options(all);
  if (lead >= all.size()) {
    print_usage(stderr);
    return 2;
  }
  const std::string& name = all[lead];
  Argv rest(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(lead));
  rest.insert(rest.end(), all.begin() + static_cast<std::ptrdiff_t>(lead) + 1, all.end());
  if (name == "help" && rest.size() > lead) {  // anthology help query: the command's own help
    const Command* c = find_command(rest[lead]);
    return c ? run_command(*c, {"--help"}) : unknown_command(rest[lead]);
  }
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(stdout);
    return 0;
  }
  if (name == "--version") {
    // The allocator too: it changes every timing and peak (docs/benchmarks.md), so a report names it.
    std::printf("anthology %s\nmemory allocator: %s\n", ANTHOLOGY_VERSION, util::allocator_name().c_str());
    return 0;
  }
  if (const Command* c = find_command(name)) return run_command(*c, rest);
  return unknown_command(name);
}

}  // namespace

int run_cli(int argc, char** argv) {
  index::configure_sqlite();
  Argv all(argv + 1, argv + argc);
  std::size_t lead = leading_common_options(all);
  std::string name = lead < all.size() && find_command(all[lead]) ? all[lead] : "";
  return check_output(name, dispatch(all));
}

}  // namespace anth::cli
