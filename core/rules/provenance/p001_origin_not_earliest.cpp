// P001 origin-not-earliest: a practice's `introduced_by` paper is later than another paper linked to it.
// Documented in docs/rules/P001.md; tested by tests/fixtures/rules/P001/.
#include "core/graph/linked_papers.h"
#include "core/rules/rule.h"
#include "core/rules/rule_support.h"

namespace anth::rules {

namespace {

// A paper linked to the practice, how it is linked, and where the link was written.
struct Link {
  std::size_t paper = 0;
  int year = 0;
  std::string how;
  Location where;
};

std::string naming(const Relation& r) {
  return r.kind == "mentions" ? "which mentions it" : "which names it in `" + r.kind + "`";
}

std::string how(const graph::Graph& g, const graph::PaperLink& link) {
  switch (link.way) {
    case graph::PaperLink::Way::Source: return "a source of it";
    case graph::PaperLink::Way::TheorySource: return "a source of its source " + g.note(link.via).id;
    case graph::PaperLink::Way::PaperRelates: return naming(*link.edge.relation);
    case graph::PaperLink::Way::NoteReading: return "read by " + g.note(link.via).id + ", " + naming(*link.edge.relation);
    case graph::PaperLink::Way::BodyMention: return "mentioned in its body";
    case graph::PaperLink::Way::IntroducedBy: break;
  }
  return "";
}

void check(const rules::RuleContext& context, rules::Findings& out) {
  const graph::Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    if (!is_kind(g, s, Kind::Sota)) continue;
    auto origin_edge = first_edge(g, s, "introduced_by");
    if (!origin_edge || !is_kind(g, origin_edge->to, Kind::Lit)) continue;
    const std::size_t origin = origin_edge->to;
    const std::optional<int> origin_year = g.year(origin);
    if (!origin_year) continue;

    // The earliest linked paper; among papers of one year, the first found in the order docs/rules/P001.md gives.
    std::optional<Link> earliest;
    for (const graph::PaperLink& link : graph::linked_papers(g, s)) {
      if (link.way == graph::PaperLink::Way::IntroducedBy || link.paper == origin) continue;
      std::optional<int> y = g.year(link.paper);
      if (!y || (earliest && *y >= earliest->year)) continue;
      earliest = Link{link.paper, *y, how(g, link), link.edge.relation->where};
    }

    if (!earliest || earliest->year >= *origin_year) continue;
    out.add(origin_edge->relation->where,
        g.note(s).id + " is introduced by " + with_year(g, origin) + ", but " + with_year(g, earliest->paper) + ", " +
            earliest->how + ", is earlier",
        {{file_start(g.note(earliest->paper)), "earlier paper"}, {earliest->where, "linked here"}});
  }
}

const rules::RuleRegistration registered{{"P001", "origin-not-earliest", Severity::Warning,
                                   "A practice's origin is later than another paper linked to the practice."},
                                  check};

}  // namespace

}  // namespace anth::rules
