// The rule registry: every rule registered itself once from its own file (core/rules/<family>/), the
// catalogue is in family order, and the documentation pages and the catalogue match one to one.
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <string>

#include "core/rules/rule.h"
#include "core/model/rule_catalog.h"
#include "core/util/embedded_assets.h"
#include "tests/support/test_support.h"

namespace {

std::string str(std::string_view s) { return std::string(s); }

}  // namespace

TEST_CASE("rule catalogue: ids are unique and well formed, families in the order S, R, P, K", "[rules][registry]") {
  const std::regex id_pattern("[A-Z][0-9]{3}"), name_pattern("[a-z]+(-[a-z]+)*");
  const std::string families = "SRPK";
  std::set<std::string> ids;
  std::string_view previous;
  for (const anth::RuleInfo& rule : anth::rule_catalog()) {
    INFO(rule.id);
    CHECK(std::regex_match(str(rule.id), id_pattern));
    CHECK(std::regex_match(str(rule.name), name_pattern));
    CHECK((!rule.summary.empty() && rule.summary.back() == '.'));
    CHECK(ids.insert(str(rule.id)).second);
    if (!previous.empty() && previous[0] == rule.id[0]) CHECK(previous < rule.id);
    if (!previous.empty() && previous[0] != rule.id[0] && families.find(rule.id[0]) != std::string::npos)
      CHECK(families.find(previous[0]) < families.find(rule.id[0]));
    previous = rule.id;
  }
  for (char family : families) CHECK(anth::find_rule(std::string(1, family) + "001") != nullptr);
  CHECK(anth::find_rule("P100") == nullptr);
}

TEST_CASE("graph rules: exactly the catalogue's graph rules have a check, in catalogue order", "[rules][registry]") {
  std::vector<std::string> graph_ids, checked_ids;
  for (const anth::RuleInfo& rule : anth::rule_catalog())
    if (rule.stage == anth::RuleStage::Graph) graph_ids.push_back(str(rule.id));
  for (const anth::rules::GraphRule& rule : anth::rules::graph_rules()) {
    CHECK(rule.check != nullptr);
    CHECK(anth::find_rule(rule.info->id) == rule.info);
    checked_ids.push_back(str(rule.info->id));
  }
  CHECK(checked_ids == graph_ids);
  CHECK(anth::find_rule("P001")->stage == anth::RuleStage::Graph);
  CHECK(anth::find_rule("S001")->stage == anth::RuleStage::Ingest);
  CHECK(anth::find_rule("K003")->stage == anth::RuleStage::KernelRun);
}

TEST_CASE("rule ids: consecutive ids of a family are written as a range", "[rules][registry]") {
  CHECK(anth::id_ranges({"S001", "S002", "S003", "R001", "P001", "P003", "P004", "K001"}) ==
        "S001-S003, R001, P001, P003-P004, K001");
  CHECK(anth::id_ranges({}) == "");
  CHECK(anth::catalogue_ranges().rfind("S001-S", 0) == 0);
}

TEST_CASE("rule docs: every catalogue rule has an embedded page with title, severity and sections", "[rules][docs]") {
  for (const anth::RuleInfo& rule : anth::rule_catalog()) {
    INFO(rule.id);
    auto page = anth::util::embedded_asset("docs/rules/" + str(rule.id) + ".md");
    REQUIRE(page.has_value());
    const std::string text(*page);
    CHECK(text.rfind("# " + str(rule.id) + " " + str(rule.name) + "\n", 0) == 0);
    CHECK(text.find("Severity: " + std::string(anth::severity_name(rule.severity))) != std::string::npos);
    for (const char* section : {"## What it checks", "## Why", "## Example", "## How to fix"})
      CHECK(text.find(section) != std::string::npos);
    CHECK(text.find("[" + str(rule.id) + " " + str(rule.name) + "]") != std::string::npos);
  }
}

TEST_CASE("rule docs: every page under docs/rules/ belongs to a registered rule", "[rules][docs]") {
  std::size_t pages = 0;
  for (const auto& entry : anth::test::fs::directory_iterator(anth::test::source_dir() / "docs" / "rules")) {
    const auto file = entry.path().filename();
    if (file == "README.md" || file.extension() != ".md") continue;
    INFO(file.string());
    CHECK(anth::find_rule(file.stem().string()) != nullptr);
    ++pages;
  }
  CHECK(pages == anth::rule_catalog().size());
}
