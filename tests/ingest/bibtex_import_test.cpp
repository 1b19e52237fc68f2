// The readers of `anthology import`: the BibTeX grammar's hard cases (ingest/bibtex_parser.h), LaTeX
// decoding (ingest/latex_text.h), names, arXiv ids, CSL-JSON, the duplicate check and the note's YAML.
#include <catch2/catch.hpp>

#include "ingest/bibtex_parser.h"
#include "ingest/imported_paper.h"
#include "ingest/latex_text.h"
#include "ingest/note_parser.h"

using namespace anth::ingest;  // the stage under test

TEST_CASE("bibtex: nested braces, quotes, macros, concatenation and comments", "[ingest][import]") {
  BibFile f = parse_bibtex(
      "junk before the first entry is a comment\n"
      "@STRING{conf = \"Proc. of \"}\n"
      "@string(yr = {20})\n"
      "@comment{ @article{fake, title = {no}} }\n"
      "@preamble{ \"\\newcommand{\\x}{}\" }\n"
      "@Article{k1,\n  Title = {A {Nested {Deep}} \"quoted\" title},\n"
      "  booktitle = conf # {ICML} # \" \" # yr # 24,\n  month = mar,\n  pages = \"1--2, {\"}\",\n}\n"
      "@misc(k2, title = \"with } later\" )\n");
  INFO((f.errors.empty() ? "" : f.errors[0].message));
  REQUIRE(f.errors.size() == 1);  // k2: a closing brace in quotes that no brace opened
  CHECK(f.errors[0].line == 12);
  REQUIRE(f.entries.size() == 1);
  const BibEntry& e = f.entries[0];
  CHECK(e.type == "article");
  CHECK(e.key == "k1");
  CHECK(e.line == 6);
  CHECK(*e.field("title") == "A {Nested {Deep}} \"quoted\" title");
  CHECK(*e.field("booktitle") == "Proc. of ICML 2024");
  CHECK(*e.field("month") == "March");
  CHECK(*e.field("pages") == "1--2, {\"}");
}

TEST_CASE("bibtex: a broken entry is reported at its line, the next one read", "[ingest][import]") {
  BibFile f = parse_bibtex(
      "@article{a, title = {Unclosed {brace}, year = 2020}\n\n"
      "@article{b, title = {Fine}, note = undefined}\n"
      "@article{c title = {no comma}}\n"
      "@article{d, title = {Twice}, title = {Again}}\n"
      "@article{e, title = {Last}, author = {x@y.org}}\n");
  REQUIRE(f.errors.size() == 4);
  CHECK(f.errors[0].line == 1);
  CHECK(f.errors[0].message == "entry 'a' is never closed (the next entry starts on line 3)");
  CHECK(f.errors[1].line == 3);
  CHECK(f.errors[1].message == "undefined macro 'undefined'");
  CHECK(f.errors[2].line == 4);
  CHECK(f.errors[3].message == "field 'title' given twice");
  REQUIRE(f.entries.size() == 1);
  CHECK(f.entries[0].key == "e");
}

TEST_CASE("latex: accents, commands, dashes and braces decode to Unicode", "[ingest][import]") {
  CHECK(latex_to_unicode("{\\\"u}ber M{\\\"u}ller") == "über Müller");
  CHECK(latex_to_unicode("Jos\\'{e} Garc\\'{\\i}a, \\'e, \\`a, \\^o, \\~n, \\c{c}, \\v{S}, \\H{o}, \\k{a}, \\r{a}") ==
        "José García, é, à, ô, ñ, ç, Š, ő, ą, å");
  CHECK(latex_to_unicode("{\\ss} {\\o} {\\AE} \\l{}") == "ß ø Æ ł");
  CHECK(latex_to_unicode("Rock \\& Roll -- 50\\% --- \\emph{very} \\textbf{bold}~here") == "Rock & Roll – 50% — very bold here");
  CHECK(latex_to_unicode("{{GPT}-4}  Technical\n   Report") == "GPT-4 Technical Report");
  CHECK(latex_to_unicode("\\textbackslash{} \\textbraceleft{}x\\textbraceright{} \\$x\\_1\\$") == "\\ {x} $x_1$");
  CHECK(latex_to_unicode("$O(n)$ attention") == "$O(n)$ attention");
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "\\\"{";
  CHECK(latex_to_unicode(deep + "u").size() < 64);  // a hostile nesting is cut short, not recursed into
}

