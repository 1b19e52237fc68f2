#include "ingest/body_pieces.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace anth::ingest {

namespace {

bool blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\t' || c == '\r'; });
}

std::size_t indent_of(std::string_view line) {
  std::size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

bool starts_with_nocase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
  return true;
}

// A fence's run of ``` or ~~~ at the start of `text`: its length, 0 when none.
std::size_t fence_run(std::string_view text) {
  if (text.empty() || (text[0] != '`' && text[0] != '~')) return 0;
  std::size_t n = 0;
  while (n < text.size() && text[n] == text[0]) ++n;
  return n >= 3 ? n : 0;
}

// An HTML block of CommonMark's kinds 1 to 5 (they run past blank lines) opened by `text` (the line
// after its indent): the text that ends it, else "".
std::string_view html_block_end(std::string_view text) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 4> raw = {
      {{"<script", "</script>"}, {"<pre", "</pre>"}, {"<style", "</style>"}, {"<textarea", "</textarea>"}}};
  for (auto [open, close] : raw)
    if (starts_with_nocase(text, open)) {
      char next = text.size() > open.size() ? text[open.size()] : '\n';
      if (next == ' ' || next == '\t' || next == '>' || next == '\n' || next == '\r') return close;
    }
  if (text.starts_with("<!--")) return "-->";
  if (text.starts_with("<?")) return "?>";
  if (text.starts_with("<![CDATA[")) return "]]>";
  if (text.size() > 2 && text.starts_with("<!") && std::isupper(static_cast<unsigned char>(text[2]))) return ">";
  return "";
}

bool contains_nocase(std::string_view text, std::string_view needle) {
  if (needle.empty()) return false;
  for (std::size_t at = 0; at + needle.size() <= text.size(); ++at)
    if (starts_with_nocase(text.substr(at), needle)) return true;
  return false;
}

// A line that can reach across the document, or a fence the scan cannot follow: the body is not cut.
bool blocks_cutting(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && std::string_view(" \t>*+-0123456789.)").find(line[i]) != std::string_view::npos) ++i;
  std::string_view rest = line.substr(i);
  if (i > 0 && fence_run(rest) > 0) return true;  // a fence not at column 0
  if (rest.starts_with('[')) {                     // "[label]: url" or "[^note]: text"
    std::size_t close = rest.find(']');
    if (close != std::string_view::npos && close + 1 < rest.size() && rest[close + 1] == ':') return true;
  }
  return false;
}

}  // namespace

std::vector<BodyPiece> body_pieces(std::string_view body, std::size_t piece_bytes) {
  std::vector<BodyPiece> whole{{body, 1}};
  if (body.size() <= piece_bytes) return whole;
  std::vector<BodyPiece> pieces;
  std::size_t piece_start = 0;
  int piece_line = 1, line_number = 0;
  char fence = 0;
  std::size_t fence_length = 0;
  std::string_view html_end;
  bool after_blank = false;
  for (std::size_t at = 0; at < body.size();) {
    std::size_t end = body.find('\n', at);
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(at, end - at);
    ++line_number;
    if (blocks_cutting(line)) return whole;
    bool in_block = fence != 0 || !html_end.empty();
    if (!in_block && after_blank && !line.empty() && (std::isalpha(static_cast<unsigned char>(line[0])) || line[0] == '#') &&
        at - piece_start >= piece_bytes) {
      pieces.push_back({body.substr(piece_start, at - piece_start), piece_line});
      piece_start = at;
      piece_line = line_number;
    }
    std::size_t indent = indent_of(line);
    std::string_view text = indent <= 3 ? line.substr(indent) : std::string_view();
    if (fence != 0) {
      std::size_t run = indent == 0 ? fence_run(line) : 0;
      if (run >= fence_length && line[0] == fence && blank(line.substr(run))) fence = 0;
    } else if (!html_end.empty()) {
      if (contains_nocase(line, html_end)) html_end = {};
    } else if (std::size_t run = indent == 0 ? fence_run(line) : 0; run > 0) {
      // An opening fence; a ``` fence whose info string holds a backtick is text, not a fence.
      if (line[0] == '~' || line.substr(run).find('`') == std::string_view::npos) fence = line[0], fence_length = run;
    } else if (!text.empty()) {
      html_end = html_block_end(text);
      if (!html_end.empty() && contains_nocase(text.substr(1), html_end)) html_end = {};  // closed on its own line
    }
    after_blank = blank(line);
    at = end + 1;
  }
  if (pieces.empty()) return whole;
  pieces.push_back({body.substr(piece_start), piece_line});
  return pieces;
}

}  // namespace anth::ingest
