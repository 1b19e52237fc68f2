// docs/rules/README.md's table of rules is generated from the registry: one row per registered rule, in
// catalogue order (id, name, default severity, summary). A new rule's author regenerates it with
// ANTHOLOGY_UPDATE_GOLDEN=1 instead of writing the row (docs/rules/README.md, "Adding a rule").
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <string>

#include "core/rules/rule_catalog.h"
#include "tests/support/test_support.h"

namespace {

const std::string begin_marker = "<!-- rule index: generated from the registry, see \"Adding a rule\" -->\n";
const std::string end_marker = "<!-- end of rule index -->\n";

std::string rule_index_table() {
  std::string table = "| rule | default | checks |\n| --- | --- | --- |\n";
  for (const anth::RuleInfo& rule : anth::rule_catalog()) {
    const std::string id(rule.id);
    table += "| [" + id + "](" + id + ".md) `" + std::string(rule.name) + "` | " +
             anth::severity_name(rule.severity) + " | " + std::string(rule.summary) + " |\n";
  }
  return table;
}

}  // namespace

TEST_CASE("rule docs: the index table in docs/rules/README.md is the registry's, regenerated on request",
          "[rules][docs]") {
  const auto readme = anth::test::source_dir() / "docs" / "rules" / "README.md";
  std::string text = anth::test::read_file(readme);
  const auto begin = text.find(begin_marker);
  const auto end = text.find(end_marker);
  REQUIRE(begin != std::string::npos);
  REQUIRE(end != std::string::npos);
  REQUIRE(begin < end);
  const auto table_at = begin + begin_marker.size();
  std::string table = text.substr(table_at, end - table_at);
  const std::string expected = rule_index_table();
  const char* update = std::getenv("ANTHOLOGY_UPDATE_GOLDEN");
  if (update && std::string(update) == "1" && table != expected) {
    text.replace(table_at, table.size(), expected);
    std::ofstream(readme, std::ios::binary) << text;
    table = expected;
  }
  INFO("regenerate with ANTHOLOGY_UPDATE_GOLDEN=1 ./build/tests/anthology_tests \"rule docs: the index*\"");
  CHECK(table == expected);
}
