// The one translation unit that compiles Catch2's runner; every other test file only includes catch.hpp.
// Its main() first makes the test cases that come from data (tests/support/dynamic_tests.h).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "tests/support/dynamic_tests.h"

int main(int argc, char* argv[]) {
  anth::test::run_test_generators();
  return Catch::Session().run(argc, argv);
}
