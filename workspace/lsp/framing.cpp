#include "workspace/lsp/framing.h"

#include <cctype>
#include <charconv>

namespace anth::workspace::lsp {

namespace {

// One header line without its "\r\n" (a bare "\n" is accepted); nullopt at the end of the input.
std::optional<std::string> header_line(std::istream& in) {
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

bool header_named(const std::string& line, std::string_view name) {
  if (line.size() <= name.size() || line[name.size()] != ':') return false;
  for (std::size_t i = 0; i < name.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(line[i])) != std::tolower(static_cast<unsigned char>(name[i]))) return false;
  return true;
}

}  // namespace

std::optional<Frame> read_frame(std::istream& in) {
  std::optional<std::size_t> length;
  bool bad_length = false, any = false;
  while (true) {
    auto line = header_line(in);
    if (!line) return std::nullopt;
    if (line->empty()) {
      if (!any) continue;  // blank lines between messages
      break;
    }
    any = true;
    if (header_named(*line, "content-length")) {
      std::string_view v = std::string_view(*line).substr(15);
      while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
      while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
      std::size_t n = 0;
      auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
      if (ec != std::errc() || end != v.data() + v.size()) bad_length = true;
      else length = n;
    }
  }
  if (bad_length || !length) return Frame{"", bad_length ? "a Content-Length that is not a number" : "no Content-Length header"};
  if (*length > max_message_bytes) {
    in.ignore(static_cast<std::streamsize>(*length));
    return Frame{"", "a message of " + std::to_string(*length) + " bytes, over the limit of " + std::to_string(max_message_bytes)};
  }
  std::string body(*length, '\0');
  in.read(body.data(), static_cast<std::streamsize>(*length));
  if (static_cast<std::size_t>(in.gcount()) != *length) return std::nullopt;  // cut short: the input ended
  return Frame{std::move(body), ""};
}

void write_frame(std::ostream& out, const std::string& body) {
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace anth::workspace::lsp
