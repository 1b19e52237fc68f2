#include "ingest/wikilink_mask.h"

#include <string.h>  // memmem

#include <atomic>

namespace anth::ingest {

namespace {

constexpr std::string_view open_mark = "\xC2\xAB", close_mark = "\xC2\xBB";  // « and », two bytes like "[[" and "]]"

std::atomic<bool> masking{true};

// Bytes a masked link's inside may not hold: they could start or end another construct around it.
bool unsafe_inside(char c) {
  switch (c) {
    case '[': case ']': case '\\': case '`': case '<': case '>': case '&': case ':': case '@': case '\n': case '\r':
      return true;
    default:
      return false;
  }
}

// Where the next « or » of `s` starts at or after `from` (npos if none): a memchr for their first byte,
// which is rare in prose, rather than a byte at a time (the walk looks at every literal of every body).
std::size_t next_mark(std::string_view s, std::size_t from) {
  while (from < s.size()) {
    const void* hit = ::memchr(s.data() + from, '\xC2', s.size() - from);
    if (!hit) return std::string_view::npos;
    std::size_t at = static_cast<std::size_t>(static_cast<const char*>(hit) - s.data());
    if (at + 1 < s.size() && (s[at + 1] == '\xAB' || s[at + 1] == '\xBB')) return at;
    from = at + 1;
  }
  return std::string_view::npos;
}

// The text with every "[[" and "]]" of masked links turned back.
std::string unmasked(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t done = 0;
  for (std::size_t at = next_mark(s, 0); at != std::string_view::npos; at = next_mark(s, done)) {
    out.append(s, done, at - done).append(s[at + 1] == '\xAB' ? "[[" : "]]");
    done = at + 2;
  }
  return out.append(s, done);
}

// Whether `text` holds `what`, for a needle whose first byte is common: glibc's memmem skips through
// the text, where string_view::find stops at every such byte (every 'a' for "aquo;": half a percent of
// a cold lint). For a rare first byte ('[', '&') find's memchr is the faster.
bool holds(std::string_view text, std::string_view what) {
  return ::memmem(text.data(), text.size(), what.data(), what.size()) != nullptr;
}

bool masked(const char* s) { return s && next_mark(s, 0) != std::string_view::npos; }

}  // namespace

void set_wikilink_masking(bool on) { masking = on; }

std::optional<std::string> mask_wikilinks(std::string_view text) {
  // « and » of the text's own, written or as entities (cmark decodes "&laquo;" and "&#171;"), would
  // come back as brackets.
  if (!masking || text.find("[[") == std::string_view::npos || text.find("]:") != std::string_view::npos ||
      text.find(open_mark) != std::string_view::npos || text.find(close_mark) != std::string_view::npos ||
      text.find("&#") != std::string_view::npos || holds(text, "aquo;"))
    return std::nullopt;
  std::string out;
  bool any = false;
  // Each scan from a "[[" stops at the next '[' at the latest, so the text is read about twice at most.
  for (std::size_t open = text.find("[["); open != std::string_view::npos; open = text.find("[[", open + 1)) {
    if (open > 0 && (text[open - 1] == '\\' || text[open - 1] == '!')) continue;
    std::size_t j = open + 2;
    // "www." inside would be an autolink once no bracket is open around it (cmark-gfm makes none in brackets).
    while (j < text.size() && !unsafe_inside(text[j]) && text.substr(j, 4) != "www.") ++j;
    if (j == open + 2 || text.substr(j, 2) != "]]") continue;
    if (j + 2 < text.size() && (text[j + 2] == '(' || text[j + 2] == '[')) continue;
    if (!any) out.assign(text), any = true;
    out.replace(open, 2, open_mark);
    out.replace(j, 2, close_mark);
    open = j + 1;
  }
  if (!any) return std::nullopt;
  return out;
}

void unmask_wikilinks(cmark_node* doc) {
  cmark_iter* iter = cmark_iter_new(doc);
  for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
    if (ev != CMARK_EVENT_ENTER) continue;
    cmark_node* node = cmark_iter_get_node(iter);
    switch (cmark_node_get_type(node)) {
      case CMARK_NODE_LINK:
      case CMARK_NODE_IMAGE:
        if (const char* url = cmark_node_get_url(node); masked(url)) cmark_node_set_url(node, unmasked(url).c_str());
        if (const char* title = cmark_node_get_title(node); masked(title)) cmark_node_set_title(node, unmasked(title).c_str());
        break;
      case CMARK_NODE_CODE_BLOCK:
        if (const char* info = cmark_node_get_fence_info(node); masked(info)) cmark_node_set_fence_info(node, unmasked(info).c_str());
        [[fallthrough]];
      default:
        if (const char* literal = cmark_node_get_literal(node); masked(literal))
          cmark_node_set_literal(node, unmasked(literal).c_str());
    }
  }
  cmark_iter_free(iter);
}

}  // namespace anth::ingest
