#pragma once
// The static site: every page and file `anthology build` writes, from the ingested corpus, its graph,
// the diagnostics and the stored kernel results. Deterministic: the same input gives the same files,
// byte for byte (the order in which they reach the sink may vary; their content does not).
#include "render/site/site_context.h"
#include "render/site/site_files.h"

namespace anth::render::site {

// Hands every file to `sink` as it is rendered; node pages are rendered on several threads. Returns
// false as soon as the sink refuses a file. Throws std::runtime_error only for a broken build of
// anthology itself (a template missing).
//
// With `keep`, a node page whose key (page_keys.h) is the one options.recorded holds for it is not
// rendered but handed to `keep`, which carries the current site's file over; when keep returns false
// the page is rendered after all. The keys of the new site go to the sink as .anthology-pages.
bool build_site(const SiteInput& input, const FileSink& sink, const KeepFile& keep = {});

// The whole site in memory, sorted by path (tests, small corpora).
SiteFiles build_site(const SiteInput& input);

}  // namespace anth::render::site
