// P003 read-as-mismatch: a paper's `read_as` differs from the notes whose `paper` it is.
// Documented in docs/rules/P003.md; tested by tests/fixtures/rules/P003/.
#include <algorithm>
#include <set>

#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t lit = 0; lit < g.vertex_count(); ++lit) {
    const Note& paper = g.note(lit);
    if (!is_kind(g, lit, Kind::Lit) || !paper.field("read_as")) continue;

    // Listed: the resolved `read_as` entries (an unresolved one is R001's); actual: the notes reading it.
    std::vector<graph::Edge> listed_edges = g.out_edges(lit, "read_as");
    std::set<std::size_t> listed, actual;
    for (const graph::Edge& e : listed_edges) listed.insert(e.to);
    for (std::size_t n : g.readings(lit)) actual.insert(n);
    if (listed == actual) continue;

    std::vector<std::string> missing, extra;
    std::vector<RelatedLocation> related;
    for (std::size_t n : actual)
      if (!listed.count(n)) {
        missing.push_back(g.note(n).id);
        related.push_back({file_start(g.note(n)), g.note(n).id + " reads " + paper.id});
      }
    for (const graph::Edge& e : listed_edges)
      if (!actual.count(e.to) && std::find(extra.begin(), extra.end(), g.note(e.to).id) == extra.end()) {
        extra.push_back(g.note(e.to).id);
        auto read = first_target(g, e.to, "paper");
        related.push_back({e.relation->where, g.note(e.to).id + (read ? " reads " + g.note(*read).id : " reads no paper")});
      }
    std::sort(missing.begin(), missing.end());
    std::sort(extra.begin(), extra.end());

    std::string message = "`read_as` of " + paper.id + " differs from its readings:";
    if (!missing.empty()) message += " missing " + join(missing);
    if (!missing.empty() && !extra.empty()) message += ";";
    if (!extra.empty()) message += " extra " + join(extra);
    out.add(value_location(paper, "read_as"), message, std::move(related));
  }
}

const rules::RuleRegistration registered{{"P003", "read-as-mismatch", Severity::Error,
                                   "A paper's `read_as` differs from the notes that read it."},
                                  check};

}  // namespace

}  // namespace anth::rules
