#pragma once
// Skipping a build that would write nothing. A build remembers, in CORPUS/.anthology/build-<hash of the site folder>.stamp, a
// hash of everything a site is made from -- every note's path, size and mtime, anthology.toml, the
// kernel results in the index, the binary itself and the options -- and the modification times of the
// site folder it wrote and of its subfolders, and the size and mtime of every file the site's manifest
// lists. The next build compares both before ingesting anything: a folder walk and a stat per site
// file instead of a build. Any difference, a page deleted from or edited in the site included, and the
// build runs as usual (and rewrites a damaged page: site_writer.h).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace anth::cli {

struct BuildInputs {
  std::filesystem::path corpus;
  std::filesystem::path index;  // CORPUS/.anthology/index.db or --index
  std::filesystem::path out;
  bool unsafe_html = false;
  bool no_kernels = false;
};

// What a finished build reports, kept to say it again when the next one is skipped.
struct BuildSummary {
  std::size_t pages_total = 0, files_total = 0, errors = 0, warnings = 0;
};

// The running program as "size:mtime" of its file: a rebuilt binary may render differently.
std::string renderer_identity();

// The hash of the sources as they are now: notes, configuration, binary, options. Taken before a
// build ingests, so that a note saved during the build makes the next one run.
std::uint64_t hash_sources(const BuildInputs& inputs);
// With the kernel results of the index added; nullopt when the index cannot be read (nothing is skipped).
std::optional<std::uint64_t> hash_with_kernel_results(const BuildInputs& inputs, std::uint64_t sources);

// The summary of the last build when it had the same inputs hash and its site is untouched.
std::optional<BuildSummary> unchanged_build(const BuildInputs& inputs, std::uint64_t hash);

// Remembers a finished build; best effort (a stamp that cannot be written only means no skipping).
void remember_build(const BuildInputs& inputs, std::uint64_t hash, const BuildSummary& summary);

}  // namespace anth::cli
