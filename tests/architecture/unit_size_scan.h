#pragma once
// The scanner behind unit_size_test.cpp: a file's functions and how many lines their bodies take, found
// by matching braces in the source with comments, strings and preprocessor lines blanked out. A
// heuristic, not a parser: a brace opens a function body when, at namespace or class scope, the text
// before it ends in a parameter list (and is not an initializer: data tables are exempt, as is a body
// marked with a "// table:" comment on its first line or the line above).
#include <cctype>
#include <regex>
#include <string>
#include <vector>

namespace anth::test::unit_size {

struct Function {
  int line = 0;        // of the opening brace
  int body_lines = 0;  // lines strictly between the braces
};

// The source with comments, string and character literals and preprocessor lines replaced by spaces,
// newlines kept (so that offsets still give line numbers).
inline std::string blank_non_code(const std::string& s) {
  std::string out = s;
  auto blank = [&](std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to && k < out.size(); ++k)
      if (out[k] != '\n') out[k] = ' ';
  };
  bool line_start = true;
  for (std::size_t i = 0; i < s.size();) {
    char c = s[i];
    if (line_start && c == '#') {  // a directive, with its continuation lines
      std::size_t j = i;
      while (j < s.size() && !(s[j] == '\n' && s[j - 1] != '\\')) ++j;
      blank(i, j);
      i = j;
      continue;
    }
    if (c == '\n') line_start = true;
    else if (!std::isspace(static_cast<unsigned char>(c))) line_start = false;
    std::size_t end = i + 1;
    if (s.compare(i, 2, "//") == 0) {
      end = s.find('\n', i);
    } else if (s.compare(i, 2, "/*") == 0) {
      end = s.find("*/", i + 2);
      end = end == std::string::npos ? end : end + 2;
    } else if (c == 'R' && i + 1 < s.size() && s[i + 1] == '"' && (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1])))) {
      std::size_t open = s.find('(', i);
      std::string close = ")" + s.substr(i + 2, open - i - 2) + "\"";
      end = s.find(close, open);
      end = end == std::string::npos ? end : end + close.size();
    } else if (c == '"' || (c == '\'' && (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1]))))) {
      end = i + 1;  // a digit separator (60'000) is not a literal
      while (end < s.size() && s[end] != c && s[end] != '\n') end += s[end] == '\\' ? 2 : 1;
      ++end;
    } else {
      ++i;
      continue;
    }
    if (end == std::string::npos || end > s.size()) end = s.size();
    blank(i, end);
    i = end;
  }
  return out;
}

inline std::string squeeze(const std::string& s) {
  std::string out;
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c)) || (!out.empty() && out.back() != ' ')) out += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

enum class Block { Scope, Function, Initializer, Inner };

// What the brace after `head` (the code since the last ';', '{' or '}' at this level) opens.
inline Block classify(const std::string& head, Block last_sibling) {
  static const std::regex scope(R"(^(template ?<.*> ?)?(export )?((enum )?(class|struct|union)|enum|namespace|extern)\b.*)");
  std::string h = squeeze(head);
  if (std::regex_match(h, scope) && h.find('(') == std::string::npos) return Block::Scope;
  if (std::regex_match(h, std::regex(R"(^(template ?<.*> ?)?(class|struct|union|namespace)\b[^=]*)")) && h.back() != ')')
    return Block::Scope;
  // A constructor's member initialisers: "a_(x), b_{y} {" continues the function that "b_{" began.
  if (last_sibling == Block::Function && (h.empty() || h.front() == ',')) return Block::Function;
  std::size_t paren = h.find('(');
  std::size_t equals = h.find('=');
  bool is_operator = h.find("operator") != std::string::npos;
  if (paren == std::string::npos || (equals < paren && !is_operator) || h.back() == '=' || h.back() == ',')
    return Block::Initializer;
  return Block::Function;
}

// The function bodies of a source file, with the raw lines (for the table marker).
inline std::vector<Function> functions(const std::string& source) {
  const std::string code = blank_non_code(source);
  std::vector<std::string> raw;
  for (std::size_t p = 0, q; p <= source.size(); p = q + 1) {
    q = source.find('\n', p);
    if (q == std::string::npos) q = source.size();
    raw.push_back(source.substr(p, q - p));
  }
  auto marked = [&](int line) {
    for (int l = std::max(1, line - 1); l <= line; ++l)
      if (raw[l - 1].find("// table:") != std::string::npos) return true;
    return false;
  };
  struct Open {
    Block kind;
    int line;
    Block last_child = Block::Inner;
  };
  std::vector<Open> stack;
  std::vector<Function> out;
  std::size_t head_start = 0;
  int line = 1;
  Block top_last = Block::Inner;
  for (std::size_t i = 0; i < code.size(); ++i) {
    char c = code[i];
    if (c == '\n') ++line;
    if (c != '{' && c != '}' && c != ';') continue;
    bool in_function = !stack.empty() && (stack.back().kind == Block::Function || stack.back().kind == Block::Inner ||
                                          stack.back().kind == Block::Initializer);
    Block& last = stack.empty() ? top_last : stack.back().last_child;
    if (c == '{') {
      Block kind = in_function ? Block::Inner : classify(code.substr(head_start, i - head_start), last);
      stack.push_back({kind, line});
    } else if (c == '}' && !stack.empty()) {
      Open open = stack.back();
      stack.pop_back();
      if (open.kind == Block::Function && line - open.line - 1 > 0 && !marked(open.line))
        out.push_back({open.line, line - open.line - 1});
      (stack.empty() ? top_last : stack.back().last_child) = open.kind;
    } else if (c == ';') {
      last = Block::Inner;
    }
    head_start = i + 1;
  }
  return out;
}

}  // namespace anth::test::unit_size
