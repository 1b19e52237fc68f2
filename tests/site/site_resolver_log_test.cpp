// render/site/resolver_log.h: a rendering's questions and answers are recorded on its own thread
// only; replaying the questions gives the same hash for the same answers and another for any change.
#include <catch2/catch.hpp>

#include <map>
#include <thread>

#include "render/site/resolver_log.h"

using namespace anth::site;

namespace {

// A stand-in resolver: answers a wikilink target from `names`, as the real one does, noting both.
void resolve(const std::map<std::string, std::string>& names, char kind, std::string_view target) {
  resolver_log::note_query(kind, target);
  auto it = names.find(std::string(target));
  resolver_log::note_answer(target);
  resolver_log::note_answer(it == names.end() ? "" : it->second);
}

}  // namespace

TEST_CASE("resolver log: replaying a rendering's questions tells whether any answer changed", "[site][body-cache]") {
  std::map<std::string, std::string> names = {{"LIT-1", "LIT-1|Attention|lit"}, {"qk", "qk-norm|QK-norm|term"}};
  auto rec = resolver_log::record([&] {
    resolve(names, 'w', "LIT-1");
    resolve(names, 'f', "qk");
    resolve(names, 'w', "Nobody");
  });
  CHECK(rec.queries == std::string("wLIT-1\0fqk\0wNobody\0", 19));
  auto ask = [&](char kind, std::string_view text) { resolve(names, kind, text); };
  CHECK(resolver_log::replay(rec.queries, ask) == rec.hash);

  names["LIT-1"] = "LIT-1|Attention, retitled|lit";  // a title changed
  CHECK(resolver_log::replay(rec.queries, ask) != rec.hash);
  names["LIT-1"] = "LIT-1|Attention|lit";
  names["Nobody"] = "LIT-9|Somebody|lit";  // a name that resolved to nothing now resolves
  CHECK(resolver_log::replay(rec.queries, ask) != rec.hash);
  names.erase("Nobody");
  CHECK(resolver_log::replay(rec.queries, ask) == rec.hash);
}

TEST_CASE("resolver log: notes outside a recording, or on another thread, are not kept", "[site][body-cache]") {
  resolver_log::note_query('w', "stray");  // no recording: nothing happens
  resolver_log::note_answer("stray");
  auto rec = resolver_log::record([&] {
    std::thread other([] { resolver_log::note_query('w', "elsewhere"); });
    other.join();
    resolver_log::note_query('w', "here");
  });
  CHECK(rec.queries == std::string("where\0", 6));
  auto empty = resolver_log::record([] {});
  CHECK(empty.queries.empty());
  CHECK(empty.hash == 0);
}
