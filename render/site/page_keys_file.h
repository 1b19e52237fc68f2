#pragma once
// The page keys of a site (page_keys.h), kept in the site itself as `.anthology-pages` so that they
// always describe the pages next to them: one line "<16 hex digits> <path>" per page, sorted. A page
// edited by hand in the site folder is not noticed; the next change to its inputs replaces it.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace anth::render::site {

inline constexpr const char* page_keys_file = ".anthology-pages";

// The keys recorded with the pages of a site folder.
class RecordedKeys {
 public:
  RecordedKeys() = default;
  // The keys in `site`/.anthology-pages; none when it is missing or unreadable.
  static RecordedKeys load(const std::filesystem::path& site);
  // The keys in the text of a .anthology-pages (a site held in memory: workspace/live_site.h).
  static RecordedKeys parse(std::string_view text);
  // True when `path` was recorded with `key` (never for key 0).
  bool matches(const std::string& path, std::uint64_t key) const;
  std::size_t size() const { return keys_.size(); }

 private:
  std::unordered_map<std::string, std::uint64_t> keys_;
};

// The text of .anthology-pages for these (path, key) pairs; pairs with key 0 are left out.
std::string encode_page_keys(std::vector<std::pair<std::string, std::uint64_t>> keys);

}  // namespace anth::render::site
