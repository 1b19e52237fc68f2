// anthology export --format bibtex | csl-json | turtle | jsonld, read back with real parsers: Debian's
// python3-rdflib and python3-bibtexparser (through tests/query/parse_export.py) and nlohmann/json, and
// checked against the query fixture corpus, with a paper whose title is hostile to every format.
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

#include "tests/query/query_fixture.h"

using namespace anth::test;

namespace {

// YAML's escapes make a title with quotes, braces, a backslash, non-ASCII and a line break.
constexpr const char* hostile_note =
    "---\nid: LIT-777\ntitle: \"She said \\\"{Über}\\\" \\\\ 50% & $x_1$~^#\\nsecond line\"\n"
    "authors: [Ada Lovelace, \"Smith, Jones and Co\", et al.]\nyear: 2021\ndoi: \"10.1000/a<b>\"\n"
    "venue: Journal of Hostile Titles\nurl: https://example.org/x y\n---\nA paper.\n";
constexpr const char* hostile_title = "She said \"{Über}\" \\ 50% & $x_1$~^#\nsecond line";

const std::string node = "https://anthology.invalid/node/";
const std::string cito = "http://purl.org/spar/cito/";
const std::string schema = "https://schema.org/";

// Debian's python3-* packages are modules of Debian's own interpreter, which a python3 earlier on PATH
// (a pyenv shim, a venv) would not see.
bool have_python_module(const std::string& module) {
  return run("/usr/bin/python3 -c 'import " + module + "' 2>/dev/null").status == 0;
}

// The export of `format` written into the corpus, then `parse_export.py ARGS` on it, as JSON.
nlohmann::json parsed(const QueryCorpus& corpus, const std::string& format, const std::string& mode) {
  RunResult r = corpus.run("export --format " + format + " --out export.out");
  INFO(r.err);
  REQUIRE(r.status == 0);
  RunResult p = run("/usr/bin/python3 '" + (source_dir() / "tests/query/parse_export.py").string() + "' " + mode + " '" +
                    (corpus.path() / "export.out").string() + "'");
  INFO(p.err);
  REQUIRE(p.status == 0);
  return nlohmann::json::parse(p.out);
}

void add_hostile_paper(const QueryCorpus& corpus) { std::ofstream(corpus.path() / "lit" / "LIT-777.md") << hostile_note; }

using TripleSet = std::set<std::array<std::string, 3>>;
TripleSet triples(const nlohmann::json& j) {
  TripleSet set;
  for (const auto& t : j) set.insert({t[0].get<std::string>(), t[1].get<std::string>(), t[2].get<std::string>()});
  return set;
}

}  // namespace

TEST_CASE("export: turtle read by rdflib has the relations as CiTO", "[query][export]") {
  if (!have_python_module("rdflib")) {
    WARN("TEST SKIPPED: python3-rdflib not installed (scripts/install-deps.sh installs it)");
    return;
  }
  QueryCorpus corpus;
  add_hostile_paper(corpus);
  TripleSet t = triples(parsed(corpus, "turtle", "rdf turtle"));
  // SOTA-192's sources, from its frontmatter and its inline field, as the practice citing its sources.
  CHECK(t.contains({node + "SOTA-192", cito + "citesAsSourceDocument", node + "LIT-640"}));
  CHECK(t.contains({node + "SOTA-192", cito + "citesAsSourceDocument", node + "LIT-523"}));
  CHECK(!t.contains({node + "LIT-640", cito + "citesAsSourceDocument", node + "SOTA-192"}));
  CHECK(t.contains({node + "SOTA-192", cito + "credits", node + "LIT-640"}));
  // SOTA-319 contested_by LIT-521: the practice is disputed by the paper, the paper disputes it.
  CHECK(t.contains({node + "SOTA-319", cito + "isDisputedBy", node + "LIT-521"}));
  CHECK(t.contains({node + "LIT-521", cito + "disputes", node + "SOTA-319"}));
  CHECK(t.contains({node + "SOTA-192", "http://www.w3.org/1999/02/22-rdf-syntax-ns#type",
                    "https://anthology.invalid/vocab#Practice"}));
  std::size_t papers = 0;
  for (const auto& [s, p, o] : t) papers += p.ends_with("#type") && o == schema + "ScholarlyArticle";
  CHECK(papers == 6);  // the five LIT notes of the fixture and LIT-777
  CHECK(t.contains({node + "LIT-640", schema + "identifier", "arXiv:2010.04245"}));
  CHECK(t.contains({node + "LIT-640", schema + "datePublished", "2020"}));
  // Every character of the hostile title survives; the DOI's and the URL's unsafe characters are encoded.
  CHECK(t.contains({node + "LIT-777", schema + "name", hostile_title}));
  CHECK(t.contains({node + "LIT-777", schema + "sameAs", "https://doi.org/10.1000/a%3Cb%3E"}));
  CHECK(t.contains({node + "LIT-777", schema + "url", "https://example.org/x%20y"}));
}

