#include "ingest/freshness.h"

#include <sqlite3.h>
#include <xxhash.h>

#include <fstream>
#include <iterator>
#include <string_view>

#include "core/index/index.h"
#include "core/index/sqlite_util.h"
#include "ingest/note_parser.h"
#include "ingest/scan.h"

namespace anth::ingest {

namespace {

std::string meta_folders(sqlite3* db) {
  index::detail::Statement q(db, "SELECT value FROM meta WHERE key = 'folders'");
  if (!q.ready()) return {};
  auto row = q.next();
  return row && *row ? std::string(q.column_text(0)) : std::string();
}

std::int64_t meta_scanned_at(sqlite3* db) {
  index::detail::Statement q(db, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'scanned_ns'");
  if (!q.ready()) return 0;
  auto row = q.next();
  return row && *row ? q.column_int(0) : 0;
}

// Whether a file's bytes still hash to `hash` (the content hash of ingest: XXH3-64 of the bytes).
bool same_content(const std::filesystem::path& file, std::uint64_t hash) {
  std::ifstream in(file, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return in.good() || in.eof() ? XXH3_64bits(bytes.data(), bytes.size()) == hash : false;
}

// Both lists sorted by path (SQLite's binary order is the bytewise order of std::string): one merge.
// A file whose stored stat was taken racily close to the scan is compared by content (index.h).
std::string stale_files(sqlite3* db, const std::filesystem::path& root) {
  const std::int64_t scanned_at = meta_scanned_at(db);
  index::detail::Statement q(db, "SELECT path, size, mtime_ns, ctime_ns, hash FROM files ORDER BY path");
  if (auto ready = q.ready(); !ready) return ready.error();
  std::vector<SourceFile> files = scan_corpus(root);
  std::size_t k = 0, removed = 0;
  while (true) {
    auto row = q.next();
    if (!row) return row.error();
    if (!*row) break;
    std::string_view path = q.column_text(0);
    if (k < files.size() && files[k].path < path) return files[k].path + " is new";
    if (k == files.size() || files[k].path != path) {
      ++removed;
      continue;
    }
    index::CachedFile stored{static_cast<std::uint64_t>(q.column_int(4)), static_cast<std::uint64_t>(q.column_int(1)),
                      q.column_int(2), q.column_int(3)};
    if (stored.size != files[k].size || stored.mtime_ns != files[k].mtime_ns || stored.ctime_ns != files[k].ctime_ns ||
        (index::racily_clean(stored, scanned_at) && !same_content(root / files[k].path, stored.hash)))
      return files[k].path + " changed";
    ++k;
  }
  if (k < files.size()) return files[k].path + " is new";
  if (removed) return std::to_string(removed) + (removed == 1 ? " file removed" : " files removed");
  return {};
}

// An index whose parses another version of the parser made (anthology was upgraded since) holds what
// that version read: the next ingest parses every note again, so a query must not answer before it.
// Every parse of an ingest has one parser version, so one row tells.
std::string other_parser(sqlite3* db) {
  index::detail::Statement q(db, "SELECT json_extract(parse, '$.key') FROM files WHERE parse IS NOT NULL LIMIT 1");
  if (auto ready = q.ready(); !ready) return ready.error();
  auto row = q.next();
  if (!row) return row.error();
  if (!*row) return {};
  const std::string current = "parser " + std::to_string(parser_version) + ";";
  return q.column_text(0).starts_with(current) ? std::string() : "its notes were read by another version of anthology";
}

}  // namespace

std::optional<Freshness> parse_freshness(std::string_view name) {
  if (name == "auto") return Freshness::Auto;
  if (name == "files") return Freshness::Files;
  if (name == "folders") return Freshness::Folders;
  if (name == "off") return Freshness::Off;
  return std::nullopt;
}

std::string staleness(sqlite3* db, const std::filesystem::path& root, Freshness mode) {
  if (mode == Freshness::Off) return {};
  if (std::string other = other_parser(db); !other.empty()) return other;
  std::string stamps = meta_folders(db);
  if (mode == Freshness::Auto)
    mode = !stamps.empty() && stamped_file_count(stamps) > auto_files_limit ? Freshness::Folders : Freshness::Files;
  if (mode == Freshness::Files) return stale_files(db, root);
  return folders_unchanged(root, stamps) ? std::string() : "a folder changed";
}

}  // namespace anth::ingest
