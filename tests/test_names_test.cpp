// ctest learns the test names from the binary's list (catch_discover_tests), and that list is read as
// a CMake list: a ';' splits one test into two that fail, a lone bracket ends the discovery early
// (302 tests became 46, silently), and a name Catch wraps on two lines is two broken tests.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include <unistd.h>

#include "tests/support/test_support.h"

TEST_CASE("test names: every name survives ctest's discovery", "[tests]") {
  auto listed = anth::test::run("/proc/" + std::to_string(::getpid()) + "/exe --list-test-names-only");
  // Catch v2 exits with the number of names listed (at most 255), so only the output tells.
  std::istringstream lines(listed.out);
  int names = 0;
  for (std::string name; std::getline(lines, name);) {
    if (name.empty()) continue;
    INFO(name);
    ++names;
    CHECK(name.find(';') == std::string::npos);
    CHECK(name.front() != ' ');  // a continuation: Catch wrapped a name too long for its line
    int depth = 0;
    for (char c : name) {
      depth += c == '[' ? 1 : c == ']' ? -1 : 0;
      CHECK(depth >= 0);
    }
    CHECK(depth == 0);
  }
  CHECK(names > 300);
}
