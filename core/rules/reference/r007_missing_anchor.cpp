// R007 missing-anchor: a link names a heading or block id that its note does not have.
// Checked during ingest (ingest/link_anchors.cpp), which reports it by id.
// Documented in docs/rules/R007.md; tested by tests/fixtures/rules/R007/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"R007", "missing-anchor", Severity::Warning,
                                   "A wikilink names a heading or block id that its note does not have."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