TEST_CASE("bibtex: macros that double themselves stop at a 1 MiB value", "[ingest][import]") {
  std::string bib = "@string{a0 = \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}\n";
  for (int i = 1; i < 40; ++i) bib += "@string{a" + std::to_string(i) + " = a" + std::to_string(i - 1) + " # a" + std::to_string(i - 1) + "}\n";
  bib += "@misc{k, title = a39}\n@misc{ok, title = {Fine}}\n";
  BibFile f = parse_bibtex(bib);
  REQUIRE(!f.errors.empty());
  CHECK(f.errors[0].message == "a value longer than 1 MiB");
  REQUIRE(!f.entries.empty());
  CHECK(f.entries.back().key == "ok");
}

TEST_CASE("bibtex papers: Given Family names, corporate authors, et al., arXiv ids", "[ingest][import]") {
  ImportBatch b = papers_from_bibtex(
      "@article{x, title = {{T}itle}, year = {2016},\n"
      "  author = {Ba, Jimmy Lei and Geoffrey E. Hinton and {{OpenAI}} and {Smith and Sons} and King, Jr, Martin and others},\n"
      "  journal = {arXiv preprint arXiv:1607.06450v2}}\n"
      "@misc{y, title = {E}, eprint = {2303.08774}, archivePrefix = {arXiv}, date = {2023-03-15}}\n"
      "@misc{z, title = {U}, url = {https://arxiv.org/pdf/hep-th/9901001v1.pdf}, doi = {https://doi.org/10.1/A}}\n"
      "@misc{w, author = {Nobody}}\n");
  REQUIRE(b.papers.size() == 3);
  REQUIRE(b.errors.size() == 1);
  CHECK(b.errors[0].line == 6);
  const ImportedPaper& x = b.papers[0];
  CHECK(x.title == "Title");
  CHECK(x.authors == std::vector<std::string>{"Jimmy Lei Ba", "Geoffrey E. Hinton", "OpenAI", "Smith and Sons",
                                              "Martin King Jr", "et al."});
  CHECK(x.arxiv == "1607.06450");
  CHECK(x.venue == "arXiv preprint");
  CHECK(b.papers[1].arxiv == "2303.08774");
  CHECK(b.papers[1].year == 2023);
  CHECK(b.papers[2].arxiv == "hep-th/9901001");
  CHECK(b.papers[2].doi == "10.1/A");
  CHECK(arxiv_id_in("10.48550/arXiv.2010.04245") == "2010.04245");
  CHECK(arxiv_id_in("Journal of arXiv-free results 2010.04245") == "");
}

TEST_CASE("csl-json papers: Zotero names, dates, arXiv numbers, bad items by line", "[ingest][import]") {
  ImportBatch b = papers_from_csl_json(R"([
  {"id": "a", "type": "article", "title": "Layer Normalization",
   "author": [{"family": "Ba", "given": "Jimmy Lei"}, {"literal": "Google DeepMind"},
              {"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"}],
   "issued": {"date-parts": [["2016", 7]]}, "number": "arXiv:1607.06450", "publisher": "arXiv"},
  {"id": "b", "type": "article"},
  {"id": "c", "title": "Typed", "DOI": "10.5/X", "container-title": "Nature", "issued": {"raw": "May 2021"}}
])");
  REQUIRE(b.papers.size() == 2);
  CHECK(b.papers[0].authors == std::vector<std::string>{"Jimmy Lei Ba", "Google DeepMind", "Ludwig van Beethoven"});
  CHECK(b.papers[0].year == 2016);
  CHECK(b.papers[0].arxiv == "1607.06450");
  CHECK(b.papers[0].line == 2);
  CHECK(b.papers[1].venue == "Nature");
  CHECK(b.papers[1].year == 2021);
  REQUIRE(b.errors.size() == 1);
  CHECK(b.errors[0].line == 6);
  ImportBatch bad = papers_from_csl_json("[\n{\"id\": 1,\n}]");
  REQUIRE(bad.errors.size() == 1);
  CHECK(bad.errors[0].line == 3);
}

