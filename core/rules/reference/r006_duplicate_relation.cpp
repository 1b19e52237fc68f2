// R006 duplicate-relation: the same relation to the same target is written twice.
// Checked during ingest (ingest/field_validation.cpp), which reports it by id.
// Documented in docs/rules/R006.md; tested by tests/fixtures/rules/R006/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"R006", "duplicate-relation", Severity::Warning,
                                   "The same relation to the same target is written twice."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
