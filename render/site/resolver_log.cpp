#include "render/site/resolver_log.h"

#include <xxhash.h>

namespace anth::site::resolver_log {

namespace {

struct Log {
  Recording recording;
  bool keep_queries = true;  // false while replaying: the questions are known
};
thread_local Log* active = nullptr;

// Makes `log` this thread's log until the scope ends, however it ends.
struct Active {
  explicit Active(Log& log) { active = &log; }
  ~Active() { active = nullptr; }
  Active(const Active&) = delete;
  Active& operator=(const Active&) = delete;
};

}  // namespace

void note_query(char kind, std::string_view text) {
  if (!active || !active->keep_queries) return;
  std::string& q = active->recording.queries;
  q += kind;
  q.append(text);
  q += '\0';
}

void note_answer(std::string_view part) {
  if (!active) return;
  std::uint64_t& h = active->recording.hash;
  h = XXH3_64bits_withSeed(part.data(), part.size(), h);
  h = XXH3_64bits_withSeed("\0", 1, h);
}

Recording record(const std::function<void()>& render) {
  Log log;
  {
    Active on(log);
    render();
  }
  return std::move(log.recording);
}

std::uint64_t replay(std::string_view queries, const std::function<void(char kind, std::string_view text)>& ask) {
  Log log;
  log.keep_queries = false;
  Active on(log);
  for (std::size_t end; !queries.empty() && (end = queries.find('\0')) != std::string_view::npos && end > 0;
       queries.remove_prefix(end + 1))
    ask(queries[0], queries.substr(1, end - 1));
  return log.recording.hash;
}

}  // namespace anth::site::resolver_log
