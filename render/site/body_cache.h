#pragma once
// What the context pass learnt from each body (its text, links with excerpts, glossary terms),
// remembered between builds in .anthology/site-bodies.bin so that an unchanged body is not parsed
// again: at 10,000 notes the pass is most of a build that changed one note.
//
// An entry is used only when the note's content is the same, everything all bodies share is the same
// (`context`: the glossary, the options, the program), and every reference the body resolved last
// time still resolves to the same note with the same title and kind. The references are kept as the
// queries the body made, and replayed (`replay`) against this build's notes.
//
// The file is read entry by entry as the pass asks (pread, from any thread), and the next build's
// file is written beside it as the pass goes, then renamed over it: memory does not grow with the
// corpus. A missing, foreign or damaged file is an empty cache; failing to write one costs only time.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "render/site/markdown.h"

namespace anth::site {

class BodyCache {
 public:
  BodyCache() = default;  // off: finds nothing, keeps nothing
  BodyCache(std::filesystem::path file, std::uint64_t context);
  ~BodyCache();
  BodyCache(const BodyCache&) = delete;
  BodyCache& operator=(const BodyCache&) = delete;

  // The body of `path` as last rendered (without HTML), when its content hash and context match and
  // `replay(queries)` gives back the dependency hash it had. Thread-safe.
  std::optional<RenderedBody> find(const std::string& path, std::uint64_t content_hash,
                                   const std::function<std::uint64_t(std::string_view queries)>& replay) const;
  // Records a body for the next build; from one thread at a time.
  void add(const std::string& path, std::uint64_t content_hash, std::uint64_t dependencies, std::string_view queries,
           const RenderedBody& body);
  // Puts the next build's file in place. False when it could not be written.
  bool save();

  std::size_t hits() const { return hits_; }

 private:
  struct Entry {
    std::uint64_t content_hash = 0, dependencies = 0, offset = 0, length = 0;
  };
  std::filesystem::path file_, next_;
  std::uint64_t context_ = 0;
  int in_ = -1, out_ = -1;
  std::unordered_map<std::string, Entry> old_;
  std::vector<std::pair<std::string, Entry>> new_;
  std::uint64_t written_ = 0;
  bool broken_ = false;
  mutable std::atomic<std::size_t> hits_{0};
};

}  // namespace anth::site
