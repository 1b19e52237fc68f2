#pragma once
// One provenance or kernel rule (P001-P013, K001-K002). Each rule is a small class in its own file
// under core/rules/, registered by id in core/rules/registry.cpp and documented in docs/rules/<ID>.md.
#include <string_view>
#include <vector>

#include "core/graph/graph.h"
#include "core/model/diagnostic.h"

namespace anth {

struct RuleContext {
  const Corpus& corpus;
  const Graph& graph;
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual std::string_view id() const = 0;
  // Appends findings; must terminate on any graph (cycles, self-loops, missing years) and never throw.
  virtual void check(const RuleContext& context, std::vector<Diagnostic>& out) const = 0;
};

// Every registered graph rule, in id order.
const std::vector<const Rule*>& graph_rules();

// Runs every graph rule over the corpus (the S and R findings of ingest are not included).
std::vector<Diagnostic> check_graph(const Corpus& corpus, const Graph& graph);

}  // namespace anth
