// S004 unknown-field: a field is not in the schema of the note's kind.
// Checked during ingest (ingest/field_validation.cpp and core/model/config.cpp), which reports it by id.
// Documented in docs/rules/S004.md; tested by tests/fixtures/rules/S004/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"S004", "unknown-field", Severity::Warning,
                                   "A field is not in the schema of the note's kind."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
