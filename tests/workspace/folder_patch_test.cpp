// serve's site folder is patched in place (workspace/folder_patch.h): only a folder that is missing,
// empty or marked as ours is touched, and in it only what the render did not make is removed.
#include <catch2/catch.hpp>

#include "render/site/site_writer.h"
#include "tests/support/test_support.h"
#include "workspace/folder_patch.h"

using namespace anth::test;
using anth::workspace::FolderPatch;

TEST_CASE("serve: a folder beside the index that is not ours is refused and left as it was", "[serve][workspace]") {
  TempDir dir;
  dir.write("serve-site/thesis.txt", "my thesis");
  FolderPatch patch(dir.path() / "serve-site", {});
  CHECK(patch.error().find("refusing to patch") != std::string::npos);
  CHECK_FALSE(patch.put("index.html", "<p>x</p>"));
  std::set<std::string> made;
  CHECK(patch.finish(made).empty());
  CHECK(read_file(dir.path() / "serve-site" / "thesis.txt") == "my thesis");
  CHECK_FALSE(fs::exists(dir.path() / "serve-site" / "index.html"));
  CHECK_FALSE(fs::exists(dir.path() / "serve-site" / anth::render::site::site_marker));
}

TEST_CASE("serve: a new folder is marked ours, and a patch removes only what the render did not make", "[serve][workspace]") {
  TempDir dir;
  fs::path folder = dir.path() / "serve-site";
  {
    FolderPatch first(folder, {});
    CHECK(first.error().empty());
    CHECK(first.put("a.html", "a"));
    CHECK(first.put("b.html", "b"));
    std::set<std::string> made;
    first.finish(made);
  }
  CHECK(fs::exists(folder / anth::render::site::site_marker));
  FolderPatch second(folder, {});  // the folder listed again, as after a failed render
  CHECK(second.error().empty());
  CHECK(second.keep("a.html"));
  std::set<std::string> made;
  CHECK(second.finish(made) == std::vector<std::string>{"b.html"});
  CHECK(fs::exists(folder / "a.html"));
  CHECK_FALSE(fs::exists(folder / "b.html"));
  CHECK(fs::exists(folder / anth::render::site::site_marker));  // the mark stays
}
