#pragma once
// In-process fixture runs for the graph rules (P and K): load a corpus of tests/fixtures/rules/ with
// load_corpus, build the Graph, run check_graph and print the findings as `anthology lint` prints
// them, so they compare with the fixture's expected.txt line for line (the clang-tidy CHECK-MESSAGES way).
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "core/graph/graph.h"
#include "core/rules/rule.h"
#include "core/model/rule_catalog.h"
#include "ingest/load_corpus.h"
#include "tests/support/test_support.h"

namespace anth::test {

inline fs::path rules_fixture(const std::string& relative) { return source_dir() / "tests" / "fixtures" / "rules" / relative; }

// "file:line:col: severity: message [ID name]".
inline std::string lint_line(const Diagnostic& d) {
  const RuleInfo* info = find_rule(d.rule);
  return d.where.file + ":" + std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + ": " +
         severity_name(d.severity) + ": " + d.message + " [" + d.rule + (info ? " " + std::string(info->name) : "") + "]";
}

// The findings of a corpus folder: what ingest reported (S and R) and what the graph rules in `rules` reported.
struct FixtureFindings {
  std::string ingest;  // every ingest finding, one line each
  std::string graph;   // the graph findings of the chosen rules, sorted, one line each
};

inline FixtureFindings fixture_findings(const fs::path& folder, const std::set<std::string>& rules) {
  FixtureFindings out;
  auto loaded = ingest::load_corpus(ingest::LoadOptions{folder}, nullptr);
  REQUIRE(loaded.has_value());
  for (const Diagnostic& d : loaded->corpus.diagnostics) out.ingest += lint_line(d) + "\n";
  graph::Graph graph(loaded->corpus);
  for (const Diagnostic& d : rules::check_graph(loaded->corpus, graph))
    if (rules.count(d.rule)) out.graph += lint_line(d) + "\n";
  return out;
}

// The rule's `fires` corpus gives exactly its expected.txt; the `quiet` twin gives nothing; both are
// otherwise clean (no finding of ingest).
inline void check_rule_fixture(const std::string& rule) {
  for (const char* variant : {"fires", "quiet"}) {
    INFO(rule << "/" << variant);
    const fs::path folder = rules_fixture(rule + "/" + variant);
    FixtureFindings found = fixture_findings(folder, {rule});
    CHECK(found.ingest == "");
    CHECK(found.graph == read_file(folder / "expected.txt"));
    if (std::string(variant) == "fires") CHECK_FALSE(found.graph.empty());
    else CHECK(found.graph.empty());
  }
}

}  // namespace anth::test