TEST_CASE("export: jsonld read by rdflib is self-contained and equals turtle", "[query][export]") {
  if (!have_python_module("rdflib")) {
    WARN("TEST SKIPPED: python3-rdflib not installed (scripts/install-deps.sh installs it)");
    return;
  }
  QueryCorpus corpus;
  add_hostile_paper(corpus);
  REQUIRE(corpus.run("export --format jsonld --out graph.jsonld").status == 0);
  REQUIRE(corpus.run("export --format turtle --out graph.ttl").status == 0);
  auto doc = nlohmann::json::parse(read_file(corpus.path() / "graph.jsonld"));
  CHECK(doc["@context"].is_object());  // inline: no remote context to fetch
  RunResult same = run("/usr/bin/python3 '" + (source_dir() / "tests/query/parse_export.py").string() + "' same '" +
                       (corpus.path() / "graph.jsonld").string() + "' json-ld '" + (corpus.path() / "graph.ttl").string() +
                       "' turtle");
  INFO(same.err);
  CHECK(same.out == "true\n");
  TripleSet t = triples(parsed(corpus, "jsonld", "rdf json-ld"));
  CHECK(t.contains({node + "SOTA-192", cito + "citesAsSourceDocument", node + "LIT-640"}));
  CHECK(t.contains({node + "LIT-777", schema + "name", hostile_title}));
}

TEST_CASE("export: bibtex read by bibtexparser has each paper and its fields", "[query][export]") {
  if (!have_python_module("bibtexparser")) {
    WARN("TEST SKIPPED: python3-bibtexparser not installed (scripts/install-deps.sh installs it)");
    return;
  }
  QueryCorpus corpus;
  add_hostile_paper(corpus);
  nlohmann::json entries = parsed(corpus, "bibtex", "bibtex");
  std::map<std::string, nlohmann::json> by_key;
  for (const auto& e : entries) by_key[e["ID"].get<std::string>()] = e;
  CHECK(by_key.size() == 6);
  REQUIRE(by_key.contains("LIT-640"));
  const auto& qk = by_key["LIT-640"];
  CHECK(qk["ENTRYTYPE"] == "inproceedings");
  CHECK(qk["title"] == "Query-Key Normalization for Transformers");
  CHECK(qk["author"] == "Henry and Dachapally and Pawar and Chen");
  CHECK(qk["year"] == "2020");
  CHECK(qk["eprint"] == "2010.04245");
  CHECK(qk["archiveprefix"] == "arXiv");
  REQUIRE(by_key.contains("LIT-777"));
  const auto& h = by_key["LIT-777"];
  CHECK(h["ENTRYTYPE"] == "article");
  CHECK(h["title"] == "She said \"\\textbraceleft{}Über\\textbraceright{}\" \\textbackslash{} 50\\% \\& \\$x\\_1\\$"
                      "\\textasciitilde{}\\textasciicircum{}\\# second line");
  CHECK(h["author"] == "Ada Lovelace and {Smith, Jones and Co} and others");
  CHECK(h["journal"] == "Journal of Hostile Titles");
}

TEST_CASE("export: csl-json has one item per paper with its fields", "[query][export]") {
  QueryCorpus corpus;
  add_hostile_paper(corpus);
  RunResult r = corpus.run("export --format csl-json");
  REQUIRE(r.status == 0);
  auto items = nlohmann::json::parse(r.out);
  REQUIRE(items.size() == 6);
  nlohmann::json qk, h;
  for (const auto& item : items) {
    if (item["id"] == "LIT-640") qk = item;
    if (item["id"] == "LIT-777") h = item;
  }
  CHECK(qk["type"] == "paper-conference");
  CHECK(qk["author"][0]["family"] == "Henry");
  CHECK(qk["issued"]["date-parts"][0][0] == 2020);
  CHECK(qk["number"] == "arXiv:2010.04245");
  CHECK(h["title"] == hostile_title);
  CHECK(h["author"][0] == nlohmann::json{{"family", "Lovelace"}, {"given", "Ada"}});
  CHECK(h["DOI"] == "10.1000/a<b>");
  CHECK(h["type"] == "article-journal");
}

// Found on a real bibliography: the BibTeX, CSL-JSON, the authors table and `show` had one "H Wang"
// of the BitNet paper's two.
TEST_CASE("export: authors who share a name are each in the record", "[query][export]") {
  QueryCorpus corpus;
  std::ofstream(corpus.path() / "lit" / "LIT-778.md")
      << "---\nid: LIT-778\ntitle: \"BitNet: scaling 1-bit transformers\"\nauthors: [H Wang, S Ma, H Wang, L Ma]\nyear: 2023\n---\nA paper.\n";
  RunResult csl = corpus.run("export --format csl-json");
  REQUIRE(csl.status == 0);
  std::vector<std::string> families;
  for (const auto& item : nlohmann::json::parse(csl.out))
    if (item["id"] == "LIT-778")
      for (const auto& a : item["author"]) families.push_back(a["family"].get<std::string>());
  CHECK(families == std::vector<std::string>{"Wang", "Ma", "Wang", "Ma"});
  RunResult rows = corpus.run("query --sql \"SELECT group_concat(name, '|') FROM (SELECT name FROM authors WHERE node = 'LIT-778' ORDER BY position)\" --format csv");
  INFO(rows.err);
  CHECK(rows.out.find("H Wang|S Ma|H Wang|L Ma") != std::string::npos);
  RunResult bib = corpus.run("export --format bibtex");
  CHECK(bib.out.find("H Wang and S Ma and H Wang and L Ma") != std::string::npos);
}
