// R004 self-reference: a node relates to itself.
// Checked during ingest (ingest/resolver.cpp), which reports it by id.
// Documented in docs/rules/R004.md; tested by tests/fixtures/rules/R004/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"R004", "self-reference", Severity::Error,
                                   "A node relates to itself."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
