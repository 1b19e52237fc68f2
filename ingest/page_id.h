#pragma once
// The id of a page (a note of none of the five typed kinds, docs/format.md "Pages"), derived from its
// path so that it is stable across builds, URL-safe and one file name in the site's flat folder:
// "Projects/Reading List.md" -> "projects.reading-list". ASCII letters are lowered, every run of other
// ASCII characters but digits becomes one '-', non-ASCII text (UTF-8) is kept, folders are joined by
// '.'. Two paths that come out the same are told apart by the resolver (disambiguate_page_ids).
#include <string>
#include <string_view>

#include "core/model/corpus.h"

namespace anth::ingest {

std::string page_id(std::string_view path);

// Pages whose derived ids collide with each other or with a typed note's id get "-" and 8 hex digits
// of their path's hash appended, every one of them (so no page's id depends on which file came first).
// Their relations' sources follow. `corpus.notes` sorted by path.
void disambiguate_page_ids(Corpus& corpus);

}  // namespace anth::ingest
