// `anthology lsp` driven by a real editor: Neovim's built-in LSP client, headless (nvim_checks.lua),
// shows the diagnostics of a note with a finding and follows links to their notes and headings.
// Without nvim (Debian's `neovim`, scripts/install-deps.sh) the test is skipped; under CI it fails.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "tests/support/test_support.h"

namespace anth::test {

TEST_CASE("lsp: Neovim's built-in client shows the diagnostics and goes to definitions", "[cli][lsp]") {
  if (run("command -v nvim >/dev/null 2>&1").status != 0) {
    if (std::getenv("CI") != nullptr) FAIL("Neovim check cannot run under CI: no nvim; scripts/install-deps.sh installs it");
    WARN("TEST SKIPPED: no nvim; scripts/install-deps.sh installs it");
    return;
  }
  TempDir dir;
  fs::path corpus = dir.path() / "corpus", home = dir.path() / "nvim-home", result = dir.path() / "result.txt";
  fs::copy(source_dir() / "tests/fixtures/lsp", corpus, fs::copy_options::recursive);
  // Neovim's own state (the LSP log, shada) stays in the test's folder.
  std::string env = "XDG_CACHE_HOME='" + home.string() + "' XDG_STATE_HOME='" + home.string() + "' XDG_DATA_HOME='" +
                    home.string() + "' XDG_CONFIG_HOME='" + home.string() + "' ANTHOLOGY='" + anthology_binary().string() +
                    "' CORPUS='" + corpus.string() + "' RESULT='" + result.string() + "'";
  RunResult r = run(env + " timeout 180 nvim --headless --clean -S '" + (source_dir() / "tests/lsp/nvim_checks.lua").string() + "' 2>&1");
  std::string checks = fs::exists(result) ? read_file(result) : "(no result written)";
  INFO(r.out);
  INFO(checks);
  CHECK(r.status == 0);
  CHECK(checks.find("FAIL") == std::string::npos);
  CHECK(checks.find("ok   go to definition of [[LIT-1#Method]]") != std::string::npos);
}

}  // namespace anth::test
