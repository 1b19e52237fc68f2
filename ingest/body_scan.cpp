#include "ingest/body_scan.h"

#include <cctype>
#include <optional>
#include <unordered_map>

#include "core/model/wikilink_text.h"
#include "core/util/text.h"

namespace anth::ingest {

namespace {

bool is_key_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

// Scans one inline block. `lines` are the block's lines; `first_line` is the file line of lines[0].
// Linear in the block's size: locations are counted on from the previous one, and a search that failed
// (no "]]", no closing backticks, no closer of a bracketed field) is never repeated over the same text,
// so one long line of links or of unclosed brackets cannot make it quadratic (tests/hardening).
class BlockScanner {
 public:
  BlockScanner(const std::vector<std::string_view>& lines, int first_line, const std::string& path, BodyScan& out)
      : lines_(lines), first_line_(first_line), path_(path), out_(out) {}

  void run() {
    for (line_ = 0; line_ < lines_.size(); ++line_) {
      std::string_view line = lines_[line_];
      col_offset_ = 0;
      col_ = 1;
      no_close_from_ = std::string_view::npos;
      finder_.emplace(line);
      dead_[0].assign(line.size(), false);
      dead_[1].assign(line.size(), false);
      std::size_t i = 0;
      if (open_code_ == 0) {
        if (line_field(line)) i = line.size();  // the whole line was a field
      }
      scan_inline(line, i, line.size());
    }
  }

 private:
  // The location of a byte offset of the current line. Offsets mostly come in increasing order, so the
  // column is counted on from the last one asked for.
  Location loc(std::size_t offset) {
    std::string_view line = lines_[line_];
    if (offset < col_offset_) {
      col_offset_ = 0;
      col_ = 1;
    }
    std::size_t upto = std::min(offset, line.size());
    if (upto > col_offset_) {
      col_ += util::column_of(line.substr(col_offset_, upto - col_offset_), upto - col_offset_) - 1;
      col_offset_ = upto;
    }
    return {path_, first_line_ + static_cast<int>(line_), col_};
  }

  // line.find("]]", from), remembering a failure: no "]]" after `from` means none after any later offset.
  std::size_t find_close(std::string_view line, std::size_t from) {
    if (from >= no_close_from_) return std::string_view::npos;
    std::size_t close = line.find("]]", from);
    if (close == std::string_view::npos) no_close_from_ = from;
    return close;
  }

  // `key:: value` at the start of a line (after indentation, a list marker or a quote marker).
  bool line_field(std::string_view line) {
    std::size_t i = 0;
    auto skip_spaces = [&] { while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i; };
    skip_spaces();
    while (i < line.size() && line[i] == '>') { ++i; skip_spaces(); }
    if (i + 1 < line.size() && (line[i] == '-' || line[i] == '*' || line[i] == '+') && line[i + 1] == ' ') {
      i += 2;
      skip_spaces();
    }
    std::size_t key_start = i;
    if (i >= line.size() || !std::isalpha(static_cast<unsigned char>(line[i]))) return false;
    while (i < line.size() && is_key_char(line[i])) ++i;
    if (line.substr(i, 2) != "::") return false;
    Field f;
    f.key = std::string(line.substr(key_start, i - key_start));
    f.where = loc(key_start);
    f.origin = Origin::Inline;
    std::size_t value_start = i + 2;
    collect_value(f, line, value_start, line.size());
    out_.inline_fields.push_back(std::move(f));
    return true;
  }

  // The items of an inline field's value: each wikilink, else the trimmed text as one scalar.
  void collect_value(Field& f, std::string_view line, std::size_t from, std::size_t to) {
    std::size_t i = from;
    while (i < to) {
      std::optional<WikilinkSpan> link = finder_->next(i);
      if (!link || link->close >= to) break;
      f.items.push_back({std::string(line.substr(link->open, link->close + 2 - link->open)), loc(link->open)});
      i = link->close + 2;
    }
    if (f.items.empty()) {
      std::string_view raw = line.substr(from, to - from);
      std::string_view value = util::trim(raw);
      if (!value.empty()) f.items.push_back({std::string(value), loc(from + (value.data() - raw.data()))});
    }
    f.shape = f.items.empty() ? Field::Shape::Null : f.items.size() == 1 ? Field::Shape::Scalar : Field::Shape::List;
  }

  // Scans [from, to) of the current line for code spans, wikilinks and bracketed fields.
  // A code span may continue over lines: open_code_ holds its backtick count between lines.
  void scan_inline(std::string_view line, std::size_t from, std::size_t to) {
    std::size_t i = from;
    while (i < to) {
      char c = line[i];
      if (open_code_ > 0) {
        if (c == '`') {
          std::size_t run = backtick_run(line, i);
          if (run == open_code_) open_code_ = 0;
          i += run;
        } else {
          ++i;
        }
        continue;
      }
      if (c == '\\' && i + 1 < to && std::ispunct(static_cast<unsigned char>(line[i + 1]))) {
        i += 2;
        continue;
      }
      if (c == '`') {
        std::size_t run = backtick_run(line, i);
        if (closes_later(i + run, run)) open_code_ = run;
        i += run;
        continue;
      }
      if (c == '[' && i + 1 < to && line[i + 1] == '[') {
        if (std::optional<WikilinkSpan> span = finder_->at(i); span && span->close < to) {
          Wikilink link = parse_wikilink_text(span->inside(line));
          link.where = loc(i);
          if (!link.target.empty() || !link.heading.empty()) out_.wikilinks.push_back(std::move(link));
          i = span->close + 2;
          continue;
        }
      }
      if ((c == '[' || c == '(') && bracket_field(line, i, to, c == '[' ? ']' : ')')) continue;
      ++i;
    }
  }

