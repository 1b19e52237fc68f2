#pragma once
// A lint rule is one file under core/rules/<family>/ that declares its catalogue entry (id, name,
// default severity, summary) and, for a graph rule, its check, and registers both with one line:
//
//   const RuleRegistration registered{{"P004", "cites-future", Severity::Error, "A paper ..."}, check};
//
// The rule files are linked as object files (CMake target anthology_rules), never from an archive,
// so that no registration is dropped for lack of a reference; docs/rules/<ID>.md documents the rule and
// tests/fixtures/rules/<ID>/ tests it.
#include <string>
#include <vector>

#include "core/graph/graph.h"
#include "core/model/diagnostic.h"
#include "core/model/rule_catalog.h"

namespace anth::rules {

struct RuleContext {
  const Corpus& corpus;
  const graph::Graph& graph;
};

// Where a check puts its findings: each gets the rule's id and catalogue severity.
class Findings {
 public:
  Findings(const RuleInfo& rule, std::vector<Diagnostic>& out) : rule_(rule), out_(out) {}
  void add(Location where, std::string message, std::vector<RelatedLocation> related = {});

 private:
  const RuleInfo& rule_;
  std::vector<Diagnostic>& out_;
};

// Appends findings; must terminate on any graph (cycles, self-loops, missing years) and never throw.
using GraphCheck = void (*)(const RuleContext& context, Findings& out);

// One per rule file, at namespace scope: registers the rule before main() runs. A graph rule gives its
// check; the others give the stage that checks them (RuleStage::Ingest, RuleStage::KernelRun).
class RuleRegistration {
 public:
  RuleRegistration(RuleInfo info, GraphCheck check);
  RuleRegistration(RuleInfo info, RuleStage stage);
};

struct GraphRule {
  const RuleInfo* info;
  GraphCheck check;
};

// Every registered graph rule, in catalogue order.
const std::vector<GraphRule>& graph_rules();

// Runs every graph rule over the corpus (the S and R findings of ingest are not included), sorted.
std::vector<Diagnostic> check_graph(const Corpus& corpus, const graph::Graph& graph);

}  // namespace anth::rules