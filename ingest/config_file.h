#pragma once
// Reading CORPUS/anthology.toml (its settings: core/model/config.h, docs/configuration.md).
#include <filesystem>

#include "core/model/config.h"
#include "core/util/expected.h"

namespace anth::ingest {

// A missing file gives the defaults. A file that is not a regular file inside the corpus (read like a
// note: a FIFO would hang, a link could leak), is over 1 MiB, or does not parse is a failure with a
// one-line reason; `[site] out` leading outside the corpus is an S003 finding (build refuses it).
util::Expected<Config> load_config(const std::filesystem::path& corpus_root);

}  // namespace anth::ingest
