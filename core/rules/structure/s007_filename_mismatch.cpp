// S007 filename-mismatch: the file's stem differs from the note's id.
// Checked during ingest (ingest/field_validation.cpp), which reports it by id.
// Documented in docs/rules/S007.md; tested by tests/fixtures/rules/S007/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"S007", "filename-mismatch", Severity::Warning,
                                   "The file's stem differs from the note's id."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
