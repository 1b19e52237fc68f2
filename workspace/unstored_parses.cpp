#include "workspace/unstored_parses.h"

#include <sys/stat.h>

#include "core/util/file_times.h"

namespace anth::workspace {

using util::nanoseconds;

std::optional<index::CachedFile> UnstoredParses::stat_of(const std::filesystem::path& file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) return std::nullopt;
  return index::CachedFile{0, static_cast<std::uint64_t>(st.st_size), nanoseconds(st.st_mtim), nanoseconds(st.st_ctim)};
}

void UnstoredParses::remember(const ParsedNote& parse, index::CachedFile stat) {
  stat.hash = parse.note.content_hash;  // 0 for a file that could not be read, as a cold run keeps it
  ingest::LoadedCorpus::FreshParse f{parse.note.path, index::encode_parse(parse), stat, {}};
  const RenderedBody& body = parse.note.rendered;
  if (!body.text_made) f.no_body = true;
  else if (!body.stored) f.body = index::encode_body(body);
  by_path_.insert_or_assign(parse.note.path, std::move(f));
}

std::vector<index::Index::FileParse> UnstoredParses::parses() const {
  std::vector<index::Index::FileParse> out;
  out.reserve(by_path_.size());
  for (const auto& [path, f] : by_path_) out.push_back({nullptr, f.file, f.path, f.encoded, f.body, f.no_body});
  return out;
}

}  // namespace anth::workspace