TEST_CASE("import plan: one note per DOI, arXiv id or folded title, ids counting up", "[ingest][import]") {
  std::vector<ExistingPaper> corpus{{"LIT-640", "Query-Key Normalization for Transformers", "", "2010.04245"},
                                    {"LIT-100", "Other", "10.1/ABC", ""}};
  std::vector<ImportedPaper> papers(5);
  papers[0].title = "query-key normalization, for TRANSFORMERS!";
  papers[1].title = "New";
  papers[1].doi = "10.1/abc";
  papers[2].title = "Also new";
  papers[2].arxiv = "2010.04245";
  papers[3].title = "Fresh";
  papers[4].title = "FRESH";
  ImportPlan plan = plan_import(papers, corpus, 641);
  REQUIRE(plan.create.size() == 1);
  CHECK(plan.create[0].id == "LIT-641");
  REQUIRE(plan.skip.size() == 4);
  CHECK(plan.skip[0].reason == "LIT-640 has the same title");
  CHECK(plan.skip[1].reason == "LIT-100 has the same DOI 10.1/abc");
  CHECK(plan.skip[2].reason == "LIT-640 has the same arXiv id 2010.04245");
  CHECK(plan.skip[3].reason.starts_with("LIT-641"));
}

TEST_CASE("import note: every id and text is a quoted YAML string", "[ingest][import]") {
  ImportedPaper p;
  p.key = "k`[[x]]";
  p.title = "Quote \" back \\ line\nend";
  p.authors = {"A B"};
  p.year = 2016;
  p.arxiv = "1607.06450";
  p.doi = "10.1/x";
  std::string text = paper_note_text(p, "LIT-9", "refs.bib");
  CHECK(text ==
        "---\nid: \"LIT-9\"\ntitle: \"Quote \\\" back \\\\ line\\nend\"\nauthors: [\"A B\"]\nyear: 2016\n"
        "arxiv: \"1607.06450\"\ndoi: \"10.1/x\"\n---\nImported from `refs.bib`, entry `k___x__`.\n");
}

TEST_CASE("import note: every character YAML refuses raw is escaped, and the title reads back", "[ingest][import]") {
  // The C1 controls are Windows-1252 read as Latin-1 ("\u0091place\u0092"): libyaml refuses them raw (S001).
  const std::string title = "Is it \u0091place\u0092?" "\x01\t\n\r\x1f" "\x7f"
                            "\u0080\u0085\u009f\u00a0\u2028\u2029\ufeff\ufffe\uffff";
  ImportedPaper p;
  p.title = title;
  p.authors = {"A \u0092B"};
  std::string text = paper_note_text(p, "LIT-9", "refs.bib");
  CHECK(text.find("title: \"Is it \\x91place\\x92?\\x01\\t\\n\\x0D\\x1F\\x7F\\x80\\N\\x9F\u00a0\\L\\P\ufeff\\uFFFE\\uFFFF\"\n") !=
        std::string::npos);
  anth::ParsedNote parsed = parse_note("lit/LIT-9.md", text);
  for (const anth::Diagnostic& d : parsed.diagnostics) CHECK(d.rule != "S001");
  CHECK(parsed.note.title == title);
  CHECK(parsed.note.authors == p.authors);
}

