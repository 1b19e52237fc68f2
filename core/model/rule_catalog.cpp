// The catalogue's entries: each rule file registers its entry before main() (core/rules/rule.h); the
// first read sorts them and freezes the catalogue. Reads happen from many threads (ingest finds
// severities by id), so it is built once, under the function-local static's lock, and never changes after.
#include "core/model/rule_catalog.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace anth {

namespace {

struct Registry {
  std::vector<RuleInfo> entries;
  bool frozen = false;
};

Registry& registry() {
  static Registry r;
  return r;
}

[[noreturn]] void fail(const std::string& why) {
  std::fprintf(stderr, "anthology: rule registry: %s\n", why.c_str());
  std::abort();
}

// S, R, P, K first (the order of the documentation), any other family after them by letter.
std::size_t family_rank(std::string_view id) {
  static constexpr std::string_view order = "SRPK";
  const std::size_t known = id.empty() ? order.npos : order.find(id[0]);
  return known != order.npos ? known : order.size() + static_cast<unsigned char>(id.empty() ? 0 : id[0]);
}

}  // namespace

void register_rule_info(const RuleInfo& info) {
  if (registry().frozen) fail(std::string(info.id) + " registered after the catalogue was read");
  registry().entries.push_back(info);
}

const std::vector<RuleInfo>& rule_catalog() {
  static const std::vector<RuleInfo>& entries = []() -> const std::vector<RuleInfo>& {
    Registry& r = registry();
    std::sort(r.entries.begin(), r.entries.end(), [](const RuleInfo& a, const RuleInfo& b) {
      return std::pair(family_rank(a.id), a.id) < std::pair(family_rank(b.id), b.id);
    });
    for (std::size_t i = 1; i < r.entries.size(); ++i)
      if (r.entries[i].id == r.entries[i - 1].id) fail(std::string(r.entries[i].id) + " registered twice");
    r.frozen = true;
    return r.entries;
  }();
  return entries;
}

const RuleInfo* find_rule(std::string_view id) {
  for (const RuleInfo& r : rule_catalog())
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace anth
