// The catalogue's entries: each rule file registers its entry before main() (core/rules/rule.h); the
// first read sorts them and freezes the catalogue. Reads happen from many threads (ingest finds
// severities by id), so it is built once, under the function-local static's lock, and never changes after.
#include "core/model/rule_catalog.h"

#include <string>

#include "core/util/static_registry.h"

namespace anth {

namespace {

util::StaticRegistry<RuleInfo>& registry() {
  static util::StaticRegistry<RuleInfo> r("rule");
  return r;
}

// S, R, P, K first (the order of the documentation), any other family after them by letter.
std::size_t family_rank(std::string_view id) {
  static constexpr std::string_view order = "SRPK";
  const std::size_t known = id.empty() ? order.npos : order.find(id[0]);
  return known != order.npos ? known : order.size() + static_cast<unsigned char>(id.empty() ? 0 : id[0]);
}

}  // namespace

void register_rule_info(const RuleInfo& info) { registry().add(info, info.id); }

const std::vector<RuleInfo>& rule_catalog() {
  static const std::vector<RuleInfo>& entries = registry().freeze(
      [](const RuleInfo& a, const RuleInfo& b) {
        return std::pair(family_rank(a.id), a.id) < std::pair(family_rank(b.id), b.id);
      },
      [](const std::vector<RuleInfo>& sorted) {
        for (std::size_t i = 1; i < sorted.size(); ++i)
          if (sorted[i].id == sorted[i - 1].id) return std::string(sorted[i].id) + " registered twice";
        return std::string();
      });
  return entries;
}

const RuleInfo* find_rule(std::string_view id) {
  for (const RuleInfo& r : rule_catalog())
    if (r.id == id) return &r;
  return nullptr;
}

}  // namespace anth
