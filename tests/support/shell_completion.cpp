#include "tests/support/shell_completion.h"

namespace anth::test {

namespace {

std::string in_dir_with_binary(const fs::path& dir) {
  return "cd '" + dir.string() + "' && PATH='" + anthology_binary().parent_path().string() + "':$PATH ";
}

}  // namespace

std::string bash_complete(const fs::path& dir, const std::string& words) {
  // The function is the one the script registered for anthology, as bash would find it.
  RunResult r = run(in_dir_with_binary(dir) + "bash -c '" + "source <(anthology completion bash); " +
                    "f=$(complete -p anthology | sed -n \"s/.*-F \\([^ ]*\\) anthology$/\\1/p\"); " +
                    "COMP_WORDS=(" + words + "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); " +
                    "$f; for c in \"${COMPREPLY[@]}\"; do printf \"%s\\n\" \"$c\"; done | sort'");
  return r.out;
}

std::string zsh_complete(const fs::path& dir, const std::string& line) {
  std::string quoted;
  for (char c : line) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  RunResult r = run(in_dir_with_binary(dir) + "zsh -f '" +
                    (source_dir() / "tests" / "fixtures" / "completion" / "complete.zsh").string() + "' '" + quoted + "'");
  return r.out;
}

bool have_zsh() { return run("command -v zsh").status == 0; }

}  // namespace anth::test
