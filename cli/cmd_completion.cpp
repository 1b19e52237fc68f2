// anthology completion bash|zsh: prints the shell completion script, embedded from render/assets/completion/.
#include <iostream>

#include "cli/commands.h"
#include "cli/args.h"
#include "render/embedded_assets.h"

namespace anth::cli {

namespace {

std::string completion_usage() {
  return usage_text("completion", "bash|zsh",
                    "Prints a completion script for the shell: commands, flags, their values, and node ids\n"
                    "(from 'anthology query --format ids') for show, path, neighbors and origin.",
                    {},
                    {"source <(anthology completion bash)              # in ~/.bashrc",
                     "anthology completion zsh > ~/.zfunc/_anthology   # with fpath+=(~/.zfunc) before compinit"});
}

}  // namespace

int run_completion(const Argv& argv) {
  auto args = parse_args(argv, {});
  if (!args) return usage_error("completion", args.error());
  if (args->has("--help")) {
    std::cout << completion_usage();
    return 0;
  }
  if (args->positionals.size() != 1) return usage_error("completion", "which shell? (anthology completion bash|zsh)");
  const std::string& shell = args->positionals.front();
  const char* asset = shell == "bash" ? "render/assets/completion/anthology.bash"
                      : shell == "zsh" ? "render/assets/completion/_anthology"
                                       : nullptr;
  if (!asset) return usage_error("completion", "no completion for '" + shell + "' (shells: bash, zsh)");
  auto script = embedded_asset(asset);
  if (!script) return usage_error("completion", std::string("the binary was built without ") + asset);
  std::cout << *script;
  return 0;
}

}  // namespace anth::cli
