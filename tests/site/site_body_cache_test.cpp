// The body cache (render/site/body_cache.h): an entry comes back only for the same content, the same
// context and the same answers to its questions; a damaged or foreign file is an empty cache.
#include <catch2/catch.hpp>

#include <fstream>

#include "render/site/body_cache.h"
#include "tests/support/test_support.h"

using namespace anth::site;
using anth::test::TempDir;

namespace {

RenderedBody sample() {
  RenderedBody b;
  b.plain = "Queries and keys are normalized before the dot product.";
  b.links = {{"LIT-1", "\u2026normalized (LIT-1) before\u2026"}, {"SOTA-2", ""}};
  b.terms = {"qk-norm", "softmax"};
  return b;
}

// Writes one entry for "a.md" (content 7, dependencies 42, the question "wLIT-1").
void write_one(const std::filesystem::path& file, std::uint64_t context) {
  BodyCache cache(file, context);
  cache.add("a.md", 7, 42, std::string("wLIT-1\0", 7), sample());
  REQUIRE(cache.save());
}

}  // namespace

TEST_CASE("body cache: an unchanged body comes back whole", "[site][body-cache]") {
  TempDir dir;
  auto file = dir.path() / "site-bodies.bin";
  write_one(file, 99);
  BodyCache cache(file, 99);
  std::string asked;
  auto found = cache.find("a.md", 7, [&](std::string_view q) {
    asked = std::string(q);
    return std::uint64_t{42};
  });
  REQUIRE(found);
  CHECK(asked == std::string("wLIT-1\0", 7));
  CHECK(found->plain == sample().plain);
  REQUIRE(found->links.size() == 2);
  CHECK(found->links[0].target == "LIT-1");
  CHECK(found->links[0].excerpt == sample().links[0].excerpt);
  CHECK(found->terms == sample().terms);
  CHECK(found->html.empty());
  CHECK(cache.hits() == 1);
}

TEST_CASE("body cache: a changed note, context or answer is a miss", "[site][body-cache]") {
  TempDir dir;
  auto file = dir.path() / "site-bodies.bin";
  write_one(file, 99);
  auto same = [](std::string_view) { return std::uint64_t{42}; };
  CHECK_FALSE(BodyCache(file, 99).find("a.md", 8, same));                                        // content
  CHECK_FALSE(BodyCache(file, 98).find("a.md", 7, same));                                        // glossary, options
  CHECK_FALSE(BodyCache(file, 99).find("a.md", 7, [](std::string_view) { return std::uint64_t{43}; }));  // a link
  CHECK_FALSE(BodyCache(file, 99).find("b.md", 7, same));                                        // another note
  CHECK(BodyCache(file, 99).find("a.md", 7, same));
}

TEST_CASE("body cache: a damaged file is an empty cache, and the next save replaces it", "[site][body-cache]") {
  TempDir dir;
  auto file = dir.path() / "site-bodies.bin";
  write_one(file, 99);
  auto same = [](std::string_view) { return std::uint64_t{42}; };
  auto size = std::filesystem::file_size(file);
  SECTION("cut short") { std::filesystem::resize_file(file, size - 5); }
  SECTION("garbage in the table") {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(size - 30));
    f.write("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", 10);
  }
  SECTION("not a cache") { std::ofstream(file, std::ios::trunc) << "hello"; }
  {
    BodyCache cache(file, 99);
    CHECK_FALSE(cache.find("a.md", 7, same));
    cache.add("a.md", 7, 42, "", sample());
    CHECK(cache.save());
  }
  CHECK(BodyCache(file, 99).find("a.md", 7, same));
}

TEST_CASE("body cache: an unsaved cache leaves the old file and no temporary file", "[site][body-cache]") {
  TempDir dir;
  auto file = dir.path() / "site-bodies.bin";
  write_one(file, 99);
  {
    BodyCache cache(file, 99);
    cache.add("other.md", 1, 2, "", sample());
  }  // not saved: a build that failed
  CHECK(BodyCache(file, 99).find("a.md", 7, [](std::string_view) { return std::uint64_t{42}; }));
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++files;
  CHECK(files == 1);
}
