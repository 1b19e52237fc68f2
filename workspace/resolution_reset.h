#pragma once
// What the resolver (ingest/resolver.h) writes into a note, undone, so that a note held in memory can
// be resolved again as if just parsed: its id and place in the graph as parsed (a page's id may have
// had a suffix appended, a duplicated id taken it out), and every link's and relation's target.
#include <string>

#include "core/model/note.h"

namespace anth::workspace {

void reset_resolution(Note& note, const std::string& parsed_id, bool parsed_in_graph);

}  // namespace anth::workspace
