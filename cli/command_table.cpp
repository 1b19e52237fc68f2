// The command table: one row per command, in the order `anthology --help` lists them. A row is the
// whole contract of its command's command line (docs/cli.md): help, parsing and the completion scripts
// are generated from it; its handler is in cli/cmd_<name>.cpp.
#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/toolchain.h"
#include "cli/vocabulary.h"

namespace anth::cli {

// The handlers, one per row (cli/cmd_<name>.cpp).
int run_build(const Args&), run_lint(const Args&), run_query(const Args&), run_show(const Args&),
    run_path(const Args&), run_neighbors(const Args&), run_origin(const Args&), run_kernels(const Args&),
    run_export(const Args&), run_import(const Args&), run_completion(const Args&), run_serve(const Args&),
    run_lsp(const Args&);

namespace {

using C = Completion;

std::vector<FlagSpec> with(std::vector<FlagSpec> flags, const std::vector<FlagSpec>& more) {
  flags.insert(flags.end(), more.begin(), more.end());
  return flags;
}

// table: every command's row, in --help order (the one-line preamble names the shared completions).
std::vector<Command> rows() {
  const C ids = C::node_ids(), text_json = C::fixed({"text", "json"}), table_formats = C::fixed({"table", "json", "csv", "ids"});
  return {
      {"build", "ingest, lint and render the site", "[--out DIR] [--strict] [OPTIONS]",
       "Ingests and checks the corpus and writes it as a static site: one page per node, listings,\n"
       "tags, glossary, graph, provenance report, kernel index and search. The site works from\n"
       "file:// and any static server. It is written beside DIR and swapped in at the end, so a\n"
       "failed build leaves the previous site whole; unchanged pages are not rewritten. Kernels whose\n"
       "result is missing or stale are compiled and run first, once per distinct program, with\n"
       "--cxx/--cxxflags, else $CXX/$CXXFLAGS; a kernel that fails is a result, not a failed build.\n"
       "Exit status: 0 built, 1 lint errors with --strict, 2 the build could not run.",
       with({{"--out", "DIR", "the site folder (default: [site] out of anthology.toml, inside the corpus; else ./site)", C::dirs()},
        {"--strict", "", "fail (exit 1, keeping the previous site) when lint finds any error"},
        {"--watch", "", "after building, rebuild whenever a note changes, until interrupted"},
        {"--unsafe-html", "", "keep raw HTML of notes as HTML (trusted corpora only; escaped by default)"},
        {"--no-kernels", "", "do not compile and run the kernels whose result is missing or stale"}},
            toolchain_flags()),  // for the kernels
       {},
       {"anthology build", "anthology build --out public", "anthology build --strict --corpus data"},
       run_build},

      {"serve", "serve the site over HTTP, patched and reloaded as notes change", "[--port N] [--host ADDR] [--open]",
       "Loads the corpus once and serves its site from memory at http://127.0.0.1:8000/ (GET and\n"
       "HEAD only). When a note is saved, only that note is parsed again, the links, graph and\n"
       "findings follow, and a page open in a browser reloads itself when the edit changed it.\n"
       "It prints the URL when ready and a line per rebuild; Ctrl-C stops it. The site `build`\n"
       "writes has no reload script. A --host other than this machine's is warned about.\n"
       "Exit status: 0 stopped, 2 serve could not start (no corpus, the port taken).",
       {{"--port", "N", "the port to listen on (default 8000; 0: any free port, printed)"},
        {"--host", "ADDR", "the address to listen on (default 127.0.0.1, this machine only)"},
        {"--open", "", "open the site in the desktop's browser (xdg-open) once it is served"},
        {"--unsafe-html", "", "keep raw HTML of notes as HTML (trusted corpora only; escaped by default)"}},
       {},
       {"anthology serve", "anthology serve --open", "anthology serve --port 0 --corpus ~/anthology"},
       run_serve},

      {"lsp", "a language server for editors: diagnostics, links, completion, rename", "[--corpus DIR]",
       "Speaks the Language Server Protocol 3.17 over stdin and stdout, for the corpus of the\n"
       "editor's workspace folder (or --corpus): lint findings as you type, go to definition, hover,\n"
       "completion of links and relation ids, references, headings, rename of an id and quick fixes.\n"
       "An editor starts it; docs/editors.md shows how. Messages it cannot use are logged on stderr.\n"
       "Exit status: 0 after the client's shutdown and exit, 1 an exit without shutdown or the input ended.",
       {{"--rules-url", "URL", "where the rule docs are linked from diagnostics (default: files written beside the index)"},
        {"--unsafe-html", "", "keep raw HTML of notes as HTML (trusted corpora only; escaped by default)"}},
       {},
       {"anthology lsp", "anthology lsp --corpus ~/anthology"},
       run_lsp},

      {"lint", "check the corpus against the rules", "[OPTIONS] [PATH...]",
       "Checks the corpus against the structure, reference, provenance and kernel rules.\n"
       "PATHs limit the report to those notes or folders; the graph is always whole.\n"
       "--run-kernels compiles with --cxx/--cxxflags, else $CXX/$CXXFLAGS (never anthology.toml).\n"
       "Exit status: 0 no error, 1 errors (or too many warnings), 2 lint could not run.",
       with({{"--format", "FORMAT", "text (default), json or sarif", C::fixed({"text", "json", "sarif"})},
             {"--max-warnings", "N", "fail (exit 1) when more than N warnings are found"},
             {"--run-kernels", "", "also compile and run the reference kernels (K003)"},
             {"--explain", "RULE", "print a rule's documentation and exit"}},
            toolchain_flags()),  // for --run-kernels
       {C::paths()},
       {"anthology lint", "anthology lint --format sarif > lint.sarif", "anthology lint sota/SOTA-192.md",
        "anthology lint --max-warnings 0", "anthology lint --explain P001"},
       run_lint},

      {"query", "find notes by kind, tag, status, origin, year or text; or run read-only SQL",
       "[FILTERS] [--format table|json|csv|ids] | --sql \"SELECT ...\"",
       "Finds nodes in the index: every filter given must hold. The answer comes from the index at\n"
       "CORPUS/.anthology/index.db, brought up to date first when a note changed.\n"
       "The table fits the terminal ($COLUMNS, else the terminal's width, else 100 columns).\n"
       "--sql runs one statement on a read-only connection (tables nodes, relations, fields, tags,\n"
       "aliases, authors, diagnostics, kernel_results, search; views practices, relations_named, lit):\n"
       "reads only, within --timeout and --max-rows; rows are printed as they come.\n"
       "Exit status: 0 something matched, 1 nothing matched (like grep) or an --introduced-by/--source\n"
       "id names no node, 2 bad usage, a refused, failing or stopped SQL statement, or no usable index.",
       {{"--kind", "KIND", "lit, note, sota, theory, term or page (repeat or comma-separate for any of them)",
         C::fixed(kind_words()), true},
        {"--tag", "TAG", "nodes with this tag, in any case (repeat for all of them; #tag works too)", C::node_tags(), true},
        {"--status", "STATUS", "adopted, candidate, read, ... (repeat or comma-separate for any of them)",
         C::fixed(status_words()), true},
        {"--introduced-by", "ID", "practices whose introduced_by is this paper", C::node_ids({"lit"})},
        {"--source", "ID", "nodes with this id in their source", C::node_ids({"lit"})},
        {"--year", "RANGE", "2020..2023, 2020.., ..2023 or 2021: the node's year (a SOTA's is its origin's)"},
        {"--contested", "", "nodes with status contested or any contested_by"},
        {"--text", "TEXT", "full-text search of titles, bodies and authors, ranked; \"quoted phrase\", prefix*"},
        {"--sort", "KEY",
         "id (default), title, year, status or relevance (default with --text);\n"
         "-KEY reverses it (-year: newest first; nodes without a year stay last)",
         C::fixed({"id", "title", "year", "status", "relevance"})},
        {"--limit", "N", "at most N results"},
        {"--format", "FORMAT", "table (default), json, csv or ids", table_formats},
        {"--sql", "SQL", "run one read-only SQL statement over the index (docs/index-schema.md)"},
        {"--timeout", "SECONDS", "stop --sql after this long (default: 10)"},
        {"--max-rows", "N", "stop --sql after N rows (default: 100000)"},
        freshness_flag()},
       {},
       {"anthology query --kind sota --status adopted", "anthology query --tag model-stability --year 2020..2023",
        "anthology query --introduced-by LIT-640 --format ids", "anthology query --kind sota --contested --format json",
        "anthology query --text \"entropy collapse\" --limit 5",
        "anthology query --kind lit --sort year --format csv > papers.csv",
        "anthology query --kind lit --sort -year --limit 10", "anthology query --text \"normaliz*\"",
        "anthology query --sql \"SELECT id, title FROM practices WHERE contested = 1\"",
        "anthology query --sql \"SELECT kind, COUNT(*) AS n FROM nodes GROUP BY kind\" --format json",
        "anthology query --sql \"SELECT src, dst FROM relations\" --format csv --max-rows 1000000 --timeout 60"},
       run_query},

      {"show", "one node: properties, relations both ways, readings, kernel", "ID [--format text|json]",
       "Shows one node: kind, title, citation, status, tags, every property as written, its\n"
       "relations both ways with the other end's title, its readings, its kernel's last result and\n"
       "the lint findings in its file. Answered from the index (refreshed first when a note changed).\n"
       "Exit status: 0 shown, 1 no node has that id, 2 bad usage or no usable index.",
       {{"--format", "FORMAT", "text (default) or json", text_json}, freshness_flag()},
       {ids},
       {"anthology show SOTA-192", "anthology show LIT-640 --format json", "anthology show qk-norm --corpus ~/anthology"},
       run_show},

      {"path", "the shortest chain of relations between two nodes", "A B [--via RELATIONS] [--format text|json]",
       "Prints the shortest chain of relations from node A to node B, following each relation\n"
       "in either direction: '-[source]->' is a relation written in the node before it, '<-[paper]-'\n"
       "one written in the node after it.\n"
       "Exit status: 0 a path was found, 1 no path or no node of that id, 2 bad usage.",
       {{"--via", "RELATIONS", "follow only these relations (comma-separated: source,cites,mentions)",
         C::fixed(relation_words()), true},
        {"--format", "FORMAT", "text (default) or json", text_json},
        freshness_flag()},
       {ids},
       {"anthology path SOTA-192 LIT-008", "anthology path NOTE-058 LIT-640 --via paper,introduced_by,source",
        "anthology path SOTA-050 SOTA-192 --format json"},
       run_path},

      {"neighbors", "the neighborhood of a node", "ID [--depth N] [--relation R] [--format table|json|csv|ids]",
       "Lists the node and every node within N relations of it, following relations either\n"
       "way, nearest first. VIA tells how each was reached: 'SOTA-192 -source->' is a relation\n"
       "written in SOTA-192, 'SOTA-192 <-paper-' one written in the node listed.\n"
       "Exit status: 0 listed, 1 no node of that id, 2 bad usage.",
       {{"--depth", "N", "how many relations away (default 1)"},
        {"--relation", "RELATIONS", "follow only these relations (repeat or comma-separate)", C::fixed(relation_words()), true},
        {"--format", "FORMAT", "table (default), json, csv or ids", table_formats},
        freshness_flag()},
       {ids},
       {"anthology neighbors SOTA-192", "anthology neighbors LIT-640 --depth 2",
        "anthology neighbors LIT-008 --relation cites,source --format ids", "anthology neighbors SOTA-192 --format json"},
       run_neighbors},

      {"origin", "a practice's provenance: origin, earliest linked papers, readings, contests",
       "SOTA-ID [--format text|json]",
       "Traces a practice's provenance: the paper it is introduced by, every paper linked to it\n"
       "earliest first with how each is linked (its source, a THEORY's source, a NOTE's paper, a mention:\n"
       "the papers of rule P001), the readings of the origin and what they decline to claim\n"
       "(declines_origin_of), the notes hedging on this practice, what contests it, and its lint findings.\n"
       "Exit status: 0 shown, 1 no node has that id, 2 bad usage, not a practice, or no usable index.",
       {{"--format", "FORMAT", "text (default) or json", text_json}, freshness_flag()},
       {C::node_ids({"sota"})},
       {"anthology origin SOTA-192", "anthology origin SOTA-192 --format json | jq '.linked_papers[0]'"},
       run_origin},

      {"kernels", "list, emit and check the reference kernels",
       "list | emit [ID...] [--out DIR] [--force] | check [ID...] [--cxx COMMAND] [--cxxflags FLAGS] |\n"
       "       mutate [ID|KERNEL...] [--cxx COMMAND] [--cxxflags FLAGS]",
       "The reference kernels: each practice's technique as a small C++17 program that checks the\n"
       "practice's claim on seeded data beside a control without it.\n"
       "  list   every kernel with its parameters and the nodes that use it\n"
       "  emit   write one self-contained program per node (all nodes with a kernel, or the IDs)\n"
       "  check  compile and run them, keep each result in the index, report failures as K003\n"
       "  mutate run each kernel's catalogue of wrong implementations: every one must fail a claim\n"
       "The compiler and its flags come from --cxx/--cxxflags, else $CXX/$CXXFLAGS, never from\n"
       "the corpus: anthology.toml's [kernels] compiler and flags are ignored (a finding, S004).\n"
       "Exit status: 0 every claim held (every mutant caught); 1 a claim failed, a node's kernel\n"
       "request has a lint error, an ID has no kernel, or a mutant survived; 2 no compiler (or the one\n"
       "named by --cxx or $CXX cannot be run), or a kernel did not compile.",
       with({{"--out", "DIR", "where emit writes DIR/kernels/<id>/<kernel>.cpp (default: .)", C::dirs()},
             {"--force", "", "let emit replace files it did not write (never through a symbolic link)"}},
            toolchain_flags()),  // for check and mutate
       {C::fixed({"list", "emit", "check", "mutate"}), C::node_ids({"sota", "theory"})},
       {"anthology kernels list", "anthology kernels emit SOTA-192 --out /tmp/k", "anthology kernels check",
        "CXX=clang++ anthology kernels check SOTA-050", "anthology kernels check --cxx g++ --cxxflags=\"-O1 -g\"",
        "anthology kernels mutate qk_norm"},
       run_kernels},

      {"export", "the whole graph as JSON, GraphML, DOT or linked data; the papers as a bibliography",
       "[--format json|graphml|dot|bibtex|csl-json|jsonld|turtle] [--out FILE]",
       "Writes the whole graph: every node in the graph (id, kind, title, year, status) and every\n"
       "resolved relation (relation, file, line). GraphML opens in Gephi, yEd and Neo4j's import;\n"
       "DOT renders with Graphviz (nodes coloured by kind, edges labelled by relation).\n"
       "bibtex and csl-json write one entry per paper (LIT note), keyed by its id, with every field\n"
       "it has; turtle and jsonld write the graph as linked data: papers as schema.org\n"
       "ScholarlyArticles, relations as CiTO citations (docs/linked-data.md).",
       {{"--format", "FORMAT", "json (default), graphml, dot, bibtex, csl-json, jsonld or turtle",
         C::fixed({"json", "graphml", "dot", "bibtex", "csl-json", "jsonld", "turtle"})},
        {"--out", "FILE",
         "write to FILE instead of standard output (a file is replaced whole;\n"
         "a pipe, a device or a link's target is written through)",
         C::paths()},
        freshness_flag()},
       {},
       {"anthology export --format json | jq '.nodes | length'", "anthology export --format graphml --out anthology.graphml",
        "anthology export --format dot | dot -Tsvg > graph.svg", "anthology export --format bibtex --out papers.bib",
        "anthology export --format turtle --out anthology.ttl"},
       run_export},

      {"import", "create LIT notes from a BibTeX or CSL-JSON bibliography", "bibtex|csl-json FILE [--into DIR] [--dry-run]",
       "Creates one LIT note per entry of FILE (BibTeX, or CSL-JSON as Zotero and Better BibTeX export\n"
       "it) in the corpus's lit/ folder, numbered from the next free LIT id: title, authors as\n"
       "\"Given Family\" (LaTeX decoded, corporate names whole), year, venue, DOI, arXiv id, URL.\n"
       "An entry the corpus already has (same DOI, arXiv id or title) is skipped, an existing\n"
       "note is never rewritten, and an entry with an error is reported with its line and skipped.\n"
       "Exit status: 0 imported, 1 some entries had errors, 2 import could not run.",
       {{"--into", "DIR", "the folder of the new notes (default: CORPUS/lit); it must be inside the corpus", C::dirs()},
        {"--dry-run", "", "print what would be created and skipped, and write nothing"}},
       {C::fixed({"bibtex", "csl-json"}), C::paths()},
       {"anthology import bibtex refs.bib --dry-run", "anthology import bibtex refs.bib",
        "anthology import csl-json zotero.json --corpus ~/anthology --into ~/anthology/lit/zotero"},
       run_import},

      {"completion", "print a shell completion script (bash or zsh)", "bash|zsh",
       "Prints a completion script for the shell, generated from the command table: commands, flags,\n"
       "their values, and node ids and tags where a command takes them.\n"
       "The scripts ask 'anthology completion ids [KIND...]' and 'anthology completion tags'\n"
       "for those: they read the index as the last command left it, never update or create it,\n"
       "and answer nothing when there is no index or it takes longer than 200 ms.",
       {},
       {C::fixed({"bash", "zsh"})},
       {"source <(anthology completion bash)              # in ~/.bashrc",
        "anthology completion zsh > ~/.zfunc/_anthology   # with fpath+=(~/.zfunc) before compinit"},
       run_completion},
  };
}

}  // namespace

const std::vector<Command>& command_table() {
  static const std::vector<Command> table = rows();
  return table;
}

}  // namespace anth::cli