TEST_CASE("bibtex papers: a chapter with a name is the title, its book the venue", "[ingest][import]") {
  ImportBatch b = papers_from_bibtex(
      "@inbook{a, title = {Mind and Motion}, chapter = {Juggling with the Brain}, publisher = {Elsevier}}\n"
      "@inbook{b, title = {Mind and Motion}, chapter = {12}, publisher = {Elsevier}}\n"
      "@inbook{c, title = {Mind and Motion}, chapter = {Chapter IV}}\n"
      "@inbook{g, title = {Mind and Motion}, chapter = {Mix}}\n"
      "@incollection{d, title = {Memory Search}, booktitle = {Models of Human Memory}, chapter = {3}}\n"
      "@incollection{e, title = {Models of Human Memory}, booktitle = {Models of human memory}, chapter = {Memory Search}}\n"
      "@inbook{f, title = {Memory Search}, booktitle = {Models of Human Memory}, chapter = {Search}}\n");
  REQUIRE(b.papers.size() == 7);
  CHECK(b.papers[0].title == "Juggling with the Brain");
  CHECK(b.papers[0].venue == "Mind and Motion");
  CHECK(b.papers[1].title == "Mind and Motion (chapter 12)");
  CHECK(b.papers[1].venue == "Elsevier");
  CHECK(b.papers[2].title == "Mind and Motion (chapter IV)");
  CHECK(b.papers[3].title == "Mix");
  CHECK(b.papers[4].title == "Memory Search");  // @incollection's title is the chapter's already
  CHECK(b.papers[5].title == "Memory Search");  // unless it is the book's
  CHECK(b.papers[5].venue == "Models of human memory");
  CHECK(b.papers[6].title == "Memory Search");  // biblatex's @inbook: the part's title and a booktitle
}

TEST_CASE("import plan: the same title by another first author or in another year is another work", "[ingest][import]") {
  std::vector<ExistingPaper> corpus{{"LIT-1", "Memory search", "", "", 1970, {"R M Shiffrin"}}};
  auto paper = [](int year, std::vector<std::string> authors, std::string doi = "") {
    return ImportedPaper{.title = "Memory Search", .authors = std::move(authors), .year = year, .doi = std::move(doi)};
  };
  ImportPlan plan = plan_import({paper(1970, {"Shiffrin, R. M."}), paper(0, {"Richard M. Shiffrin Jr"}), paper(1970, {}),
                                 paper(2017, {"M J Kahana"}), paper(1970, {"M J Kahana"}), paper(1971, {"R M Shiffrin"}),
                                 paper(2017, {"Michael Kahana", "et al."})},
                                corpus, 2);
  REQUIRE(plan.create.size() == 3);
  CHECK(plan.create[0].paper.authors[0] == "M J Kahana");
  CHECK(plan.create[0].paper.year == 2017);
  CHECK(plan.create[1].paper.year == 1970);  // Kahana, not Shiffrin
  CHECK(plan.create[2].paper.year == 1971);
  REQUIRE(plan.skip.size() == 4);
  CHECK(plan.skip[0].reason == "LIT-1 has the same title");
  CHECK(plan.skip[1].reason == "LIT-1 has the same title");
  CHECK(plan.skip[2].reason == "LIT-1 has the same title");
  CHECK(plan.skip[3].reason == "LIT-2 (from line 0) has the same title");
}

TEST_CASE("latex: math between $ is kept as written", "[ingest][import]") {
  CHECK(latex_to_unicode("Storage of $7\\pm2$ short-term memories") == "Storage of $7\\pm2$ short-term memories");
  CHECK(latex_to_unicode("amplitude of {$\\gamma$}-oscillations") == "amplitude of $\\gamma$-oscillations");
  CHECK(latex_to_unicode("the $2 \\times 2$ {T}able") == "the $2 \\times 2$ Table");
  CHECK(latex_to_unicode("$$\\sum_{i}\n  x_i$$ and \\(\\mathcal{O}(n^{2})\\) -- \\emph{$\\{a\\$\\}$}") ==
        "$$\\sum_{i} x_i$$ and $\\mathcal{O}(n^{2})$ – $\\{a\\$\\}$");
  CHECK(latex_to_unicode("\\$5 and \\$6, $ unclosed, \\( too") == "$5 and $6, $ unclosed, ( too");
  std::string hostile;
  for (int i = 0; i < 200000; ++i) hostile += "\\(";
  CHECK(latex_to_unicode(hostile).size() == 200000);  // each `\(` read as text once, not searched again
}
