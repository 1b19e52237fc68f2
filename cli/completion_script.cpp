#include "cli/completion_script.h"

#include <set>
#include <stdexcept>

#include "core/util/embedded_assets.h"

namespace anth::cli {

namespace {

// A word for either shell, quoted only when it must be.
std::string quoted(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,/") == std::string::npos)
    return word;
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + quoted(w);
  return out;
}

// The call that offers what a Completion names (the helper is _anthology_offer in both templates).
std::string offer(const Completion& c) {
  using W = Completion::What;
  switch (c.what) {
    case W::words: return "_anthology_offer words " + joined(c.words);
    case W::ids: return "_anthology_offer ids" + (c.words.empty() ? "" : " " + joined(c.words));
    case W::tags: return "_anthology_offer tags";
    case W::directories: return "_anthology_offer directories";
    case W::files: return "_anthology_offer files";
    case W::executables: return "_anthology_offer executables";
    case W::nothing: break;
  }
  return ":";
}

// _anthology_value CMD OPTION: offers what completes the option's value (CMD empty before the command).
std::string value_function(const std::vector<Command>& commands) {
  std::string out = "# Offers the values of option $2 of command $1.\n_anthology_value() {\n  case \"$2\" in\n";
  for (const FlagSpec& f : common_flags())
    if (f.takes_value()) out += "    " + f.name + ") " + offer(f.completes) + " ;;\n";
  out += "    *)\n      case \"$1 $2\" in\n";
  for (const Command& c : commands)
    for (const FlagSpec& f : c.options)
      if (f.completes.what != Completion::What::nothing)
        out += "        " + quoted(c.name + " " + f.name) + ") " + offer(f.completes) + " ;;\n";
  return out + "      esac ;;\n  esac\n}\n";
}

// _anthology_operand CMD N: offers what completes the command's Nth operand (the last one repeats).
std::string operand_function(const std::vector<Command>& commands) {
  std::string out = "# Offers what completes operand $2 of command $1.\n_anthology_operand() {\n  case \"$1\" in\n";
  for (const Command& c : commands) {
    if (c.operands.empty()) continue;
    out += "    " + c.name + ")\n      case \"$2\" in\n";
    for (std::size_t i = 0; i + 1 < c.operands.size(); ++i)
      out += "        " + std::to_string(i + 1) + ") " + offer(c.operands[i]) + " ;;\n";
    out += "        *) " + offer(c.operands.back()) + " ;;\n      esac ;;\n";
  }
  return out + "  esac\n}\n";
}

// _anthology_options CMD: prints the command's options and the common ones (before the command: those
// that may come first).
std::string options_function(const std::vector<Command>& commands) {
  std::vector<std::string> common;
  for (const FlagSpec& f : common_flags()) common.push_back(f.name);
  std::string out = "# Prints the options of command $1 (empty: those that may come before a command).\n";
  out += "_anthology_options() {\n  case \"$1\" in\n";
  for (const Command& c : commands) {
    std::vector<std::string> names;
    for (const FlagSpec& f : c.options) names.push_back(f.name);
    out += "    " + c.name + ") echo " + joined(names) + " ;;\n";
  }
  out += "    '') echo --version ;;\n  esac\n  echo " + joined(common) + "\n}\n";
  return out;
}

std::string table_section(const std::vector<Command>& commands) {
  std::vector<std::string> names, described;
  std::set<std::string> valued;
  for (const FlagSpec& f : common_flags())
    if (f.takes_value()) valued.insert(f.name);
  for (const Command& c : commands) {
    names.push_back(c.name);
    std::string summary;
    for (char ch : c.summary) summary += ch == ':' ? std::string("\\:") : std::string(1, ch);
    described.push_back(c.name + ":" + summary);
    for (const FlagSpec& f : c.options)
      if (f.takes_value()) valued.insert(f.name);
  }
  std::string out = "# From the command table: the commands, and the options that take a value (the word after\n"
                    "# one is its value, not an operand).\n";
  out += "_anthology_commands=" + quoted(joined(names)) + "\n";
  out += "_anthology_described=(" + joined(described) + ")\n";
  out += "_anthology_valued=" + quoted(" " + joined({valued.begin(), valued.end()}) + " ") + "\n\n";
  return out + options_function(commands) + "\n" + value_function(commands) + "\n" + operand_function(commands);
}

}  // namespace

std::optional<std::string> completion_script(const std::string& shell, const std::vector<Command>& commands) {
  const char* asset = shell == "bash" ? "render/assets/completion/anthology.bash.in"
                      : shell == "zsh" ? "render/assets/completion/_anthology.in"
                                       : nullptr;
  if (!asset) return std::nullopt;
  auto script = util::embedded_asset(asset);
  if (!script) throw std::logic_error(std::string("the binary was built without ") + asset);
  std::string text(*script);
  const std::string placeholder = "#{{table}}\n";
  text.replace(text.find(placeholder), placeholder.size(), table_section(commands));
  return text;
}

}  // namespace anth::cli
