#include "cli/commands.h"

#include <cstdio>
#include <iostream>

#include "core/util/did_you_mean.h"

namespace anth::cli {

namespace {

struct Command {
  const char* name;
  const char* summary;
  int (*run)(const Argv&);
};

const Command commands[] = {
    {"build", "ingest, lint and render the site", run_build},
    {"lint", "check the corpus against the rules", run_lint},
    {"query", "find notes by kind, tag, status, origin, year or text; or run read-only SQL", run_query},
    {"show", "one node: properties, relations both ways, readings, kernel", run_show},
    {"path", "the shortest chain of relations between two nodes", run_path},
    {"neighbors", "the neighbourhood of a node", run_neighbors},
    {"origin", "a practice's provenance: origin, earliest linked papers, readings, contests", run_origin},
    {"kernels", "list, emit and check the reference kernels", run_kernels},
    {"export", "the whole graph as JSON, GraphML or DOT", run_export},
    {"completion", "print a shell completion script (bash or zsh)", run_completion},
};

void print_usage(std::FILE* to) {
  std::fprintf(to, "usage: anthology COMMAND [OPTIONS]\n\nA knowledge-graph engine for an anthology of ML literature.\n\ncommands:\n");
  for (const Command& c : commands) std::fprintf(to, "  %-12s%s\n", c.name, c.summary);
  std::fprintf(to, "\nRun 'anthology COMMAND --help' for a command's options and examples.\n");
}

}  // namespace

int usage_error(const std::string& command, const std::string& reason) {
  std::cerr << "anthology" << (command.empty() ? "" : " " + command) << ": " << reason << "\n";
  return 2;
}

int run_cli(int argc, char** argv) {
  if (argc < 2) {
    print_usage(stderr);
    return 2;
  }
  std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(stdout);
    return 0;
  }
  if (name == "--version") {
    std::printf("anthology %s\n", ANTHOLOGY_VERSION);
    return 0;
  }
  Argv rest(argv + 2, argv + argc);
  for (const Command& c : commands)
    if (name == c.name) {
      try {
        return c.run(rest);
      } catch (const std::exception& e) {
        // Corpus problems are diagnostics; reaching here is an operational failure, reported once.
        return usage_error(name, std::string("internal error: ") + e.what());
      }
    }
  std::vector<std::string> names;
  for (const Command& c : commands) names.emplace_back(c.name);
  std::string reason = "unknown command '" + name + "'";
  if (auto best = closest_match(name, names)) reason += "; did you mean '" + *best + "'?";
  return usage_error("", reason + " (see 'anthology --help')");
}

}  // namespace anth::cli
