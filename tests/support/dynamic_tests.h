#pragma once
// Test cases made from data when the test binary starts, one ctest test each: one per registered rule
// and its fixture folder, say, so that a new rule needs no line in a test file. They are made in
// main() (test_main.cpp), after every static registration (the rules') has run. A test file declares
//   const anth::test::TestGenerator generator{[] { anth::test::add_test_case("name", "[tag]", body); }};
#include <functional>
#include <source_location>
#include <string>

namespace anth::test {

void add_test_case(const std::string& name, const std::string& tags, std::function<void()> body,
                   std::source_location where = std::source_location::current());

struct TestGenerator {
  explicit TestGenerator(void (*generate)());
};

// Runs every declared generator once; test_main.cpp calls it before Catch reads its test list.
void run_test_generators();

}  // namespace anth::test
