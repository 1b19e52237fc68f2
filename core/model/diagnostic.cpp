#include "core/model/diagnostic.h"

#include <tuple>

namespace anth {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    case Severity::Off: return "off";
  }
  return "off";
}

bool parse_severity(const std::string& text, Severity& out) {
  if (text == "error") out = Severity::Error;
  else if (text == "warning") out = Severity::Warning;
  else if (text == "info") out = Severity::Info;
  else if (text == "off") out = Severity::Off;
  else return false;
  return true;
}

bool diagnostic_less(const Diagnostic& a, const Diagnostic& b) {
  return std::tie(a.where.file, a.where.line, a.where.column, a.rule, a.message) <
         std::tie(b.where.file, b.where.line, b.where.column, b.rule, b.message);
}

}  // namespace anth
