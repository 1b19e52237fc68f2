#pragma once
// The static site in memory: every page and file `anthology build` writes, from the ingested corpus,
// its graph, the diagnostics and the stored kernel results. Deterministic: the same input gives the
// same files, in the same order, byte for byte.
#include "render/site/site_context.h"
#include "render/site/site_files.h"

namespace anth::site {

// Throws std::runtime_error only for a broken build of anthology itself (a template missing).
SiteFiles build_site(const SiteInput& input);

}  // namespace anth::site
