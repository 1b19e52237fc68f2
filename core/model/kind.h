#pragma once
// The five kinds of node and how an id tells them apart (docs/format.md, "Kinds").
#include <optional>
#include <string>
#include <string_view>

namespace anth {

enum class Kind { Lit, Note, Sota, Theory, Term };

inline constexpr Kind all_kinds[] = {Kind::Lit, Kind::Note, Kind::Sota, Kind::Theory, Kind::Term};

// "LIT", "NOTE", "SOTA", "THEORY", "TERM".
const char* kind_name(Kind k);
// Case-insensitive inverse of kind_name ("sota" -> Kind::Sota).
std::optional<Kind> parse_kind(std::string_view name);
// The kind an id's pattern gives: LIT-523 -> Lit, qk-norm -> Term; nullopt for an id of no pattern
// (including a TERM slug that reads as another kind's id, such as "lit-523").
std::optional<Kind> kind_of_id(std::string_view id);

}  // namespace anth
