#include "ingest/obsidian_source.h"

#include <unordered_set>
#include <vector>

namespace anth::ingest {

namespace {

// The fence a line opens or closes, after the markers of quotes and list items: ``` or ~~~, at
// least three; 0 when none.
struct Fence {
  char c = 0;
  std::size_t length = 0;
  bool rest_blank = false;
  bool backtick_in_info = false;
};

Fence fence_of(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && std::string_view(" \t>*+-0123456789.)").find(line[i]) != std::string_view::npos) ++i;
  Fence f;
  if (i >= line.size() || (line[i] != '`' && line[i] != '~')) return f;
  std::size_t n = 0;
  while (i + n < line.size() && line[i + n] == line[i]) ++n;
  if (n < 3) return f;
  f.c = line[i];
  f.length = n;
  std::string_view rest = line.substr(i + n);
  f.rest_blank = rest.find_first_not_of(" \t") == std::string_view::npos;
  f.backtick_in_info = rest.find('`') != std::string_view::npos;
  return f;
}

std::size_t run_of(std::string_view line, std::size_t i, char c) {
  std::size_t n = 0;
  while (i + n < line.size() && line[i + n] == c) ++n;
  return n;
}

class SourcePass {
 public:
  explicit SourcePass(std::string_view body) : body_(body) { out_.reserve(body.size()); }

  std::string run() {
    for (std::size_t at = 0; at <= body_.size();) {
      std::size_t end = body_.find('\n', at);
      bool last = end == std::string_view::npos;
      if (last) end = body_.size();
      line(body_.substr(at, end - at));
      if (!last) out_ += '\n';
      at = end + 1;
    }
    if (!notes_.empty()) {
      out_ += "\n\n";
      for (std::size_t k = 0; k < notes_.size(); ++k)
        out_.append("[^inline-").append(std::to_string(k + 1)).append("]: ").append(notes_[k]).append("\n");
    }
    return std::move(out_);
  }

 private:
  void line(std::string_view text) {
    if (!in_comment_ && fence_.c != 0) {
      Fence f = fence_of(text);
      if (f.c == fence_.c && f.length >= fence_.length && f.rest_blank) fence_ = {};
      out_ += text;
      return;
    }
    if (!in_comment_) {
      if (Fence f = fence_of(text); f.c != 0 && !(f.c == '`' && f.backtick_in_info)) {
        fence_ = f;
        out_ += text;
        return;
      }
    }
    inline_text(text);
  }

  // Brackets matched on the line, '[' offset -> its ']' (escaped ones and those in code spans left out).
  void match_brackets(std::string_view text) {
    match_.assign(text.size(), std::string_view::npos);
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\\') ++i;
      else if (text[i] == '[') open.push_back(i);
      else if (text[i] == ']' && !open.empty()) match_[open.back()] = i, open.pop_back();
    }
  }

  void inline_text(std::string_view text) {
    bool footnotes = text.find("^[") != std::string_view::npos;
    if (footnotes) match_brackets(text);
    no_close_.clear();
    for (std::size_t i = 0; i < text.size();) {
      if (in_comment_) {
        std::size_t close = text.find("%%", i);
        if (close == std::string_view::npos) return;
        in_comment_ = false;
        i = close + 2;
        continue;
      }
      char c = text[i];
      if (c == '\\' && i + 1 < text.size()) {
        out_.append(text, i, 2);
        i += 2;
      } else if (c == '`') {
        i = code_span(text, i);
      } else if (c == '%' && i + 1 < text.size() && text[i + 1] == '%') {
        in_comment_ = true;
        i += 2;
      } else if (footnotes && c == '^' && i + 1 < text.size() && text[i + 1] == '[' && match_[i + 1] != std::string_view::npos) {
        std::size_t close = match_[i + 1];
        notes_.emplace_back(text.substr(i + 2, close - i - 2));
        out_.append("[^inline-").append(std::to_string(notes_.size())).append("]");
        i = close + 1;
      } else {
        out_ += c;
        ++i;
      }
    }
  }

  // A code span from the backtick run at `i`, copied as it is; or the run alone when no run of the
  // same length closes it on this line (remembered, so unclosed runs stay linear).
  std::size_t code_span(std::string_view text, std::size_t i) {
    std::size_t n = run_of(text, i, '`');
    std::size_t close = std::string_view::npos;
    if (!no_close_.contains(n))
      for (std::size_t j = text.find('`', i + n); j != std::string_view::npos; j = text.find('`', j)) {
        std::size_t m = run_of(text, j, '`');
        if (m == n) {
          close = j;
          break;
        }
        j += m;
      }
    if (close == std::string_view::npos) {
      no_close_.insert(n);
      out_.append(text, i, n);
      return i + n;
    }
    out_.append(text, i, close + n - i);
    return close + n;
  }

  std::string_view body_;
  std::string out_;
  bool in_comment_ = false;
  Fence fence_;
  std::vector<std::string> notes_;
  std::vector<std::size_t> match_;
  std::unordered_set<std::size_t> no_close_;  // backtick run lengths with no closer left on the line
};

}  // namespace

std::optional<std::string> obsidian_source(std::string_view body) {
  if (body.find("%%") == std::string_view::npos && body.find("^[") == std::string_view::npos) return std::nullopt;
  return SourcePass(body).run();
}

}  // namespace anth::ingest
