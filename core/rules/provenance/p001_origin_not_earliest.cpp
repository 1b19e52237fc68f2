// P001 origin-not-earliest: a practice's `introduced_by` paper is later than another paper linked to it.
// Documented in docs/rules/P001.md; tested by tests/fixtures/rules/P001/.
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

void check(const RuleContext& context, Findings& out) {
  const Graph& g = context.graph;
  for (std::size_t s = 0; s < g.vertex_count(); ++s) {
    if (!is_kind(g, s, Kind::Sota)) continue;
    auto origin_edge = first_edge(g, s, "introduced_by");
    if (!origin_edge || !is_kind(g, origin_edge->to, Kind::Lit)) continue;
    const std::size_t origin = origin_edge->to;
    const std::optional<int> origin_year = g.year(origin);
    if (!origin_year) continue;

    // The earliest linked paper; among papers of one year, the first found in the order of rules.md.
    std::optional<Link> earliest;
    auto consider = [&](std::size_t paper, auto&& how, const Location& where) {
      if (paper == origin || !is_kind(g, paper, Kind::Lit)) return;
      std::optional<int> y = g.year(paper);
      if (!y || (earliest && *y >= earliest->year)) return;
      earliest = Link{paper, *y, how(), where};
    };

    for (const Edge& e : g.out_edges(s, "source")) {
      consider(e.to, [] { return std::string("a source of it"); }, e.relation->where);
      if (!is_kind(g, e.to, Kind::Theory)) continue;
      const std::string theory = g.note(e.to).id;
      for (const Edge& t : g.out_edges(e.to, "source"))
        consider(t.to, [&] { return "a source of its source " + theory; }, t.relation->where);
    }
    for (const Edge& e : g.in_edges(s)) {
      if (is_kind(g, e.from, Kind::Lit)) {
        consider(e.from, [&] { return naming(*e.relation); }, e.relation->where);
      } else if (is_kind(g, e.from, Kind::Note)) {
        if (auto paper = first_target(g, e.from, "paper"))
          consider(*paper, [&] { return "read by " + g.note(e.from).id + ", " + naming(*e.relation); },
                   e.relation->where);
      }
    }
    for (const Edge& e : g.out_edges(s, "mentions"))
      consider(e.to, [] { return std::string("mentioned in its body"); }, e.relation->where);

    if (!earliest || earliest->year >= *origin_year) continue;
    out.add(origin_edge->relation->where,
        g.note(s).id + " is introduced by " + with_year(g, origin) + ", but " + with_year(g, earliest->paper) + ", " +
            earliest->how + ", is earlier",
        {{file_start(g.note(earliest->paper)), "earlier paper"}, {earliest->where, "linked here"}});
  }
}

const RuleRegistration registered{{"P001", "origin-not-earliest", Severity::Warning,
                                   "A practice's origin is later than another paper linked to the practice."},
                                  check};

}  // namespace

}  // namespace anth::rules
