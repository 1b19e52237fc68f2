// A query block's command line as a QuerySpec (core/query/query_spec.h): the words split as a shell
// splits them, the command, its flags as the command line takes them, and `this` for the note's id.
#include <algorithm>

#include "core/query/query_spec.h"
#include "core/query/query_words.h"
#include "core/util/did_you_mean.h"

namespace anth::query {

namespace {

struct BlockCommand {
  std::string_view name;
  std::vector<FlagShape> flags;
};

const std::vector<BlockCommand>& block_commands() {
  static const std::vector<BlockCommand> commands = [] {
    std::vector<FlagShape> query = filter_flags();
    query.push_back({"--sql", true});
    return std::vector<BlockCommand>{{"query", query}, {"neighbors", {{"--depth", true}, {"--relation", true}}}, {"origin", {}}};
  }();
  return commands;
}

// Flags of the command line that choose how an answer is printed, checked or found: a page shows a
// table of the index the build made.
bool outside_block(std::string_view flag) {
  for (std::string_view f : {"--format", "--freshness", "--timeout", "--max-rows", "--corpus", "--index", "--color", "--help"})
    if (flag == f) return true;
  return false;
}

struct Parsed {
  FlagValues flags;
  std::vector<std::string> operands;
};

// The words after the command: `--flag value`, `--flag=value` or a switch; others are operands.
util::Expected<Parsed> parse_words(const BlockCommand& command, const std::vector<std::string>& words) {
  Parsed out;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (!w.starts_with("--")) {
      out.operands.push_back(w);
      continue;
    }
    std::size_t eq = w.find('=');
    std::string name = w.substr(0, eq);
    if (outside_block(name))
      return util::failure(name + " has no place in a query block: the page shows the answer as a table");
    auto spec = std::find_if(command.flags.begin(), command.flags.end(), [&](const FlagShape& f) { return f.name == name; });
    if (spec == command.flags.end()) {
      std::vector<std::string> names;
      for (const FlagShape& f : command.flags) names.emplace_back(f.name);
      std::string reason = "unknown flag " + name + " of " + std::string(command.name);
      if (auto best = util::closest_match(name, names)) reason += "; did you mean " + *best + "?";
      return util::failure(reason);
    }
    std::string value;
    if (eq != std::string::npos) {
      if (!spec->takes_value) return util::failure(name + " takes no value");
      value = w.substr(eq + 1);
    } else if (spec->takes_value) {
      if (i + 1 >= words.size() || words[i + 1].starts_with("--")) return util::failure(name + " needs a value");
      value = words[++i];
    }
    out.flags[name].push_back(std::move(value));
  }
  return out;
}

// `this` where an id goes: the operand and the flags that name a node.
void replace_this(Parsed& p, std::string_view this_id) {
  for (std::string& o : p.operands)
    if (o == "this") o = this_id;
  for (const char* flag : {"--introduced-by", "--source"})
    if (auto it = p.flags.find(flag); it != p.flags.end())
      for (std::string& v : it->second)
        if (v == "this") v = this_id;
}

}  // namespace

util::Expected<QuerySpec> parse_query_block(std::string_view line, std::string_view this_id) {
  auto words = split_command_line(line);
  if (!words) return std::unexpected(words.error());
  if (!words->empty() && words->front() == "anthology") words->erase(words->begin());  // the program's name, written anyway
  if (words->empty()) return util::failure("empty query block: write a command such as query --kind sota");
  const auto& commands = block_commands();
  auto command = std::find_if(commands.begin(), commands.end(), [&](const BlockCommand& c) { return c.name == words->front(); });
  if (command == commands.end()) {
    std::vector<std::string> names;
    for (const BlockCommand& c : commands) names.emplace_back(c.name);
    return util::failure(not_one_of("command", words->front(), names) + "; a query block holds query, neighbors or origin");
  }
  auto parsed = parse_words(*command, *words);
  if (!parsed) return std::unexpected(parsed.error());
  replace_this(*parsed, this_id);
  if (command->name == "neighbors") return neighbors_spec(parsed->flags, parsed->operands);
  if (command->name == "origin") {
    if (!parsed->flags.empty()) return util::failure("origin takes no flags here");
    return origin_spec(parsed->operands);
  }
  return query_spec(parsed->flags, parsed->operands);
}

std::vector<std::string> QuerySpec::named_ids() const {
  if (command != Command::Query) return {id};
  std::vector<std::string> ids;
  for (const std::string* id : {&filter.introduced_by, &filter.source})
    if (!id->empty()) ids.push_back(*id);
  return ids;
}

std::string QuerySpec::canonical() const {
  auto join = [](const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& s : v) out += s + ",";
    return out;
  };
  std::string c;
  switch (command) {
    case Command::Neighbors: return "neighbors\x1f" + id + "\x1f" + std::to_string(depth) + "\x1f" + join(relations);
    case Command::Origin: return "origin\x1f" + id;
    case Command::Query: break;
  }
  if (sql) return "sql\x1f" + *sql;
  const NodeFilter& f = filter;
  c = "query\x1f" + join(f.kinds) + "\x1f" + join(f.tags) + "\x1f" + join(f.statuses) + "\x1f" + f.introduced_by + "\x1f" +
      f.source + "\x1f";
  if (f.years) c += (f.years->from ? std::to_string(*f.years->from) : "") + ".." + (f.years->to ? std::to_string(*f.years->to) : "");
  c += "\x1f" + std::string(f.contested ? "c" : "") + "\x1f" + f.text + "\x1f" + std::to_string(static_cast<int>(f.sort)) +
       (f.descending ? "-" : "+") + "\x1f" + (f.limit ? std::to_string(*f.limit) : "");
  return c;
}

}  // namespace anth::query
