// Every registered rule is tested on its folder tests/fixtures/rules/<ID>/ (a `fires` corpus and its
// `quiet` twin, each with its expected.txt): end to end through `anthology lint` for every rule, and in
// process for the graph rules. The tests are made from the registry and the folders when the binary
// starts (tests/support/dynamic_tests.h): a new rule needs no line here.
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "core/rules/rule.h"
#include "tests/rules/graph_rule_fixture.h"
#include "tests/support/dynamic_tests.h"
#include "tests/support/rule_fixture.h"

namespace {

using anth::test::fs::path;

// The folders under tests/fixtures/rules/ named like a rule id ("P004"); the others are stories.
std::set<std::string> fixture_folders() {
  static const std::regex rule_id("[A-Z][0-9]{3}");
  std::set<std::string> ids;
  for (const auto& entry : anth::test::fs::directory_iterator(anth::test::rules_fixture("")))
    if (entry.is_directory() && std::regex_match(entry.path().filename().string(), rule_id))
      ids.insert(entry.path().filename().string());
  return ids;
}

// A rule checked on kernel runs needs a compiler: tests/cli/kernels_command_test.cpp covers it.
bool needs_fixture(const anth::RuleInfo& rule) { return rule.stage != anth::RuleStage::KernelRun; }

void make_fixture_tests() {
  const std::set<std::string> folders = fixture_folders();
  for (const anth::RuleInfo& rule : anth::rule_catalog()) {
    const std::string id(rule.id);
    if (!folders.count(id)) continue;  // reported by the test below
    anth::test::add_test_case(id + " fires on its fixture and stays quiet on the twin", "[rules][" + id + "]", [id] {
      for (const char* variant : {"fires", "quiet"}) {
        INFO(id << "/" << variant);
        CHECK(anth::test::lint_lines_for_rule(id, variant) == anth::test::expected_lines(id, variant));
      }
    });
    if (rule.stage == anth::RuleStage::Graph)
      anth::test::add_test_case(id + " fires on its fixture and stays quiet on its twin (in process)",
                                "[rules][" + id + "]", [id] { anth::test::check_rule_fixture(id); });
  }
}

const anth::test::TestGenerator generator{make_fixture_tests};

}  // namespace

TEST_CASE("rule fixtures: every fixture folder names a registered rule, every rule has its folder", "[rules]") {
  const std::set<std::string> folders = fixture_folders();
  for (const std::string& id : folders) {
    INFO(id);
    CHECK(anth::find_rule(id) != nullptr);
    CHECK(anth::test::fs::is_regular_file(anth::test::rules_fixture(id + "/fires/expected.txt")));
    CHECK(anth::test::fs::is_regular_file(anth::test::rules_fixture(id + "/quiet/expected.txt")));
  }
  std::size_t with_fixture = 0;
  for (const anth::RuleInfo& rule : anth::rule_catalog()) {
    INFO(rule.id);
    if (!needs_fixture(rule)) continue;
    CHECK(folders.count(std::string(rule.id)) == 1);
    ++with_fixture;
  }
  CHECK(with_fixture > 0);
}
