#pragma once
// The glossary's hover definitions ("QK-norm, n.: A guard inside attention ..."), written once for the
// whole site rather than beside every use: scripts `glossary/g-<n>.js` that add the definitions of
// their terms to the global ANTH_GLOSSARY, keyed by the term page's file name. site.js gives each
// term link (`<a class="term">`) its tooltip from them, loading a shard with `<script src>` (no fetch,
// so it works from file://). A term goes to the shard glossary_tip_shard() names, which site.js
// computes the same way.
#include <cstddef>
#include <string_view>

#include "render/site/glossary.h"
#include "render/site/site_files.h"

namespace anth::render::site {

// How many shards the definitions are spread over (site.js has the same number): at 1,000 terms a
// shard is about 3 KB, at 10,000 about 27 KB.
constexpr std::size_t glossary_tip_shards = 64;

// The shard of the term whose page is `file` ("qk-norm.html"): FNV-1a (32 bits) of its bytes, modulo
// the shard count. File names are ASCII (html.h), so a script hashing the name's characters agrees.
std::size_t glossary_tip_shard(std::string_view file);

// The shard files of the glossary's terms, "glossary/g-<n>.js" (none for an empty shard).
SiteFiles glossary_tip_files(const Glossary& glossary);

}  // namespace anth::render::site
