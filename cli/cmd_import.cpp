// anthology import bibtex|csl-json FILE [--into DIR] [--dry-run]: one new LIT note per paper of a
// bibliography that the corpus does not have yet (docs/cli.md, "Exchange").
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/query_index.h"
#include "cli/session.h"
#include "core/query/index_corpus.h"
#include "core/query/note_fields.h"
#include "core/util/contained_file.h"
#include "core/util/output_file.h"
#include "core/util/terminal_text.h"
#include "ingest/imported_paper.h"
#include "ingest/text_encoding.h"

namespace anth::cli {

using ingest::ExistingPaper, ingest::ImportBatch, ingest::ImportError, ingest::ImportPlan, ingest::PlannedNote,
    ingest::SkippedPaper;

namespace {

constexpr std::uintmax_t max_input = 64u << 20;

// The number of a "LIT-123" id or file stem; -1 for anything else.
int lit_number(std::string_view id) {
  if (!id.starts_with("LIT-") || id.size() == 4 || id.size() > 13) return -1;
  int n = 0;
  for (char c : id.substr(4)) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

// The corpus's papers (for the duplicate check) and the highest LIT number of the index and of `into`.
util::Expected<std::vector<ExistingPaper>> corpus_papers(const Args& args, const fs::path& into, int& highest) {
  auto db = open_query_index(args);
  if (!db) return std::unexpected(db.error());
  auto g = query::graph_from_index(db->handle());
  if (!g) return std::unexpected(g.error());
  if (auto filled = query::add_note_fields(db->handle(), *g); !filled) return std::unexpected(filled.error());
  std::vector<ExistingPaper> papers;
  for (const Note& n : g->corpus->notes) {
    highest = std::max(highest, lit_number(n.id));
    if (n.kind == Kind::Lit) papers.push_back({n.id, n.title, n.doi, n.arxiv, n.year, n.authors});
  }
  std::error_code ec;
  for (fs::directory_iterator it(into, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".md") highest = std::max(highest, lit_number(it->path().stem().string()));
  return papers;
}

util::Expected<std::string> read_input(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::unexpected("no such file: " + file.string());
  if (fs::file_size(file, ec) > max_input) return std::unexpected(file.string() + " is over 64 MiB; not read");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) return std::unexpected("cannot read " + file.string());
  return text.str();
}

std::string where(const std::string& file, int line) { return util::escape_for_terminal(file) + ":" + std::to_string(line); }

}  // namespace

int run_import(const Args& args) {
  if (args.positionals.size() != 2) return usage_error("import", "expected FORMAT and FILE: import bibtex refs.bib");
  const std::string& format = args.positionals[0];
  const std::string& file = args.positionals[1];
  if (format != "bibtex" && format != "csl-json") return usage_error("import", "FORMAT must be bibtex or csl-json, not '" + format + "'");
  const fs::path root = corpus_root(args);
  if (!fs::is_directory(root)) return usage_error("import", "no corpus folder at " + root.string());
  const fs::path into = args.get("--into") ? fs::path(*args.get("--into")) : root / "lit";
  // The notes go into the user's corpus and nowhere else, whatever links the path goes through.
  if (!util::resolves_inside(util::real_root(root), into)) return usage_error("import", into.string() + " is outside the corpus " + root.string());

  auto bytes = read_input(file);
  if (!bytes) return usage_error("import", bytes.error());
  ingest::DecodedText text = ingest::to_utf8(std::move(*bytes));
  if (!text.encoding.empty())
    std::cerr << "anthology import: " << util::escape_for_terminal(file) << " is not UTF-8; read it as " << text.encoding << "\n";
  ImportBatch batch = format == "bibtex" ? ingest::papers_from_bibtex(text.text) : ingest::papers_from_csl_json(text.text);
  int highest = 0;
  auto existing = corpus_papers(args, into, highest);
  if (!existing) return usage_error("import", existing.error());
  ImportPlan plan = ingest::plan_import(std::move(batch.papers), *existing, highest + 1);

  const bool dry = args.has("--dry-run");
  std::error_code ec;
  if (!dry && !plan.create.empty()) {
    fs::create_directories(into, ec);
    if (ec || !util::resolves_inside(util::real_root(root), into)) return usage_error("import", "cannot use " + into.string() + (ec ? ": " + ec.message() : ""));
  }
  int next = highest + 1;  // the plan's ids, unless a file took one meanwhile: then the next number
  for (const PlannedNote& note : plan.create) {
    int number = std::max(next, lit_number(note.id));
    std::string id = "LIT-" + std::to_string(number);
    fs::path path = into / (id + ".md");
    while (!dry) {
      auto made = util::create_new_file(path, ingest::paper_note_text(note.paper, id, fs::path(file).filename().string()));
      if (!made) return usage_error("import", made.error());
      if (*made) break;
      id = "LIT-" + std::to_string(++number);
      path = into / (id + ".md");
    }
    next = number + 1;
    std::cout << (dry ? "would create " : "created ") << util::escape_for_terminal(path.lexically_relative(root).generic_string())
              << " from " << where(file, note.paper.line) << ": " << util::escape_for_terminal(note.paper.title) << "\n";
  }
  for (const SkippedPaper& s : plan.skip)
    std::cout << "skipped " << where(file, s.paper.line) << " '" << util::escape_for_terminal(s.paper.key) << "': " << util::escape_for_terminal(s.reason) << "\n";
  for (const ImportError& e : batch.errors) std::cout << where(file, e.line) << ": error: " << util::escape_for_terminal(e.message) << "\n";
  std::cout << plan.create.size() << (dry ? " to create, " : " created, ") << plan.skip.size() << " skipped as duplicates, "
            << batch.errors.size() << " with errors\n";
  return batch.errors.empty() ? 0 : 1;
}

}  // namespace anth::cli
