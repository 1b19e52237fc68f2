// S006 duplicate-id: two files declare the same id.
// Checked during ingest (ingest/resolver.cpp), which reports it by id.
// Documented in docs/rules/S006.md; tested by tests/fixtures/rules/S006/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"S006", "duplicate-id", Severity::Error,
                                   "Two files declare the same id."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
