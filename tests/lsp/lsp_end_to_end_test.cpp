// `anthology lsp` end to end through the binary and a real client (lsp_checks.py, lsp_client.py):
// every feature and every bad input on tests/fixtures/lsp, with exact ranges in UTF-16 and UTF-8.
#include <catch2/catch.hpp>

#include "tests/support/test_support.h"

namespace anth::test {

TEST_CASE("lsp: every feature and bad input through a Python client on stdio", "[cli][lsp]") {
  TempDir dir;
  fs::path corpus = dir.path() / "corpus";
  fs::copy(source_dir() / "tests/fixtures/lsp", corpus, fs::copy_options::recursive);
  RunResult r = run("timeout 300 python3 '" + (source_dir() / "tests/lsp/lsp_checks.py").string() + "' '" + anthology_binary().string() +
                    "' '" + corpus.string() + "' 2>&1");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("all checks passed") != std::string::npos);
}

}  // namespace anth::test
