#pragma once
// Query blocks (docs/format.md "Query blocks"): a fenced code block whose info string is `anthology`
// holds one query command line. The body's one parse finds them: each is recorded with its text and
// place (core/model/rendered_body.h, QueryBlock) and leaves in the HTML a marker that the site
// replaces with the answer (render/site/query_blocks.h); the lint rule reads the recorded text.
#include <cmark-gfm.h>

#include "core/model/rendered_body.h"

namespace anth::ingest {

// The info string that makes a fenced code block a query block.
inline constexpr const char* query_block_info = "anthology";

// Takes the query blocks out of one piece's tree (its line N is the body's N + line_offset), in
// document order, appending them to out.queries and leaving their markers.
void take_query_blocks(cmark_node* doc, int line_offset, RenderedBody& out);

}  // namespace anth::ingest
