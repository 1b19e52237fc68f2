// Replays the fuzz seed corpora and every saved fuzz finding through the fuzz targets' own code, built
// with the normal compiler (no libFuzzer): tests/fuzz/corpus/TARGET/* and tests/fuzz/regressions/TARGET/*.
// The notes of every folder also go through fuzz_note and fuzz_frontmatter, whatever folder they are in.
// A broken invariant throws (ANTHOLOGY_FUZZ_REPLAY); a crash, leak or UB fails the suite under
// scripts/sanitize.sh.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/test_support.h"

#define ANTHOLOGY_FUZZ_REPLAY 1
#define LLVMFuzzerTestOneInput replay_fuzz_frontmatter
#include "tests/fuzz/fuzz_frontmatter.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput replay_fuzz_note
#include "tests/fuzz/fuzz_note.cpp"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput replay_fuzz_ingest
#include "tests/fuzz/fuzz_ingest.cpp"
#undef LLVMFuzzerTestOneInput

namespace {

namespace fs = std::filesystem;
using anth::test::read_file;
using anth::test::source_dir;

using Target = int (*)(const std::uint8_t*, std::size_t);

std::vector<fs::path> inputs_of(const std::string& target) {
  std::vector<fs::path> files;
  for (const char* folder : {"corpus", "regressions"}) {
    fs::path dir = source_dir() / "tests" / "fuzz" / folder / target;
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
      if (entry.is_regular_file() && entry.path().filename() != "README.md") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::size_t replay(Target target, const std::vector<fs::path>& files) {
  std::size_t n = 0;
  for (const fs::path& file : files) {
    INFO("input: " << fs::relative(file, source_dir()).generic_string());
    std::string bytes = read_file(file);
    REQUIRE_NOTHROW(target(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
    ++n;
  }
  return n;
}

}  // namespace

TEST_CASE("fuzz replay: fuzz_frontmatter seeds and regressions", "[hardening][fuzz]") {
  std::vector<fs::path> files = inputs_of("fuzz_frontmatter");
  for (const fs::path& f : inputs_of("fuzz_note")) files.push_back(f);
  CHECK(replay(replay_fuzz_frontmatter, files) >= 100);
}

TEST_CASE("fuzz replay: fuzz_note seeds and regressions", "[hardening][fuzz]") {
  std::vector<fs::path> files = inputs_of("fuzz_note");
  for (const fs::path& f : inputs_of("fuzz_frontmatter")) files.push_back(f);
  CHECK(replay(replay_fuzz_note, files) >= 100);
}

TEST_CASE("fuzz replay: fuzz_ingest seeds and regressions", "[hardening][fuzz]") {
  CHECK(replay(replay_fuzz_ingest, inputs_of("fuzz_ingest")) >= 20);
}
