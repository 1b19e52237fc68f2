#include "cli/args.h"

#include <algorithm>

#include "core/util/did_you_mean.h"

namespace anth::cli {

const std::vector<FlagSpec>& common_flags() {
  using C = Completion;
  static const std::vector<FlagSpec> flags = {
      {"--corpus", "DIR", "the corpus folder (default: ./data if present, else .)", C::dirs()},
      {"--index", "FILE", "the index database (default: CORPUS/.anthology/index.db)", C::paths()},
      {"--color", "WHEN", "auto (default: on a terminal, unless TERM=dumb or NO_COLOR is set), always or never",
       C::fixed({"auto", "always", "never"})},
      {"--help", "", "show this help"},
  };
  return flags;
}

namespace {

const FlagSpec* find_spec(const std::string& name, const std::vector<FlagSpec>& specs) {
  for (const auto* list : {&specs, &common_flags()})
    for (const FlagSpec& s : *list)
      if (s.name == name || (name == "-h" && s.name == "--help")) return &s;
  return nullptr;
}

bool looks_like_flag(const std::string& a) { return a == "-h" || (a.size() >= 2 && a[0] == '-' && a[1] == '-'); }

}  // namespace

std::optional<std::string> Args::get(const std::string& flag) const {
  auto it = values.find(flag);
  if (it == values.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> Args::all(const std::string& flag) const {
  auto it = values.find(flag);
  return it == values.end() ? std::vector<std::string>{} : it->second;
}

util::Expected<Args> parse_args(const std::vector<std::string>& argv, const std::vector<FlagSpec>& specs) {
  Args args;
  bool flags_done = false;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (flags_done || !looks_like_flag(a)) {
      args.positionals.push_back(a);
      continue;
    }
    if (a == "--") {
      flags_done = true;
      continue;
    }
    std::string name = a, value;
    bool inline_value = false;
    if (auto eq = a.find('='); eq != std::string::npos) {
      name = a.substr(0, eq);
      value = a.substr(eq + 1);
      inline_value = true;
    }
    const FlagSpec* spec = find_spec(name, specs);
    if (!spec) {
      std::vector<std::string> names;
      for (const auto* list : {&specs, &common_flags()})
        for (const FlagSpec& s : *list) names.push_back(s.name);
      std::string reason = "unknown flag " + name;
      if (auto best = util::closest_match(name, names)) reason += "; did you mean " + *best + "?";
      return util::failure(reason);
    }
    if (spec->takes_value() && !inline_value) {
      if (i + 1 >= argv.size()) return util::failure(spec->name + " needs a value");
      // `--text --limit 5` forgot the text: a flag is never taken as a value (--text=--x says it is one).
      if (looks_like_flag(argv[i + 1]))
        return util::failure(spec->name + " needs a value before " + argv[i + 1] + " (write " + spec->name + "=" +
                       argv[i + 1] + " if that is the value)");
      value = argv[++i];
    } else if (!spec->takes_value() && inline_value) {
      return util::failure(spec->name + " takes no value");
    }
    if (spec->name == "--color" && value != "auto" && value != "always" && value != "never")
      return util::failure("--color must be auto, always or never, not '" + value + "'");
    auto& slot = args.values[spec->name];
    if (!spec->repeatable) slot.clear();
    slot.push_back(value);
  }
  return args;
}

std::size_t leading_common_options(const std::vector<std::string>& argv) {
  std::size_t i = 0;
  while (i < argv.size()) {
    const std::string& a = argv[i];
    std::string name = a.substr(0, a.find('='));
    const FlagSpec* spec = find_spec(name, {});
    if (!spec || !spec->takes_value()) break;
    i += name.size() < a.size() ? 1 : 2;
  }
  return std::min(i, argv.size());
}

std::string usage_text(const std::string& command, const std::string& synopsis, const std::string& description,
                       const std::vector<FlagSpec>& specs, const std::vector<std::string>& examples) {
  std::string out = "usage: anthology " + command + (synopsis.empty() ? "" : " " + synopsis) + "\n\n" + description + "\n";
  auto list = [&](const std::vector<FlagSpec>& flags) {
    for (const FlagSpec& f : flags) {
      std::string left = "  " + f.name + (f.takes_value() ? " " + f.value : "");
      std::string help = f.help;
      if (left.size() < 28) left.resize(28, ' ');
      else left += "  ";
      // A help of several lines continues under its first.
      for (std::size_t nl = 0; (nl = help.find('\n', nl)) != std::string::npos; nl += 29) help.insert(nl + 1, 28, ' ');
      out += left + help + "\n";
    }
  };
  if (!specs.empty()) {
    out += "\noptions:\n";
    list(specs);
  }
  out += "\ncommon options:\n";
  list(common_flags());
  if (!examples.empty()) {
    out += "\nexamples:\n";
    for (const std::string& e : examples) out += "  " + e + "\n";
  }
  return out;
}

}  // namespace anth::cli
