#include "core/query/query_spec.h"

#include <algorithm>
#include <cstdlib>

#include "core/model/kind.h"
#include "core/query/graph_walk.h"
#include "core/query/query_words.h"
#include "core/util/did_you_mean.h"

namespace anth::query {

namespace {

std::optional<std::string> last(const FlagValues& flags, const std::string& flag) {
  auto it = flags.find(flag);
  if (it == flags.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> every(const FlagValues& flags, const std::string& flag) {
  auto it = flags.find(flag);
  return it == flags.end() ? std::vector<std::string>{} : it->second;
}

bool has_filter(const FlagValues& flags) {
  const auto& all = filter_flags();
  return std::any_of(all.begin(), all.end(), [&](const FlagShape& f) { return flags.count(std::string(f.name)) > 0; });
}

util::Expected<long> whole_number(const std::string& flag, const std::string& text, long least, long most, const std::string& range) {
  char* end = nullptr;
  long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end || n < least || n > most) return util::failure(flag + " needs a number " + range + ", not '" + text + "'");
  return n;
}

}  // namespace

const std::vector<FlagShape>& filter_flags() {
  static const std::vector<FlagShape> flags = {{"--kind", true},   {"--tag", true},  {"--status", true},    {"--introduced-by", true},
                                               {"--source", true}, {"--year", true}, {"--contested", false}, {"--text", true},
                                               {"--sort", true},   {"--limit", true}};
  return flags;
}

util::Expected<NodeFilter> node_filter(const FlagValues& flags) {
  NodeFilter f;
  for (const std::string& k : comma_list(every(flags, "--kind"))) {
    auto kind = parse_kind(k);
    if (!kind) return util::failure(not_one_of("kind", k, kind_words()));
    f.kinds.emplace_back(kind_name(*kind));
  }
  // A tag as a note writes it inline (#statistics) is the tag (statistics), as Obsidian reads it.
  for (std::string& t : comma_list(every(flags, "--tag"))) f.tags.push_back(t.starts_with('#') ? t.substr(1) : std::move(t));
  const std::vector<std::string> statuses = status_words();
  for (const std::string& s : comma_list(every(flags, "--status"))) {
    if (std::find(statuses.begin(), statuses.end(), s) == statuses.end()) return util::failure(not_one_of("status", s, statuses, "statuses"));
    f.statuses.push_back(s);
  }
  f.introduced_by = last(flags, "--introduced-by").value_or("");
  f.source = last(flags, "--source").value_or("");
  if (auto y = last(flags, "--year")) {
    f.years = parse_year_range(*y);
    if (!f.years) return util::failure("--year takes A..B, A.., ..B or one year (A <= B), not '" + *y + "'");
  }
  f.contested = flags.count("--contested") > 0;
  if (auto t = last(flags, "--text")) {
    if (fts_query(*t).empty()) return util::failure("--text needs a word to search for");
    f.text = *t;
    f.sort = SortKey::Relevance;
  }
  if (auto s = last(flags, "--sort")) {
    auto key = parse_sort_key(*s);
    if (!key) return util::failure(not_one_of("sort key", *s, {"id", "title", "year", "status", "relevance"}));
    if (*key == SortKey::Relevance && f.text.empty()) return util::failure("--sort relevance needs --text");
    f.sort = *key;
    f.descending = s->starts_with('-');
  }
  if (auto l = last(flags, "--limit")) {
    auto n = whole_number("--limit", *l, 1, 1L << 40, ">= 1");
    if (!n) return std::unexpected(n.error());
    f.limit = *n;
  }
  return f;
}

util::Expected<QuerySpec> query_spec(const FlagValues& flags, const std::vector<std::string>& operands) {
  if (!operands.empty())
    return util::failure("unexpected argument '" + operands.front() + "' (to search the text, use --text \"" + operands.front() + "\")");
  QuerySpec spec;
  spec.sql = last(flags, "--sql");
  if (spec.sql && has_filter(flags)) return util::failure("--sql cannot be combined with filters");
  if (spec.sql) return spec;
  auto filter = node_filter(flags);
  if (!filter) return std::unexpected(filter.error());
  spec.filter = std::move(*filter);
  return spec;
}

util::Expected<QuerySpec> neighbors_spec(const FlagValues& flags, const std::vector<std::string>& operands) {
  if (operands.size() != 1) return util::failure(operands.empty() ? "which node? (neighbors ID)" : "one ID at a time");
  QuerySpec spec;
  spec.command = QuerySpec::Command::Neighbors;
  spec.id = operands.front();
  if (auto d = last(flags, "--depth")) {
    auto n = whole_number("--depth", *d, 0, 1000, "from 0 to 1000");
    if (!n) return std::unexpected(n.error());
    spec.depth = static_cast<int>(*n);
  }
  auto relations = relation_list(every(flags, "--relation"));
  if (!relations) return std::unexpected(relations.error());
  spec.relations = std::move(*relations);
  return spec;
}

util::Expected<QuerySpec> origin_spec(const std::vector<std::string>& operands) {
  if (operands.size() != 1) return util::failure(operands.empty() ? "which practice? (origin SOTA-ID)" : "one ID at a time");
  QuerySpec spec;
  spec.command = QuerySpec::Command::Origin;
  spec.id = operands.front();
  return spec;
}

util::Expected<SqlLimits> sql_limits(const FlagValues& flags) {
  SqlLimits limits;
  if (auto t = last(flags, "--timeout")) {
    char* end = nullptr;
    double seconds = std::strtod(t->c_str(), &end);
    if (t->empty() || *end || !(seconds > 0) || seconds > 1e6)
      return util::failure("--timeout needs a number of seconds > 0, not '" + *t + "'");
    limits.timeout = std::chrono::milliseconds(static_cast<long long>(seconds * 1000 + 0.5));
  }
  if (auto m = last(flags, "--max-rows")) {
    char* end = nullptr;
    long long n = std::strtoll(m->c_str(), &end, 10);
    if (m->empty() || *end || n < 1) return util::failure("--max-rows needs a number >= 1, not '" + *m + "'");
    limits.max_rows = static_cast<std::size_t>(n);
  }
  return limits;
}

std::string origin_needs_practice(std::string_view id, std::string_view kind) {
  return "origin needs a practice (SOTA); " + std::string(id) + " is a " + (kind.empty() ? std::string("node of no kind") : std::string(kind));
}

}  // namespace anth::query
