// The language server's rule docs are written only into a folder that is ours (cli/rule_docs_folder.h):
// a user's folder or a symlink a corpus ships is left as it was.
#include <catch2/catch.hpp>

#include "cli/rule_docs_folder.h"
#include "tests/support/test_support.h"

using namespace anth::test;
using anth::cli::write_rule_docs;

TEST_CASE("lsp rule docs: a new folder is made, marked and filled", "[cli][lsp]") {
  TempDir dir;
  std::string uri = write_rule_docs(dir.path() / "rules");
  CHECK(uri.rfind("file://", 0) == 0);
  CHECK(read_file(dir.path() / "rules" / "R002.md").find("R002") != std::string::npos);
  CHECK(fs::exists(dir.path() / "rules" / anth::cli::rule_docs_marker));
  CHECK(write_rule_docs(dir.path() / "rules") == uri);  // ours the next time
}

TEST_CASE("lsp rule docs: a folder of the user's and a symlinked folder are never written", "[cli][lsp]") {
  TempDir dir;
  dir.write("rules/R002.md", "my own notes on R002");
  CHECK(write_rule_docs(dir.path() / "rules") == "");
  CHECK(read_file(dir.path() / "rules" / "R002.md") == "my own notes on R002");

  dir.write("elsewhere/P001.md", "not ours");
  fs::create_directory_symlink(dir.path() / "elsewhere", dir.path() / "linked");
  CHECK(write_rule_docs(dir.path() / "linked") == "");
  CHECK(read_file(dir.path() / "elsewhere" / "P001.md") == "not ours");
  CHECK_FALSE(fs::exists(dir.path() / "elsewhere" / "R002.md"));
}
