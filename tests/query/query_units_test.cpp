// The pieces of the query side without the binary: FTS5 escaping, year ranges, id order, widths, formats.
#include <catch2/catch.hpp>

#include "core/query/node_search.h"
#include "core/query/query_db.h"
#include "core/util/natural_order.h"
#include "render/query/result_formats.h"
#include "render/query/text_width.h"

using namespace anth;

TEST_CASE("query: fts_query quotes every word and phrase", "[query]") {
  CHECK(query::fts_query("entropy collapse") == "\"entropy\" AND \"collapse\"");
  CHECK(query::fts_query("  \"query and key\"  norm*") == "\"query and key\" AND \"norm\"*");
  CHECK(query::fts_query("a\"b") == "\"a\" AND \"b\"");
  CHECK(query::fts_query("NEAR(x OR title:y)") == "\"NEAR(x\" AND \"OR\" AND \"title:y)\"");
  CHECK(query::fts_query("say \"unclosed phrase") == "\"say\" AND \"unclosed phrase\"");
  CHECK(query::fts_query("*** -- ...").empty());
  CHECK(query::fts_query("√d") == "\"√d\"");
}

TEST_CASE("query: fts_query expands a prefix into the words it begins", "[query]") {
  auto words = [](std::string_view prefix) {
    return prefix == "normaliz" ? std::vector<std::string>{"normalization", "normalize"} : std::vector<std::string>{};
  };
  CHECK(query::fts_query("normaliz* keys", words) == "(\"normaliz\"* OR \"normalization\" OR \"normalize\") AND \"keys\"");
  CHECK(query::fts_query("other* normaliz", words) == "\"other\"* AND \"normaliz\"");  // no words, or no prefix
}

TEST_CASE("query: parse_year_range takes closed, open and single years", "[query]") {
  auto r = query::parse_year_range("2020..2023");
  REQUIRE(r);
  CHECK(r->from == 2020);
  CHECK(r->to == 2023);
  CHECK(query::parse_year_range("2020..")->to == std::nullopt);
  CHECK(query::parse_year_range("..2023")->from == std::nullopt);
  CHECK(query::parse_year_range("2021")->from == 2021);
  CHECK(query::parse_year_range("2021")->to == 2021);
  for (const char* bad : {"", "..", "2023..2020", "20x0", "2020...2021", "-5", "2020..2021..2022"})
    CHECK_FALSE(query::parse_year_range(bad));
}

TEST_CASE("natural order: digit runs compare as numbers", "[util]") {
  CHECK(util::natural_compare("LIT-9", "LIT-10") < 0);
  CHECK(util::natural_compare("LIT-088", "LIT-640") < 0);
  CHECK(util::natural_compare("LIT-640", "NOTE-011") < 0);
  CHECK(util::natural_compare("SOTA-192", "SOTA-192") == 0);
  CHECK(util::natural_compare("LIT-08", "LIT-8") != 0);
  CHECK(util::natural_compare("a", "a-b") < 0);
  // Every digit run counts, not only the trailing one (the site once compared only that).
  CHECK(util::natural_compare("v2-LIT-9", "v10-LIT-1") < 0);
  CHECK(util::natural_compare("LIT-2a", "LIT-10") < 0);
  CHECK(util::natural_less("LIT-99", "LIT-100"));
}

TEST_CASE("query: display_width and fit_width count terminal columns", "[query]") {
  CHECK(render::query::display_width("abc") == 3);
  CHECK(render::query::display_width("√d·x") == 4);
  CHECK(render::query::display_width("e\u0301") == 1);  // combining accent
  CHECK(render::query::display_width("漢字") == 4);
  CHECK(render::query::fit_width("Attention Is All You Need", 10) == "Attention…");
  CHECK(render::query::fit_width("short", 10) == "short");
  CHECK(render::query::fit_width("漢字漢字", 5) == "漢字…");
  CHECK(render::query::fit_width("abc", 0).empty());
  CHECK(render::query::one_line("a\tb\nc") == "a b c");
}

TEST_CASE("query: the result formats", "[query]") {
  query::ResultTable t;
  t.columns = {"id", "year", "title"};
  t.rows.push_back({query::Cell::of(std::string("LIT-8")), query::Cell::of(std::int64_t{2017}),
                    query::Cell::of(std::string("Attention, \"all\" you need"))});
  t.rows.push_back({query::Cell::of(std::string("qk-norm")), query::Cell::null(), query::Cell::of(std::string("QK-norm"))});
  CHECK(render::query::format_table(t, 80) ==
        "ID       YEAR  TITLE\n"
        "LIT-8    2017  Attention, \"all\" you need\n"
        "qk-norm        QK-norm\n");
  CHECK(render::query::format_table(t, 25) ==
        "ID       YEAR  TITLE\n"
        "LIT-8    2017  Attention…\n"
        "qk-norm        QK-norm\n");
  CHECK(render::query::format_csv(t) == "id,year,title\nLIT-8,2017,\"Attention, \"\"all\"\" you need\"\nqk-norm,,QK-norm\n");
  CHECK(render::query::format_ids(t) == "LIT-8\nqk-norm\n");
  CHECK(render::query::format_json(t) ==
        "[\n  {\n    \"id\": \"LIT-8\",\n    \"year\": 2017,\n    \"title\": \"Attention, \\\"all\\\" you need\"\n  },\n"
        "  {\n    \"id\": \"qk-norm\",\n    \"year\": null,\n    \"title\": \"QK-norm\"\n  }\n]\n");
}
