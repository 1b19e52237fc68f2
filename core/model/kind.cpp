#include "core/model/kind.h"

#include <cctype>

namespace anth {

namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

bool is_slug(std::string_view s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  char prev = 0;
  for (char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok || (c == '-' && prev == '-')) return false;
    prev = c;
  }
  return true;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

}  // namespace

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::Lit: return "LIT";
    case Kind::Note: return "NOTE";
    case Kind::Sota: return "SOTA";
    case Kind::Theory: return "THEORY";
    case Kind::Term: return "TERM";
    case Kind::Page: return "PAGE";
  }
  return "?";
}

std::optional<Kind> parse_kind(std::string_view name) {
  for (Kind k : all_kinds)
    if (iequals(name, kind_name(k))) return k;
  return std::nullopt;
}

std::optional<Kind> kind_of_id(std::string_view id) {
  for (Kind k : {Kind::Lit, Kind::Note, Kind::Sota, Kind::Theory}) {
    std::string_view prefix = kind_name(k);
    if (id.size() > prefix.size() + 1 && id.substr(0, prefix.size()) == prefix && id[prefix.size()] == '-')
      return all_digits(id.substr(prefix.size() + 1)) ? std::optional(k) : std::nullopt;
  }
  if (!is_slug(id)) return std::nullopt;
  // A slug that reads as another kind's id ("lit-523") is ambiguous, so it is no valid TERM.
  for (Kind k : {Kind::Lit, Kind::Note, Kind::Sota, Kind::Theory}) {
    std::string_view prefix = kind_name(k);
    if (id.size() > prefix.size() + 1 && iequals(id.substr(0, prefix.size()), prefix) && id[prefix.size()] == '-')
      return std::nullopt;
  }
  return Kind::Term;
}

}  // namespace anth
