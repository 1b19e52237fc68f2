// R003 wrong-target-kind: a relation's target is of a kind outside the field's range.
// Checked during ingest (ingest/resolver.cpp), which reports it by id.
// Documented in docs/rules/R003.md; tested by tests/fixtures/rules/R003/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"R003", "wrong-target-kind", Severity::Error,
                                   "A relation's target is of a kind outside the field's range."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
