// create_new_file (core/util/output_file.h): the one way a command makes a file that must not replace
// anything (import's notes, the site's staged files).
#include <catch2/catch.hpp>

#include "core/util/output_file.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;
using anth::test::TempDir;
using anth::test::read_file;

TEST_CASE("create_new_file: creates a new file, and leaves a file or a link already there untouched", "[util]") {
  TempDir tmp;
  const fs::path fresh = tmp.path() / "new.md";
  auto made = anth::util::create_new_file(fresh, "hello\n");
  REQUIRE(made);
  CHECK(*made);
  CHECK(read_file(fresh) == "hello\n");

  const fs::path mine = tmp.write("mine.md", "the user's\n");
  made = anth::util::create_new_file(mine, "replaced\n");
  REQUIRE(made);
  CHECK_FALSE(*made);
  CHECK(read_file(mine) == "the user's\n");

  const fs::path target = tmp.write("target.txt", "pointed at\n");
  fs::create_symlink(target, tmp.path() / "link.md");
  made = anth::util::create_new_file(tmp.path() / "link.md", "through the link\n");
  REQUIRE(made);
  CHECK_FALSE(*made);
  CHECK(read_file(target) == "pointed at\n");
  CHECK(fs::is_symlink(tmp.path() / "link.md"));

  made = anth::util::create_new_file(tmp.path() / "no-such-folder" / "x.md", "x");
  CHECK_FALSE(made);  // a failure with the reason, not "already there"
}
