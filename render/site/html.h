#pragma once
// Escaping and naming for the static site: text and attribute escaping, link-target safety, heading
// slugs, and the file a node, tag or kernel gets inside the site folder. Every string that reaches a
// page from a note goes through one of these.
#include <string>
#include <string_view>

#include "core/util/html_text.h"

namespace anth::render::site {

// Escaping, link safety and slugs are core's (core/util/html_text.h): ingest makes bodies with them.
using ::anth::util::append_escaped_html;
using ::anth::util::escape_html;
using ::anth::util::is_safe_url;
using ::anth::util::slugify;

// A path segment safe on every file system: the name when it is made only of [A-Za-z0-9._-], does
// not start with '.', and is not a reserved name; otherwise the safe characters followed by '_' and a
// hash of the name, so that two different names never share a file and nothing leaves its folder.
std::string safe_segment(std::string_view name);

// The page of a node, relative to the site root: "LIT-523.html", "qk-norm.html". Ids that would take a
// site page's name ("index", "search", ...) get a trailing '_' ("index_.html").
std::string node_file(std::string_view id);
// "tags/model-stability.html": a tag's page, named by its key whatever the spelling (core/model/tag_names.h).
std::string tag_file(std::string_view tag);
// "kernels/SOTA-192/qk_norm.cpp".
std::string kernel_file(std::string_view id, std::string_view kernel);

// Percent-encodes everything outside [A-Za-z0-9._~/-] (for arXiv ids and DOIs inside a URL).
std::string percent_encode(std::string_view text);

// Uppercases the first ASCII letter ("active" -> "Active").
std::string capitalize(std::string_view text);

}  // namespace anth::render::site
