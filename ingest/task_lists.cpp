#include "ingest/task_lists.h"

#include <string_view>

namespace anth::ingest {

void label_task_boxes(std::string& html) {
  // cmark-gfm's own markup; a note's text cannot spell it (its quotes and angle brackets are escaped).
  constexpr std::string_view open = "<input type=\"checkbox\" disabled=\"\" />";
  constexpr std::string_view done = "<input type=\"checkbox\" checked=\"\" disabled=\"\" />";
  if (html.find("<input type=\"checkbox\"") == std::string::npos) return;
  std::string out;
  out.reserve(html.size() + 256);
  std::size_t at = 0;
  for (std::size_t box = html.find("<input type=\"checkbox\""); box != std::string::npos; box = html.find("<input type=\"checkbox\"", at)) {
    out.append(html, at, box - at);
    std::string_view rest = std::string_view(html).substr(box);
    if (rest.starts_with(open)) {
      out += "<input type=\"checkbox\" disabled=\"\" aria-label=\"Task, not done\" />";
      at = box + open.size();
    } else if (rest.starts_with(done)) {
      out += "<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Task, done\" />";
      at = box + done.size();
    } else {
      out += '<';
      at = box + 1;
    }
  }
  out.append(html, at);
  html = std::move(out);
}

}  // namespace anth::ingest
