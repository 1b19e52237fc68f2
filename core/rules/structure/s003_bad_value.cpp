// S003 bad-value: a field has the wrong type or a value outside its enumeration.
// Checked during ingest (ingest/field_validation.cpp and core/model/config.cpp), which reports it by id.
// Documented in docs/rules/S003.md; tested by tests/fixtures/rules/S003/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"S003", "bad-value", Severity::Error,
                                   "A field has the wrong type or a value outside its enumeration."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
