#pragma once
// Whether a file may be replaced by a fresh index: only a file that is recognisably ours. An index
// carries PRAGMA application_id = index_application_id in its header; an index written before the
// id existed is recognised by a schema version from 1 to the current one and its tables. Private to
// core/index.
#include <cstdint>
#include <filesystem>

namespace anth::index::detail {

// "ANTH" in ASCII, big-endian, as SQLite stores it at offset 68 of the header.
inline constexpr std::uint32_t index_application_id = 0x414E5448;

enum class FileKind {
  Absent,   // no file, or an empty one: a fresh index may be created there
  Ours,     // an index of ours, damaged or not, of any schema version
  Foreign,  // anything else: another program's database, a text file, a note
};

// Reads the file's header, and for a database without our id there, asks SQLite (read-only): the
// header of a fresh index in WAL mode is blank until the first checkpoint. Writes nothing.
FileKind classify_index_file(const std::filesystem::path& path);

}  // namespace anth::index::detail
