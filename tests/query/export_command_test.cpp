// anthology export: the whole graph as JSON, GraphML (checked with xmllint) and DOT (rendered by Graphviz).
#include <nlohmann/json.hpp>

#include <regex>

#include "tests/query/query_fixture.h"

using namespace anth::test;

namespace {

bool have(const std::string& tool) { return run("command -v " + tool).status == 0; }

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// The graph's size as lint counts it: "16 files, 16 nodes, 43 edges: ..."
std::pair<std::size_t, std::size_t> lint_counts(const QueryCorpus& corpus) {
  std::smatch m;
  std::string out = corpus.run("lint").out;
  REQUIRE(std::regex_search(out, m, std::regex(R"((\d+) nodes, (\d+) edges)")));
  return {std::stoul(m[1]), std::stoul(m[2])};
}

}  // namespace

TEST_CASE("query: export --format json has every node and edge", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "export --format json", "export.json");
  auto [nodes, edges] = lint_counts(corpus);
  auto j = nlohmann::json::parse(corpus.run("export").out);
  CHECK(j["nodes"].size() == nodes);
  CHECK(j["edges"].size() == edges);
}

TEST_CASE("query: export --format graphml is well-formed GraphML with every node and edge", "[query]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("export --format graphml --out graph.graphml");
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  CHECK(r.out == "wrote graph.graphml (16 nodes, 43 edges)\n");  // a summary: stdout (docs/cli.md)
  std::string xml = read_file(corpus.path() / "graph.graphml");
  auto [nodes, edges] = lint_counts(corpus);
  CHECK(count(xml, "<node id=") == nodes);
  CHECK(count(xml, "<edge id=") == edges);
  CHECK(xml.find("attr.name=\"relation\"") != std::string::npos);
  if (!have("xmllint")) {
    WARN("xmllint not installed: GraphML well-formedness not checked");
    return;
  }
  // A node without a year (a NOTE, a TERM) has no `year`, as JSON has null there; never 0.
  std::smatch key;
  REQUIRE(std::regex_search(xml, key, std::regex(R"re(<key id="(key\d+)" for="node" attr.name="year")re")));
  const std::string year_data = "<data key=\"" + key[1].str() + "\">";
  CHECK(count(xml, year_data + "0<") == 0);
  std::size_t with_year = 0;
  const nlohmann::json exported = nlohmann::json::parse(corpus.run("export").out);
  for (const auto& node : exported["nodes"]) with_year += node["year"].is_null() ? 0 : 1;
  CHECK(with_year > 0);
  CHECK(with_year < nodes);
  CHECK(count(xml, year_data) == with_year);
  RunResult lint = run("xmllint --noout '" + (corpus.path() / "graph.graphml").string() + "'");
  INFO(lint.err);
  CHECK(lint.status == 0);
}

TEST_CASE("query: export --format dot renders with Graphviz", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "export --format dot", "export.dot");
  if (!have("dot")) {
    WARN("Graphviz's dot not installed: DOT output not rendered");
    return;
  }
  RunResult svg = corpus.run("export --format dot | dot -Tsvg");
  INFO(svg.err);
  REQUIRE(svg.status == 0);
  auto [nodes, edges] = lint_counts(corpus);
  CHECK(count(svg.out, "class=\"node\"") == nodes);
  CHECK(count(svg.out, "class=\"edge\"") == edges);
}

TEST_CASE("query: export refuses an unknown format", "[query]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("export --format gml");
  CHECK(r.status == 2);
  CHECK(r.err == "anthology export: --format must be json, graphml, dot, bibtex, csl-json, jsonld or turtle, not 'gml'\n");
}

// Found on a real vault of no paper: "wrote refs.bib (771 nodes, 514 edges)" over an empty file.
TEST_CASE("query: a bibliography's summary counts its papers", "[query]") {
  QueryCorpus corpus;
  CHECK(corpus.run("export --format bibtex --out refs.bib").out == "wrote refs.bib (5 papers)\n");
  CHECK(corpus.run("export --format csl-json --out refs.json").out == "wrote refs.json (5 papers)\n");
  TempDir empty;
  empty.write("Only a page.md", "No paper here.\n");
  RunResult none = run("cd '" + empty.path().string() + "' && '" + anthology_binary().string() + "' export --format bibtex --out refs.bib");
  CHECK(none.out == "wrote refs.bib (0 papers)\n");
}
