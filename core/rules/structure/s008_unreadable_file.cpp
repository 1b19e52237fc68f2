// S008 unreadable-file: a file is not UTF-8, holds NUL bytes, exceeds the size limit, or cannot be read.
// Checked during ingest (ingest/note_parser.cpp and ingest/load_corpus.cpp), which reports it by id.
// Documented in docs/rules/S008.md; tested by tests/fixtures/rules/S008/.
#include "core/rules/rule.h"

namespace anth::rules {

namespace {

const rules::RuleRegistration registered{{"S008", "unreadable-file", Severity::Error,
                                   "A file is not UTF-8, holds NUL bytes, exceeds the size limit, or cannot be read."},
                                  RuleStage::Ingest};

}  // namespace

}  // namespace anth::rules
