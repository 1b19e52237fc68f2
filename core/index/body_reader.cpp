#include "core/index/body_reader.h"

#include "core/index/sqlite_util.h"

namespace anth::index {

BodyReader::BodyReader(Index index) : index_(std::make_unique<Index>(std::move(index))), turn_(std::make_unique<std::mutex>()) {}

util::Expected<BodyReader> BodyReader::open(const std::filesystem::path& db_path, Snapshot snapshot) {
  auto index = Index::open(db_path, Index::Mode::ReadOnly, Index::Place::Given);
  if (!index) return std::unexpected(index.error());
  // Each body is read once, in order: a page cache would only add to the build's peak.
  detail::exec(index->handle(), "PRAGMA cache_size = -512");
  if (snapshot == Snapshot::one) {
    // A deferred BEGIN takes its snapshot at the first read, so read once now: the bodies are those
    // committed before open() returned, whatever the session's writer commits later.
    if (auto began = detail::exec(index->handle(), "BEGIN; SELECT count(*) FROM (SELECT 1 FROM files LIMIT 1)"); !began)
      return std::unexpected(began.error());
  }
  return BodyReader(std::move(*index));
}

std::optional<BodyText> BodyReader::read(const std::string& path) const {
  std::optional<std::string> text;
  {
    std::lock_guard<std::mutex> lock(*turn_);
    text = index_->load_body_text(path);
  }
  if (!text) return std::nullopt;
  return decode_body(*text);
}

}  // namespace anth::index