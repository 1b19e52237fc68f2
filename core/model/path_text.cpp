#include "core/model/path_text.h"

#include <ostream>

namespace anth {

PathText::PathText(std::string_view text) {
  if (text.empty()) return;
  thread_local std::shared_ptr<const std::string> last;
  if (!last || *last != text) last = std::make_shared<const std::string>(text);
  text_ = last;
}

const std::string& PathText::empty_text() {
  static const std::string empty;
  return empty;
}

std::string operator+(const PathText& a, std::string_view b) {
  std::string out = a.str();
  out += b;
  return out;
}

std::string operator+(std::string_view a, const PathText& b) {
  std::string out(a);
  out += b.str();
  return out;
}

std::ostream& operator<<(std::ostream& out, const PathText& p) { return out << p.str(); }

}  // namespace anth
