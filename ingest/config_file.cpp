#include "ingest/config_file.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/model/rule_catalog.h"
#include "core/util/contained_file.h"

namespace anth::ingest {

namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t max_config_bytes = 1 << 20;

}  // namespace

util::Expected<Config> load_config(const fs::path& corpus_root) {
  const std::string file = config_file_name;
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(corpus_root / file, ec))) return Config{};
  auto bytes = util::read_inside(util::real_root(corpus_root), file, max_config_bytes);
  if (!bytes) return util::failure(file + ": " + bytes.error());
  if (bytes->size() > max_config_bytes) return util::failure(file + ": over the limit of 1 MiB");
  auto config = parse_config(*bytes);
  if (!config) return config;
  // Kept even when it leads outside the corpus: `build` then refuses to run rather than write elsewhere.
  const std::string& out = config->out_dir;
  if (!out.empty() && !util::resolves_inside(util::real_root(corpus_root), corpus_root / out)) {
    config->findings.push_back({"S003", find_rule("S003")->severity, config->out_dir_at,
                                "[site] out = \"" + out + "\" leads outside the corpus; build refuses it (give --out to write there)",
                                {}});
    std::sort(config->findings.begin(), config->findings.end(), diagnostic_less);
  }
  return config;
}

}  // namespace anth::ingest
