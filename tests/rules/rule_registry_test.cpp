// The graph rules are registered once, in id order, each known to the catalogue; every rule of the
// catalogue has its documentation page embedded in the binary.
#include <catch2/catch.hpp>

#include <string>

#include "core/rules/rule.h"
#include "core/rules/rule_catalog.h"
#include "core/util/embedded_assets.h"

TEST_CASE("graph rules: P001-P013 and K001-K002 are registered in id order", "[rules][registry]") {
  std::vector<std::string> ids;
  for (const anth::Rule* rule : anth::graph_rules()) {
    ids.emplace_back(rule->id());
    CHECK(anth::find_rule(rule->id()) != nullptr);
  }
  CHECK(ids == std::vector<std::string>{"P001", "P002", "P003", "P004", "P005", "P006", "P007", "P008", "P009", "P010",
                                         "P011", "P012", "P013", "K001", "K002"});
}

TEST_CASE("rule docs: every catalogue rule has an embedded page with title, severity and sections", "[rules][docs]") {
  for (const anth::RuleInfo& rule : anth::rule_catalog()) {
    INFO(rule.id);
    auto page = anth::embedded_asset("docs/rules/" + std::string(rule.id) + ".md");
    REQUIRE(page.has_value());
    const std::string text(*page);
    CHECK(text.rfind("# " + std::string(rule.id) + " " + std::string(rule.name) + "\n", 0) == 0);
    CHECK(text.find("Severity: " + std::string(anth::severity_name(rule.severity))) != std::string::npos);
    for (const char* section : {"## What it checks", "## Why", "## Example", "## How to fix"})
      CHECK(text.find(section) != std::string::npos);
    CHECK(text.find("[" + std::string(rule.id) + " " + std::string(rule.name) + "]") != std::string::npos);
  }
}

TEST_CASE("rule docs: the index lists every catalogue rule with its default severity", "[rules][docs]") {
  auto index = anth::embedded_asset("docs/rules/README.md");
  REQUIRE(index.has_value());
  const std::string text(*index);
  for (const anth::RuleInfo& rule : anth::rule_catalog()) {
    INFO(rule.id);
    const std::string row = "| [" + std::string(rule.id) + "](" + std::string(rule.id) + ".md) `" +
                            std::string(rule.name) + "` | " + std::string(anth::severity_name(rule.severity)) + " |";
    CHECK(text.find(row) != std::string::npos);
  }
}
