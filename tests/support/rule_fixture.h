#pragma once
// Fixture corpora for rules: tests/fixtures/rules/<ID>/{fires,quiet}/ each hold a small corpus and an
// expected.txt with the exact lines `anthology lint` prints for that rule (empty for the quiet twin).
#include <string>

namespace anth::test {

// Lints a copy of the fixture corpus with the built binary and returns the lint lines tagged with
// the rule ("[S001 "), joined with newlines.
std::string lint_lines_for_rule(const std::string& rule, const std::string& variant);
// The expected lines of that fixture.
std::string expected_lines(const std::string& rule, const std::string& variant);

}  // namespace anth::test

// One test case per rule: its `fires` corpus gives exactly the expected findings, its twin none.
#define RULE_FIXTURE_TEST(RULE)                                                                  \
  TEST_CASE(RULE " fires on its fixture and stays quiet on the twin", "[rules][" RULE "]") {     \
    CHECK(anth::test::lint_lines_for_rule(RULE, "fires") == anth::test::expected_lines(RULE, "fires")); \
    CHECK(anth::test::lint_lines_for_rule(RULE, "quiet") == anth::test::expected_lines(RULE, "quiet")); \
  }
