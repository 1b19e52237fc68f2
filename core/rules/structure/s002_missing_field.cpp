// S002 missing-field: a field the note's kind requires is absent.
// Checked during ingest (ingest/field_validation.cpp), which reports it by id.
// Documented in docs/rules/S002.md; tested by tests/fixtures/rules/S002/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"S002", "missing-field", Severity::Error,
                                   "A field the note's kind requires is absent."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
