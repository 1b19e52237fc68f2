// The query spec (core/query/query_spec.h): what a query block's command line asks, every form the
// block accepts, `this`, and the errors as values.
#include <catch2/catch.hpp>

#include "core/query/query_spec.h"
#include "core/query/query_words.h"

using anth::query::parse_query_block;
using anth::query::QuerySpec;
using anth::query::SortKey;
using anth::query::split_command_line;

namespace {

std::string error_of(std::string_view line, std::string_view this_id = "SOTA-1") {
  auto spec = parse_query_block(line, this_id);
  return spec ? std::string("(no error)") : spec.error();
}

}  // namespace

TEST_CASE("query spec: a command line splits into words as a shell splits it", "[query][spec]") {
  using V = std::vector<std::string>;
  CHECK(*split_command_line("query  --kind sota\t--limit 3\n") == V{"query", "--kind", "sota", "--limit", "3"});
  CHECK(*split_command_line(R"(query --text "entropy collapse")") == V{"query", "--text", "entropy collapse"});
  CHECK(*split_command_line(R"(query --sql 'SELECT "id" FROM nodes')") == V{"query", "--sql", R"(SELECT "id" FROM nodes)"});
  CHECK(*split_command_line(R"(a "x \"y\" \\ z" b\ c)") == V{"a", R"(x "y" \ z)", "b c"});
  CHECK(*split_command_line(R"(--text="")") == V{"--text="});
  CHECK(split_command_line("").value().empty());
  CHECK(split_command_line("query --sql 'SELECT 1").error() == "unclosed ' (opened at character 13)");
}

TEST_CASE("query spec: every filter of query is accepted, as on the command line", "[query][spec]") {
  auto spec = parse_query_block(
      "query --kind sota,lit --kind theory --tag a --tag b --status candidate --introduced-by LIT-1 --source LIT-2 "
      "--year 2020..2023 --contested --text \"qk norm\" --sort -year --limit 5",
      "SOTA-9");
  REQUIRE(spec);
  CHECK(spec->command == QuerySpec::Command::Query);
  CHECK_FALSE(spec->sql);
  const auto& f = spec->filter;
  CHECK(f.kinds == std::vector<std::string>{"SOTA", "LIT", "THEORY"});
  CHECK(f.tags == std::vector<std::string>{"a", "b"});
  CHECK(f.statuses == std::vector<std::string>{"candidate"});
  CHECK(f.introduced_by == "LIT-1");
  CHECK(f.source == "LIT-2");
  REQUIRE(f.years);
  CHECK(f.years->from == 2020);
  CHECK(f.years->to == 2023);
  CHECK(f.contested);
  CHECK(f.text == "qk norm");
  CHECK(f.sort == SortKey::Year);
  CHECK(f.descending);
  CHECK(f.limit == 5);
  CHECK(spec->named_ids() == std::vector<std::string>{"LIT-1", "LIT-2"});
  CHECK(parse_query_block("query --limit=2 --kind=sota", "")->filter.limit == 2);
  CHECK(parse_query_block("anthology query --kind sota", "")->filter.kinds == std::vector<std::string>{"SOTA"});
  CHECK(parse_query_block("query", "")->filter.kinds.empty());
  // A tag as written inline in a note: found on a real vault, where --tag "#statistics" found nothing.
  CHECK(parse_query_block("query --tag '#statistics,#a/b' --tag c", "")->filter.tags == std::vector<std::string>{"statistics", "a/b", "c"});
}

TEST_CASE("query spec: --sql, neighbors and origin", "[query][spec]") {
  auto sql = parse_query_block("query --sql \"SELECT id FROM nodes WHERE kind = 'SOTA'\"", "SOTA-1");
  REQUIRE(sql);
  CHECK(sql->sql == "SELECT id FROM nodes WHERE kind = 'SOTA'");
  CHECK(sql->named_ids().empty());

  auto n = parse_query_block("neighbors LIT-3 --depth 2 --relation source,cites", "SOTA-1");
  REQUIRE(n);
  CHECK(n->command == QuerySpec::Command::Neighbors);
  CHECK(n->id == "LIT-3");
  CHECK(n->depth == 2);
  CHECK(n->relations == std::vector<std::string>{"source", "cites"});
  CHECK(parse_query_block("neighbors LIT-3", "")->depth == 1);

  auto o = parse_query_block("origin SOTA-7", "SOTA-1");
  REQUIRE(o);
  CHECK(o->command == QuerySpec::Command::Origin);
  CHECK(o->named_ids() == std::vector<std::string>{"SOTA-7"});
}

TEST_CASE("query spec: `this` is the note's own id where an id goes", "[query][spec]") {
  CHECK(parse_query_block("query --source this", "LIT-4")->filter.source == "LIT-4");
  CHECK(parse_query_block("query --introduced-by this", "LIT-4")->filter.introduced_by == "LIT-4");
  CHECK(parse_query_block("neighbors this --depth 1", "SOTA-2")->id == "SOTA-2");
  CHECK(parse_query_block("origin this", "SOTA-2")->id == "SOTA-2");
  CHECK(parse_query_block("query --text this", "SOTA-2")->filter.text == "this");  // a word to search, not an id
}

TEST_CASE("query spec: equal queries have equal canonical forms, different ones differ", "[query][spec]") {
  auto canon = [](std::string_view line, std::string_view id = "LIT-1") { return parse_query_block(line, id)->canonical(); };
  CHECK(canon("query --kind sota --status candidate") == canon("query  --status=candidate --kind SOTA"));
  CHECK(canon("query --source this") == canon("query --source LIT-1"));
  CHECK(canon("query --source this") != canon("query --source this", "LIT-2"));
  CHECK(canon("query --kind sota") != canon("query --kind sota --limit 1"));
  CHECK(canon("query --sort year") != canon("query --sort -year"));
  CHECK(canon("neighbors X --depth 1") != canon("neighbors X --depth 2"));
  CHECK(canon("origin X") != canon("neighbors X"));
}

TEST_CASE("query spec: a bad block is an error value with one line of reason", "[query][spec]") {
  CHECK(error_of("") == "empty query block: write a command such as query --kind sota");
  CHECK(error_of("qury --kind sota") ==
        "unknown command 'qury'; did you mean 'query'? (commands: query, neighbors, origin); a query block holds query, "
        "neighbors or origin");
  CHECK(error_of("query --kindd sota") == "unknown flag --kindd of query; did you mean --kind?");
  CHECK(error_of("query --kind sotaa").starts_with("unknown kind 'sotaa'; did you mean 'sota'?"));
  CHECK(error_of("query --status nope").starts_with("unknown status 'nope'"));
  CHECK(error_of("query --year 2023..2020") == "--year takes A..B, A.., ..B or one year (A <= B), not '2023..2020'");
  CHECK(error_of("query --limit 0") == "--limit needs a number >= 1, not '0'");
  CHECK(error_of("query --sort relevance") == "--sort relevance needs --text");
  CHECK(error_of("query --text") == "--text needs a value");
  CHECK(error_of("query --contested=yes") == "--contested takes no value");
  CHECK(error_of("query --sql 'SELECT 1' --kind sota") == "--sql cannot be combined with filters");
  CHECK(error_of("query sota") == "unexpected argument 'sota' (to search the text, use --text \"sota\")");
  CHECK(error_of("query --format json") == "--format has no place in a query block: the page shows the answer as a table");
  CHECK(error_of("query --sql 'SELECT 1' --max-rows 3").starts_with("--max-rows has no place"));
  CHECK(error_of("neighbors") == "which node? (neighbors ID)");
  CHECK(error_of("neighbors A B") == "one ID at a time");
  CHECK(error_of("neighbors A --depth x") == "--depth needs a number from 0 to 1000, not 'x'");
  CHECK(error_of("neighbors A --relation sorce").starts_with("unknown relation 'sorce'; did you mean 'source'?"));
  CHECK(error_of("neighbors A --kind sota") == "unknown flag --kind of neighbors");
  CHECK(error_of("origin") == "which practice? (origin SOTA-ID)");
  CHECK(error_of("origin A --depth 2") == "unknown flag --depth of origin");
  CHECK(error_of("query --text 'unclosed") == "unclosed ' (opened at character 14)");
}
