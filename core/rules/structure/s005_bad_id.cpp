// S005 bad-id: an id matches no kind's pattern, or `type:` disagrees with the id.
// Checked during ingest (ingest/field_validation.cpp), which reports it by id.
// Documented in docs/rules/S005.md; tested by tests/fixtures/rules/S005/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"S005", "bad-id", Severity::Error,
                                   "An id matches no kind's pattern, or `type:` disagrees with the id."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
