// The memory allocator (core/util/allocator.h): the binary runs on the one CMake chose
// (ANTHOLOGY_ALLOCATOR, passed to this file as ANTHOLOGY_EXPECTED_ALLOCATOR) and says so in
// --version, and return_free_memory() really hands freed memory back to the system under it.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>
#include <memory>
#include <vector>

#include "core/util/allocator.h"
#include "tests/support/test_support.h"

using namespace anth::test;

namespace {

std::string expected_prefix() {
  return std::string(ANTHOLOGY_EXPECTED_ALLOCATOR) == "jemalloc" ? "jemalloc " : "system (glibc ";
}

// Resident pages of this process, in bytes (/proc/self/statm's second field).
long resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  statm >> size >> resident;
  return resident * ::sysconf(_SC_PAGESIZE);
}

}  // namespace

TEST_CASE("allocator: the binary names the allocator CMake chose in --version", "[util][allocator]") {
  RunResult r = run_anthology("--version");
  REQUIRE(r.status == 0);
  INFO(r.out);
  CHECK(r.out.rfind("anthology ", 0) == 0);
  CHECK(r.out.find("\nmemory allocator: " + expected_prefix()) != std::string::npos);
}

TEST_CASE("allocator: the tests run on the same allocator as the binary", "[util][allocator]") {
  CHECK(anth::util::allocator_name().rfind(expected_prefix(), 0) == 0);
}

#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)  // the sanitizers hold freed memory back
TEST_CASE("allocator: freed memory goes back to the system when asked", "[util][allocator]") {
  // 96 MiB in small blocks (2 KiB; most of a build's allocations are small), each written so that its
  // pages are resident.
  constexpr std::size_t block = 2048, blocks = 96 * 512;
  anth::util::return_free_memory();
  const long before = resident_bytes();
  {
    std::vector<std::unique_ptr<char[]>> held(blocks);
    for (auto& b : held) {
      b.reset(new char[block]);
      for (std::size_t i = 0; i < block; i += 512) b[i] = 1;
    }
    CHECK(resident_bytes() - before > 80L << 20);
  }
  anth::util::return_free_memory();
  const long after = resident_bytes();
  INFO("resident before " << before << ", after freeing and returning " << after);
  CHECK(after - before < 16L << 20);
}
#endif
