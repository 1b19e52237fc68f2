#pragma once
// The SQLite index at CORPUS/.anthology/index.db: the parse of every file (keyed by content hash, so a
// re-run parses only changed notes), and the derived tables `query --sql` reads: nodes, relations,
// fields, tags, aliases, authors, diagnostics, kernel results and an FTS5 table over titles and bodies.
// The schema is documented in docs/index-schema.md and versioned by PRAGMA user_version.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/model/corpus.h"
#include "core/model/diagnostic.h"
#include "core/model/node_facts.h"
#include "core/model/parsed_note.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::index {

// 3: kernel_results.program; 4: files.body apart from the parse; 5: nodes.node_year; 6: tags.key (a tag's case fold); 7: CJK runs of search as pairs
inline constexpr int index_schema_version = 7;


// What the index remembers of one file, to decide whether it must be parsed again.
struct CachedFile {
  std::uint64_t hash = 0;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::int64_t ctime_ns = 0;
};

// A stat taken this close before the scan that stored it proves nothing: the file may have been
// written again within the same timestamp tick (git's "racy clean"). Such files are compared by
// content hash until a later scan stores their stat again. Wide enough for filesystems that keep
// whole seconds.
inline constexpr std::int64_t racy_window_ns = 2'000'000'000;
// Whether a stored stat was taken within racy_window_ns of the index's scan (Index::scanned_at_ns).
inline bool racily_clean(const CachedFile& f, std::int64_t scanned_at_ns) {
  return f.mtime_ns >= scanned_at_ns - racy_window_ns || f.ctime_ns >= scanned_at_ns - racy_window_ns;
}

// One kernel check's outcome as the index keeps it.
struct StoredKernelResult {
  std::string node;
  std::string kernel;
  bool pass = false;
  std::string claims_json;  // [{"claim":..., "measured":..., "bound":..., "pass":...}]
  std::string compiler;
  std::string checked_at;   // ISO 8601 UTC
  std::string error;        // empty unless it failed to build or run
  std::string program;      // the key of the program that ran (render/kernels/kernel_checks.h)
};

class Index {
 public:
  enum class Mode { ReadWrite, ReadOnly };
  // Where the file is: in the folder this tool keeps for itself (CORPUS/.anthology), where whatever
  // is at the index's name is ours, or at a path the user named, where only a file recognisably our
  // index (its application id, or the tables of an index written before the id) is ours.
  enum class Place { OwnFolder, Given };

  // Opens (creating when ReadWrite) the index. A file of ours of another schema version, one that
  // fails PRAGMA quick_check, or one that is not a database at all is replaced by a fresh one when
  // ReadWrite; `rebuilt()` then tells. Anything else at a Given path is left untouched: the open
  // fails with "... is not an anthology index". Fails with a one-line reason when the folder is unwritable.
  static util::Expected<Index> open(const std::filesystem::path& db_path, Mode mode = Mode::ReadWrite,
                              Place place = Place::Given);

  Index(Index&&) noexcept;
  Index& operator=(Index&&) noexcept;
  ~Index();

  bool rebuilt() const;

  // Every file the index holds a parse of, by path.
  std::unordered_map<std::string, CachedFile> cached_files();
  // When the scan whose stats the index holds began (meta `scanned_ns`); 0 when unknown.
  std::int64_t scanned_at_ns();
  // The cached parse of one file; nullopt when absent or unreadable.
  std::optional<ParsedNote> load_parse(const std::string& path);
  // The encoded parses (decode_parse) of many files in one read transaction; nullopt where absent.
  // Decoding is the caller's, so that it can run on every core. The body column is not read: with
  // `need_body`, a parse whose body is not stored counts as absent (it must be made again).
  std::vector<std::optional<std::string>> load_parse_texts(const std::vector<std::string>& paths, bool need_body = false);
  // The stored body of one file (decode_body), for the site; nullopt when absent. Not thread-safe, like
  // every call on one Index.
  std::optional<std::string> load_body_text(const std::string& path);

  // In one transaction: remembers the parses of `changed` files (path -> parse, with size and mtime),
  // forgets files no longer in the corpus, and rewrites the derived tables from the resolved corpus and
  // all diagnostics. Nothing is left half-written: on failure the previous content stays.
  // A parse, or (parse null) one already encoded by encode_parse with its path, and its body encoded by
  // encode_body. A parse whose body is stored (RenderedBody::stored) or an empty `body` keeps the body the
  // index has: only the stat changed.
  struct FileParse {
    const ParsedNote* parse;
    CachedFile file;
    std::string_view path = {};
    std::string_view encoded = {};
    std::string_view body = {};
    bool no_body = false;  // the parse made no body: the one stored goes too (empty `body` keeps it)
  };
  util::Expected<void> store(const Corpus& corpus, const std::vector<FileParse>& changed,
                       const std::vector<std::string>& present_paths, const std::vector<Diagnostic>& diagnostics,
                       const std::vector<NodeFacts>& facts);  // Graph::node_facts(): one per corpus note
  // Only remembers parses, in a transaction of their own: ingest hands them over in batches during a
  // cold run so that they need not all be held until store(). They are a cache keyed by content,
  // so storing them ahead of the derived tables is never inconsistent.
  util::Expected<void> store_parses(const std::vector<FileParse>& parses);

  util::Expected<void> store_kernel_result(const StoredKernelResult& result);
  // Many in one transaction.
  util::Expected<void> store_kernel_results(const std::vector<StoredKernelResult>& results);
  std::vector<StoredKernelResult> kernel_results();

  sqlite3* handle();

 private:
  struct State;
  explicit Index(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Serialization of a parse for the files table (JSON): everything but the body's html and plain.
std::string encode_parse(const ParsedNote& parse);
// `body_links` false skips the body's links (RenderedBody::links), which only the site uses; `body`
// false skips the markdown body (Note::body_held false): such a parse cannot be encoded again.
std::optional<ParsedNote> decode_parse(std::string_view json, bool body_links = true, bool body = true);
// The markdown body alone of an encoded parse, the rest skipped unread (the full-text table's, for a
// note held without it); nullopt when the text is malformed or has none.
std::optional<std::string> decode_parse_body(std::string_view json);
// The body's html and plain for the column files.body (core/index/body_codec.cpp): a zstd frame of the
// length of the html in decimal, ':', the html, the plain text. decode_body also reads that text
// uncompressed, as indexes written before kept it.
std::string encode_body(const RenderedBody& body);
std::optional<BodyText> decode_body(std::string_view stored);

}  // namespace anth::index