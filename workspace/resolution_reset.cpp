#include "workspace/resolution_reset.h"

namespace anth::workspace {

void restore_parsed_identity(Note& note, const std::string& parsed_id, bool parsed_in_graph) {
  if (note.id != parsed_id) {  // a page told apart from another (ingest/page_id.h): its relations follow
    for (Relation& r : note.relations)
      if (r.from == note.id) r.from = parsed_id;
    note.id = parsed_id;
  }
  note.in_graph = parsed_in_graph;
}

void clear_resolution(Note& note) {
  for (Relation& r : note.relations) r.to.clear();
  for (Wikilink& w : note.wikilinks) w.resolved.clear();
  for (BodyLink& l : note.rendered.links) {
    l.resolved.clear();
    l.anchor.clear();
    l.attachment.clear();
  }
}

}  // namespace anth::workspace