  // `[key:: value]` or `(key:: value)` inside a paragraph; advances i past it when it is one.
  bool bracket_field(std::string_view line, std::size_t& i, std::size_t to, char closer) {
    std::size_t k = i + 1;
    while (k < to && line[k] == ' ') ++k;
    std::size_t key_start = k;
    if (k >= to || !std::isalpha(static_cast<unsigned char>(line[k]))) return false;
    while (k < to && is_key_char(line[k])) ++k;
    if (line.substr(k, 2) != "::") return false;
    // The value runs to the matching closer, stepping over [[...]]. The walk from a given offset always
    // ends the same way, so the offsets of a walk that found no closer are marked dead: a later walk
    // that reaches one stops there.
    std::size_t v = k + 2, end = std::string_view::npos;
    std::vector<bool>& dead = dead_[closer == ']' ? 0 : 1];
    visited_.clear();
    for (std::size_t j = v; j < to; ++j) {
      if (dead[j]) break;
      visited_.push_back(j);
      if (line.substr(j, 2) == "[[") {
        std::size_t close = find_close(line, j + 2);
        if (close == std::string_view::npos) break;
        j = close + 1;
      } else if (line[j] == closer) {
        end = j;
        break;
      }
    }
    if (end == std::string_view::npos) {
      if (to == line.size())
        for (std::size_t j : visited_) dead[j] = true;
      return false;
    }
    Field f;
    f.key = std::string(line.substr(key_start, k - key_start));
    f.where = loc(key_start);
    f.origin = Origin::Inline;
    collect_value(f, line, v, end);
    out_.inline_fields.push_back(std::move(f));
    i = end + 1;
    return true;
  }

  static std::size_t backtick_run(std::string_view line, std::size_t i) {
    std::size_t n = 0;
    while (i + n < line.size() && line[i + n] == '`') ++n;
    return n;
  }

  // Whether a run of exactly `run` backticks follows, on this line at or after `from` (just past a
  // run) or on a later line of the block. The last run of each length is found once, in one pass.
  bool closes_later(std::size_t from, std::size_t run) {
    if (!runs_indexed_) {
      for (std::size_t l = 0; l < lines_.size(); ++l)
        for (std::size_t i = 0; i < lines_[l].size();) {
          if (lines_[l][i] != '`') { ++i; continue; }
          std::size_t n = backtick_run(lines_[l], i);
          last_run_[n] = {l, i};
          i += n;
        }
      runs_indexed_ = true;
    }
    auto it = last_run_.find(run);
    return it != last_run_.end() && (it->second.first > line_ || (it->second.first == line_ && it->second.second >= from));
  }

  const std::vector<std::string_view>& lines_;
  int first_line_;
  const std::string& path_;
  BodyScan& out_;
  std::size_t line_ = 0;
  std::size_t open_code_ = 0;
  // Per line: the column cache of loc(), where find_close() last failed, the dead offsets of
  // bracket_field() for ']' and ')'.
  std::size_t col_offset_ = 0;
  int col_ = 1;
  std::size_t no_close_from_ = std::string_view::npos;
  std::optional<WikilinkFinder> finder_;  // the wikilinks of the line (core/model/wikilink_text.h)
  std::vector<bool> dead_[2];
  std::vector<std::size_t> visited_;
  // Per block: the line and offset of the last backtick run of each length.
  bool runs_indexed_ = false;
  std::unordered_map<std::size_t, std::pair<std::size_t, std::size_t>> last_run_;
};

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      if (start < text.size()) lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

Wikilink parse_wikilink_text(std::string_view inside) {
  WikilinkText parts = split_wikilink(inside);
  Wikilink link;
  link.target = std::string(parts.target);
  link.heading = std::string(parts.heading);
  link.display = std::string(parts.display);
  return link;
}

BodyScan scan_body(std::string_view body, int body_line, const std::string& path, const std::vector<LineRange>& blocks) {
  BodyScan out;
  if (body.empty()) return out;
  // Reserved for every "[[": a note of millions of links would otherwise copy its list as it doubles.
  out.wikilinks.reserve(util::count_of(body, "[["));
  std::vector<std::string_view> lines = split_lines(body);
  for (LineRange r : blocks) {
    if (r.first < 1 || r.last < r.first || static_cast<std::size_t>(r.first) > lines.size()) continue;
    std::size_t last = std::min<std::size_t>(r.last, lines.size());
    std::vector<std::string_view> block(lines.begin() + (r.first - 1), lines.begin() + last);
    BlockScanner(block, body_line + r.first - 1, path, out).run();
  }
  return out;
}

BodyScan scan_body(std::string_view body, int body_line, const std::string& path) {
  return scan_body(body, body_line, path, parse_body(body, false).inline_blocks);
}

}  // namespace anth::ingest
