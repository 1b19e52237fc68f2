#pragma once
// What a body's rendering asked the resolver, and what it was told. The answers are folded into a
// hash (SiteContext::body_dependencies, part of each page's key); the questions are kept as text, so
// that a later build can ask them again and compare hashes instead of rendering the body again
// (body_cache.h). A question is a kind ('w' a wikilink target, 'f' a file path) and its text.
//
// The log is per thread: the resolver calls note() from inside render_body, on whichever thread
// renders; outside record() and replay() those calls do nothing.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace anth::site::resolver_log {

struct Recording {
  std::uint64_t hash = 0;
  std::string queries;  // each: kind, text, '\0'
};

// Called by the resolver for each question and its answer's parts.
void note_query(char kind, std::string_view text);
void note_answer(std::string_view part);

// Runs `render` with this thread's log on; what it asked and was told.
Recording record(const std::function<void()>& render);

// Asks `queries` again, in order, through `ask(kind, text)` (which calls the resolver); the hash of
// the answers, to compare with the recorded one.
std::uint64_t replay(std::string_view queries, const std::function<void(char kind, std::string_view text)>& ask);

}  // namespace anth::site::resolver_log
