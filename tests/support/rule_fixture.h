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
