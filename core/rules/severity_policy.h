#pragma once
// What lint reports of the raw findings (docs/rules/README.md, "Output and exit status"): anthology.toml's severities replace the
// defaults, a rule turned off and a rule a note's `lint-ignore` names are dropped, the rest is sorted.
#include <vector>

#include "core/model/config.h"
#include "core/model/corpus.h"
#include "core/model/diagnostic.h"

namespace anth::rules {

std::vector<Diagnostic> finalize_diagnostics(std::vector<Diagnostic> raw, const Corpus& corpus, const Config& config);

}  // namespace anth::rules