// anthology completion bash|zsh: prints the shell completion script generated from the command table.
// anthology completion ids [KIND...] | tags: what the scripts offer, answered from an existing index
// only: read-only, never ingesting or creating one, within a fixed budget, nothing when there is none.
#include <chrono>
#include <iostream>

#include "cli/commands.h"
#include "cli/completion_script.h"
#include "cli/args.h"
#include "cli/session.h"
#include "core/model/kind.h"
#include "core/model/tag_names.h"
#include "core/query/query_db.h"
#include "core/query/sql_query.h"

namespace anth::cli {

namespace {

// A completion runs while the user waits at the prompt: past this it answers nothing.
constexpr std::chrono::milliseconds completion_budget{200};


// The statement for `ids KIND...` or `tags` (each note's spellings with its path, of which
// print_candidates offers one per tag); empty for a kind that is none.
std::string candidates_sql(const std::vector<std::string>& words) {
  if (words.front() == "tags") return "SELECT n.path, t.tag FROM tags t JOIN nodes n ON n.id = t.node";
  std::string kinds;
  for (std::size_t i = 1; i < words.size(); ++i) {
    auto kind = parse_kind(words[i]);
    if (!kind) return "";
    kinds += std::string(kinds.empty() ? "'" : ", '") + kind_name(*kind) + "'";
  }
  return "SELECT id FROM nodes WHERE in_graph = 1" + (kinds.empty() ? std::string() : " AND kind IN (" + kinds + ")") +
         " ORDER BY id COLLATE natural_id";
}

int print_candidates(const Args& args) {
  auto started = std::chrono::steady_clock::now();
  std::string sql = candidates_sql(args.positionals);
  if (sql.empty()) return 0;
  auto db = query::QueryDb::open(index_path(args, corpus_root(args)), completion_budget / 2);
  if (!db) return 0;
  auto left = completion_budget - std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  if (left.count() <= 0) return 0;
  std::string out;
  TagNames tags;  // a tag is offered once whatever its case, as the site lists it (core/model/tag_names.h)
  const bool tag_rows = args.positionals.front() == "tags";
  auto rows = query::run_readonly_sql(db->handle(), sql, {left, 1000000},
                                      {[](const std::vector<std::string>&) {}, [&](const std::vector<query::Cell>& cells) {
                                         if (tag_rows) tags.add(cells[0].text, cells[1].text);
                                         else out += cells.front().text + "\n";
                                       }});
  for (const auto& entry : tags.names()) out += entry.second + "\n";
  if (rows) std::cout << out;  // all or nothing: half a list would hide candidates silently
  return 0;
}

}  // namespace

int run_completion(const Args& args) {
  if (!args.positionals.empty() && (args.positionals.front() == "ids" || args.positionals.front() == "tags"))
    return print_candidates(args);
  if (args.positionals.size() != 1) return usage_error("completion", "which shell? (anthology completion bash|zsh)");
  const std::string& shell = args.positionals.front();
  auto script = completion_script(shell, command_table());
  if (!script) return usage_error("completion", "no completion for '" + shell + "' (shells: bash, zsh)");
  std::cout << *script;
  return 0;
}

}  // namespace anth::cli
