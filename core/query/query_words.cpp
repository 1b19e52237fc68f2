#include "core/query/query_words.h"

#include <algorithm>
#include <cctype>

#include "core/model/kind.h"
#include "core/model/schema.h"
#include "core/util/did_you_mean.h"

namespace anth::query {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

util::Expected<std::vector<std::string>> split_command_line(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (blank(c)) {
      if (in_word) words.push_back(std::move(word)), word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\\' && i + 1 < line.size()) {
      if (line[i + 1] == '\n') {  // a line continued
        ++i;
        if (word.empty()) in_word = false;
        continue;
      }
      word += line[++i];
    } else if (c == '\'' || c == '"') {
      std::size_t open = i;
      for (++i; i < line.size() && line[i] != c; ++i) {
        if (c == '"' && line[i] == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) ++i;
        word += line[i];
      }
      if (i >= line.size()) return util::failure(std::string("unclosed ") + c + " (opened at character " + std::to_string(open + 1) + ")");
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

std::vector<std::string> kind_words() {
  std::vector<std::string> out;
  for (Kind k : all_kinds) {
    std::string name = kind_name(k);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.push_back(name);
  }
  return out;
}

std::vector<std::string> status_words() {
  std::vector<std::string> out;
  for (Kind k : all_kinds)
    if (const FieldSpec* spec = find_field(k, "status"))
      for (std::string_view c : spec->choices)
        if (std::find(out.begin(), out.end(), c) == out.end()) out.emplace_back(c);
  return out;
}

std::string not_one_of(const std::string& what, const std::string& value, const std::vector<std::string>& choices,
                       const std::string& plural) {
  std::string reason = "unknown " + what + " '" + value + "'";
  if (auto best = util::closest_match(value, choices)) reason += "; did you mean '" + *best + "'?";
  std::string all;
  for (const std::string& c : choices) all += (all.empty() ? "" : ", ") + c;
  return reason + " (" + (plural.empty() ? what + "s" : plural) + ": " + all + ")";
}

std::vector<std::string> comma_list(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& value : values) {
    std::size_t start = 0;
    while (start <= value.size()) {
      std::size_t comma = value.find(',', start);
      std::string item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (!item.empty()) out.push_back(item);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  return out;
}

}  // namespace anth::query
