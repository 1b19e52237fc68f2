#pragma once
// Task list items (cmark-gfm's tasklist extension) render a disabled checkbox with no label, which
// assistive technology announces as an unnamed checkbox (axe's rule "label"): each gets an
// aria-label saying whether the task is done.
#include <string>

namespace anth::ingest {

void label_task_boxes(std::string& html);

}  // namespace anth::ingest
