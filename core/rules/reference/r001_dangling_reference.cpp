// R001 dangling-reference: a typed relation names an id that no note has.
// Checked during ingest (ingest/resolver.cpp), which reports it by id.
// Documented in docs/rules/R001.md; tested by tests/fixtures/rules/R001/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"R001", "dangling-reference", Severity::Error,
                                   "A typed relation names an id that no note has."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
