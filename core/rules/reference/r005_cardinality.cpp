// R005 cardinality: a single-valued field gets two different values.
// Checked during ingest (ingest/field_validation.cpp), which reports it by id.
// Documented in docs/rules/R005.md; tested by tests/fixtures/rules/R005/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"R005", "cardinality", Severity::Error,
                                   "A single-valued field gets two different values."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
