// R002 broken-wikilink: a wikilink, in the body or a frontmatter property, resolves to no note.
// Checked during ingest (ingest/resolver.cpp), which reports it by id.
// Documented in docs/rules/R002.md; tested by tests/fixtures/rules/R002/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"R002", "broken-wikilink", Severity::Warning,
                                   "A wikilink, in the body or a frontmatter property, resolves to no note."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
