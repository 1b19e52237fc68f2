#include "render/site/page_keys_file.h"
#include "render/site/own_file.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

namespace anth::render::site {

namespace {

constexpr std::string_view header = "anthology page keys 1\n";

}  // namespace

RecordedKeys RecordedKeys::load(const std::filesystem::path& site) {
  return parse(read_own_file(site, page_keys_file).value_or(""));
}

RecordedKeys RecordedKeys::parse(std::string_view text) {
  RecordedKeys keys;
  std::istringstream in{std::string(text)};
  std::string line;
  if (!std::getline(in, line) || line + "\n" != header) return keys;
  while (std::getline(in, line)) {
    // "<16 hex digits> <path>"
    if (line.size() < 18 || line[16] != ' ') return {};
    std::uint64_t key = 0;
    auto [end, ec] = std::from_chars(line.data(), line.data() + 16, key, 16);
    if (ec != std::errc() || end != line.data() + 16 || key == 0) return {};
    keys.keys_.emplace(line.substr(17), key);
  }
  return keys;
}

bool RecordedKeys::matches(const std::string& path, std::uint64_t key) const {
  if (key == 0) return false;
  auto it = keys_.find(path);
  return it != keys_.end() && it->second == key;
}

std::string encode_page_keys(std::vector<std::pair<std::string, std::uint64_t>> keys) {
  std::sort(keys.begin(), keys.end());
  std::string out(header);
  char hex[17];
  for (const auto& [path, key] : keys) {
    if (key == 0) continue;
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(key));
    out.append(hex, 16).append(" ").append(path).append("\n");
  }
  return out;
}

}  // namespace anth::render::site
