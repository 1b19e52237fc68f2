// The one place that registers the graph rules (P and K); each rule lives in its own file.
#include <algorithm>

#include "core/rules/rule.h"
#include "core/rules/p001_origin_not_earliest.h"
#include "core/rules/p002_origin_hedge_contradicted.h"
#include "core/rules/p003_read_as_mismatch.h"
#include "core/rules/p004_cites_future.h"
#include "core/rules/p005_contested_by_earlier.h"
#include "core/rules/p006_citation_cycle.h"
#include "core/rules/p007_adopted_while_contested.h"
#include "core/rules/p008_candidate_without_criterion.h"
#include "core/rules/p009_retracted_evidence.h"
#include "core/rules/p010_superseded_evidence.h"
#include "core/rules/p011_unread_origin.h"
#include "core/rules/p012_orphan_literature.h"
#include "core/rules/p013_refuted_evidence.h"
#include "core/rules/k001_unknown_kernel.h"
#include "core/rules/k002_bad_kernel_param.h"

namespace anth {

const std::vector<const Rule*>& graph_rules() {
  static const rules::OriginNotEarliest p001;
  static const rules::OriginHedgeContradicted p002;
  static const rules::ReadAsMismatch p003;
  static const rules::CitesFuture p004;
  static const rules::ContestedByEarlier p005;
  static const rules::CitationCycle p006;
  static const rules::AdoptedWhileContested p007;
  static const rules::CandidateWithoutCriterion p008;
  static const rules::RetractedEvidence p009;
  static const rules::SupersededEvidence p010;
  static const rules::UnreadOrigin p011;
  static const rules::OrphanLiterature p012;
  static const rules::RefutedEvidence p013;
  static const rules::UnknownKernel k001;
  static const rules::BadKernelParam k002;
  static const std::vector<const Rule*> all = {&p001, &p002, &p003, &p004, &p005, &p006, &p007, &p008, &p009, &p010, &p011, &p012, &p013, &k001, &k002};
  return all;
}

std::vector<Diagnostic> check_graph(const Corpus& corpus, const Graph& graph) {
  const RuleContext context{corpus, graph};
  std::vector<Diagnostic> out;
  for (const Rule* rule : graph_rules()) rule->check(context, out);
  std::sort(out.begin(), out.end(), diagnostic_less);
  return out;
}

}  // namespace anth
