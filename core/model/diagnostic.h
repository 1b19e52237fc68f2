#pragma once
// A finding about the corpus. Problems in notes are values, never exceptions: every stage appends them.
#include <string>
#include <vector>

#include "core/model/location.h"

namespace anth {

enum class Severity { Off, Info, Warning, Error };

const char* severity_name(Severity s);                // "error", "warning", "info", "off"
bool parse_severity(const std::string& text, Severity& out);

struct RelatedLocation {
  Location where;
  std::string message;

  friend bool operator==(const RelatedLocation&, const RelatedLocation&) = default;
};

struct Diagnostic {
  std::string rule;      // "P001"; its name and default severity come from the rule catalogue
  Severity severity = Severity::Error;
  Location where;
  std::string message;
  std::vector<RelatedLocation> related;

  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// Sort order of the text output: file, line, column, rule.
bool diagnostic_less(const Diagnostic& a, const Diagnostic& b);

}  // namespace anth
