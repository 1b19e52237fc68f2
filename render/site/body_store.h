#pragma once
// The bodies the context pass rendered, kept until their pages in an unlinked temporary file. Every
// body is parsed and rendered once (inline parsing takes turns, markdown.cpp), and held in memory
// the bodies would weigh a third of the whole build: about 75 MB at 10,000 notes with glossary links
// as markers (200 MB in full), ten times that at 100,000. Where no temporary file can be made or
// written, a body is simply not kept, and its page renders it again.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace anth::render::site {

class BodyStore {
 public:
  // Room for `count` bodies, by vertex; the file goes into $TMPDIR (or /tmp).
  explicit BodyStore(std::size_t count);
  ~BodyStore();
  BodyStore(const BodyStore&) = delete;
  BodyStore& operator=(const BodyStore&) = delete;

  // Keeps the body of v; from one thread at a time. False when it could not be kept.
  bool put(std::size_t v, const std::string& html);
  // The body of v, when kept; from any thread.
  std::optional<std::string> get(std::size_t v) const;

 private:
  struct Place {
    std::uint64_t offset = 0;
    std::uint64_t length = UINT64_MAX;  // UINT64_MAX: not kept
  };
  int fd_ = -1;
  std::uint64_t end_ = 0;
  std::vector<Place> places_;
};

}  // namespace anth::render::site
