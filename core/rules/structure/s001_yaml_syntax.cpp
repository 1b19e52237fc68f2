// S001 yaml-syntax: the frontmatter does not parse as YAML, or is not a mapping.
// Checked during ingest (ingest/frontmatter.cpp), which reports it by id.
// Documented in docs/rules/S001.md; tested by tests/fixtures/rules/S001/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"S001", "yaml-syntax", Severity::Error,
                                   "The frontmatter does not parse as YAML, or is not a mapping."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
