// The rule registry: each rule file registers its entry before main() (rule.h); the first read sorts
// them into the catalogue and freezes it. Reads happen from many threads (ingest finds severities by id),
// so the catalogue is built once, under the function-local static's lock, and never changes after.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/rules/rule.h"

namespace anth {

namespace {

struct Entry {
  RuleInfo info;
  GraphCheck check;
};

struct Registry {
  std::vector<Entry> entries;
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

void add(RuleInfo info, GraphCheck check) {
  if (registry().frozen) fail(std::string(info.id) + " registered after the catalogue was read");
  registry().entries.push_back({info, check});
}

// S, R, P, K first (the order of the documentation), any other family after them by letter.
std::size_t family_rank(std::string_view id) {
  static constexpr std::string_view order = "SRPK";
  const std::size_t known = id.empty() ? order.npos : order.find(id[0]);
  return known != order.npos ? known : order.size() + static_cast<unsigned char>(id.empty() ? 0 : id[0]);
}

const std::vector<Entry>& frozen_entries() {
  static const std::vector<Entry>& entries = [] () -> const std::vector<Entry>& {
    Registry& r = registry();
    std::sort(r.entries.begin(), r.entries.end(), [](const Entry& a, const Entry& b) {
      return std::pair(family_rank(a.info.id), a.info.id) < std::pair(family_rank(b.info.id), b.info.id);
    });
    for (std::size_t i = 1; i < r.entries.size(); ++i)
      if (r.entries[i].info.id == r.entries[i - 1].info.id)
        fail(std::string(r.entries[i].info.id) + " registered twice");
    r.frozen = true;
    return r.entries;
  }();
  return entries;
}

}  // namespace

RuleRegistration::RuleRegistration(RuleInfo info, GraphCheck check) {
  if (!check) fail(std::string(info.id) + " registered without its check");
  info.stage = RuleStage::Graph;
  add(info, check);
}

RuleRegistration::RuleRegistration(RuleInfo info, RuleStage stage) {
  if (stage == RuleStage::Graph) fail(std::string(info.id) + " is a graph rule without a check");
  info.stage = stage;
  add(info, nullptr);
}

const std::vector<RuleInfo>& rule_catalog() {
  static const std::vector<RuleInfo> catalog = [] {
    std::vector<RuleInfo> out;
    for (const Entry& e : frozen_entries()) out.push_back(e.info);
    return out;
  }();
  return catalog;
}

const RuleInfo* find_rule(std::string_view id) {
  for (const RuleInfo& r : rule_catalog())
    if (r.id == id) return &r;
  return nullptr;
}

const std::vector<GraphRule>& graph_rules() {
  static const std::vector<GraphRule> rules = [] {
    std::vector<GraphRule> out;
    const std::vector<Entry>& entries = frozen_entries();
    for (std::size_t i = 0; i < entries.size(); ++i)
      if (entries[i].check) out.push_back({&rule_catalog()[i], entries[i].check});
    return out;
  }();
  return rules;
}

void Findings::add(Location where, std::string message, std::vector<RelatedLocation> related) {
  out_.push_back({std::string(rule_.id), rule_.severity, std::move(where), std::move(message), std::move(related)});
}

std::vector<Diagnostic> check_graph(const Corpus& corpus, const Graph& graph) {
  const RuleContext context{corpus, graph};
  std::vector<Diagnostic> out;
  for (const GraphRule& rule : graph_rules()) {
    Findings findings(*rule.info, out);
    rule.check(context, findings);
  }
  std::sort(out.begin(), out.end(), diagnostic_less);
  return out;
}

}  // namespace anth
