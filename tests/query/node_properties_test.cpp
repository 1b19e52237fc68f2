// The one builder of a node's properties (core/query/node_properties.h): `show` (render/query) and the
// node page's Properties table (render/site) both format what it gives, so what it adds shows in both.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "core/graph/graph.h"
#include "core/query/node_details.h"
#include "core/query/node_properties.h"
#include "render/query/show_report.h"
#include "render/site/properties_table.h"
#include "tests/graph/graph_test_corpus.h"

using namespace anth;
using test::CorpusBuilder;

namespace {

// The page's rows as "Label: id id ..." (or the text of a typed row).
std::vector<std::string> table_rows(const query::NodeProperties& p) {
  render::site::TemplateValue table = render::site::properties_table(p, [](std::string_view id) -> std::optional<render::site::TemplateValue> {
    if (id == "LIT-404") return std::nullopt;  // no node of the site: shown as written
    return render::site::TemplateValue::object().set("id", std::string(id));
  });
  std::vector<std::string> out;
  for (const render::site::TemplateValue& row : table.get("rows")->items()) {
    std::string line = std::string(row.get("label")->text()) + ":";
    if (row.get("text")->is_text()) line += " " + std::string(row.get("text")->text());
    for (const render::site::TemplateValue& r : row.get("refs")->items())
      line += " " + std::string(r.get("id")->is_text() ? r.get("id")->text() : "?" + std::string(r.get("written")->text()));
    for (const render::site::TemplateValue& t : row.get("tags")->items()) line += " #" + std::string(t.get("name")->text());
    out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("properties: show and the node page format what the one builder gives", "[query][properties]") {
  CorpusBuilder b;
  b.note("LIT-1", 2017);
  b.note("LIT-2", 2020);
  b.note("NOTE-1");
  Note& sota = b.note("SOTA-1");
  sota.status = "candidate";
  sota.tags = {"stability"};
  b.relate("SOTA-1", "introduced_by", "LIT-2").relate("SOTA-1", "source", "LIT-1").relate("NOTE-1", "mentions", "SOTA-1");
  b.relate("NOTE-1", "paper", "LIT-2");
  Corpus corpus = b.build();
  graph::Graph g(corpus);
  query::NodeDetails d;
  d.properties = query::node_properties(g, *corpus.find("SOTA-1"));
  query::describe_targets(g, d.properties);

  CHECK(d.properties.node.year == 2020);  // the year of a SOTA is its origin's (Graph::year)
  CHECK(table_rows(d.properties) == std::vector<std::string>{"Status: Candidate", "Tags: #stability",
                                                             "Introduced by: LIT-2", "Source: LIT-1"});
  std::string text = render::query::show_text(d);
  CHECK(text.find("SOTA-1: Title of SOTA-1\n  SOTA · candidate · 2020 · SOTA-1.md\n") == 0);
  CHECK(text.find("Relations\n  Introduced by\n    LIT-2 — Title of LIT-2\n  Source\n    LIT-1 — Title of LIT-1\n") !=
        std::string::npos);
  CHECK(text.find("Cited by\n  Mentioned by\n    NOTE-1 — Title of NOTE-1\n") != std::string::npos);

  // What the builder gives, both show: here a relation group it did not give before.
  query::Property extra{"supersedes", "", {}, true};
  extra.values.push_back({std::nullopt, "LIT-1", {"LIT-1", "LIT", "Title of LIT-1", "", 2017}, true});
  extra.values.push_back({std::nullopt, "LIT-404", {"LIT-404"}, true});
  d.properties.outgoing.insert(d.properties.outgoing.begin(), extra);
  CHECK(table_rows(d.properties).at(2) == "Supersedes: LIT-1 ?LIT-404");
  CHECK(render::query::show_text(d).find("Relations\n  Supersedes\n    LIT-1 — Title of LIT-1\n    LIT-404\n") !=
        std::string::npos);
}

TEST_CASE("properties: for the page's table, the relations it does not show are not listed", "[query][properties]") {
  // A note's mentions are shown as backlinks, not in the table: for the table they are not listed at
  // all (a note of 200,000 links listed them all for nothing: 58 MB); `show` lists them.
  CorpusBuilder b;
  b.note("LIT-1", 2017);
  b.note("NOTE-1");
  b.note("NOTE-2");
  b.relate("NOTE-1", "paper", "LIT-1").relate("NOTE-1", "mentions", "NOTE-2").relate("NOTE-2", "mentions", "NOTE-1");
  Corpus corpus = b.build();
  graph::Graph g(corpus);
  auto keys = [](const std::vector<query::Property>& groups) {
    std::vector<std::string> out;
    for (const query::Property& p : groups) out.push_back(p.key);
    return out;
  };
  query::NodeProperties shown = query::node_properties(g, *corpus.find("NOTE-1"));
  query::NodeProperties table = query::node_properties(g, *corpus.find("NOTE-1"), query::PropertiesFor::table);
  CHECK(keys(shown.outgoing) == std::vector<std::string>{"paper", "mentions"});
  CHECK(keys(shown.incoming) == std::vector<std::string>{"mentions"});
  CHECK(keys(table.outgoing) == std::vector<std::string>{"paper"});
  CHECK(table.incoming.empty());
  CHECK(table_rows(table) == table_rows(shown));
}
