#include "tests/support/rule_fixture.h"

#include <sstream>

#include "tests/support/test_support.h"

namespace anth::test {

namespace {

fs::path fixture_dir(const std::string& rule, const std::string& variant) {
  return source_dir() / "tests" / "fixtures" / "rules" / rule / variant;
}

}  // namespace

std::string lint_lines_for_rule(const std::string& rule, const std::string& variant) {
  TempDir tmp;
  fs::path corpus = tmp.path() / "corpus";
  fs::copy(fixture_dir(rule, variant), corpus, fs::copy_options::recursive);
  fs::remove(corpus / "expected.txt");
  RunResult r = run_anthology("lint --corpus corpus", tmp.path());
  std::istringstream lines(r.out);
  std::string line, out;
  while (std::getline(lines, line))
    if (line.find("[" + rule + " ") != std::string::npos) out += line + "\n";
  if (r.status == 2) out += "(lint could not run: " + r.err + ")\n";
  return out;
}

std::string expected_lines(const std::string& rule, const std::string& variant) {
  return read_file(fixture_dir(rule, variant) / "expected.txt");
}

}  // namespace anth::test
