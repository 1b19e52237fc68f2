#pragma once
// What the resolver (ingest/resolver.h) writes into a note, undone, so that a note held in memory can
// be resolved again as if just parsed: its id and place in the graph as parsed (a page's id may have
// had a suffix appended, a duplicated id taken it out), and every link's and relation's target. The
// two are apart because a patch takes every note back to its parsed id (the ids are told apart over
// the whole corpus again) but clears the links only of the notes it resolves again.
#include <string>

#include "core/model/note.h"

namespace anth::workspace {

void restore_parsed_identity(Note& note, const std::string& parsed_id, bool parsed_in_graph);
void clear_resolution(Note& note);

}  // namespace anth::workspace
