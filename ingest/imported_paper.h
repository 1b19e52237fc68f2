#pragma once
// Papers read from a bibliography (BibTeX or CSL-JSON) on their way to becoming LIT notes
// (`anthology import`, docs/cli.md "Exchange"): what each reader makes of an entry, how the batch is
// matched against the corpus, and the note each new paper becomes.
#include <string>
#include <string_view>
#include <vector>

namespace anth::ingest {

struct ImportedPaper {
  std::string key;   // the entry's citation key or CSL id
  int line = 0;      // the line where the entry starts in its file
  std::string title;
  std::vector<std::string> authors;  // "Given Family", a corporate name whole, a trailing "et al."
  int year = 0;
  std::string venue, doi, arxiv, url;
};

struct ImportError {
  int line = 0;
  std::string message;
};

struct ImportBatch {
  std::vector<ImportedPaper> papers;
  std::vector<ImportError> errors;  // entries skipped, with the line of each
};

// Both readers: BibTeX (ingest/bibtex_parser.h; names and LaTeX decoded) and CSL-JSON (Zotero's and
// Better BibTeX's exports: an array of items, or an object with an "items" array).
ImportBatch papers_from_bibtex(std::string_view text);
ImportBatch papers_from_csl_json(std::string_view text);

// The arXiv id in a journal, note, URL or DOI ("arXiv preprint arXiv:1607.06450",
// "https://arxiv.org/abs/1607.06450v2", "10.48550/arXiv.1607.06450"), without its version; empty when none.
std::string arxiv_id_in(std::string_view text);

// The first four-digit number standing alone ("2020", "2020-05-01", "Spring 2020"); 0 when none.
int year_in(std::string_view text);
// A DOI without its resolver or "doi:" prefix.
std::string bare_doi(std::string_view doi);

// A paper of the corpus, for the duplicate check.
struct ExistingPaper {
  std::string id, title, doi, arxiv;
  int year = 0;
  std::vector<std::string> authors;
};

struct PlannedNote {
  ImportedPaper paper;
  std::string id;  // the id planned; `import` takes the next free one if a file appeared meanwhile
};
struct SkippedPaper {
  ImportedPaper paper;
  std::string reason;  // "LIT-640 has the same arXiv id 2010.04245"
};
struct ImportPlan {
  std::vector<PlannedNote> create;
  std::vector<SkippedPaper> skip;
};

// Which papers become notes, with ids counting up from LIT-<next>: never a second note for a paper
// the corpus (or an earlier entry of the batch) has by DOI, arXiv id or title folded (case, accents
// kept, punctuation and spaces removed). A title match is the same work only when the years agree and
// so do the first authors' family names (each unknown on one side agrees): "Memory search" by Shiffrin
// (1970) and by Kahana (2017) are two works.
ImportPlan plan_import(std::vector<ImportedPaper> papers, const std::vector<ExistingPaper>& existing, int next);

// The note's text: frontmatter with every string quoted (an id such as 1607.06450 unquoted would read
// as a number), then a line saying where it came from.
std::string paper_note_text(const ImportedPaper& paper, const std::string& id, const std::string& source);

}  // namespace anth::ingest
