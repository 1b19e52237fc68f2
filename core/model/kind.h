#pragma once
// The kinds of node and how an id tells them apart (docs/format.md, "Kinds"): five typed kinds, and
// PAGE for any other note of a vault (its id derived from its path, ingest/page_id.h).
#include <optional>
#include <string>
#include <string_view>

namespace anth {

enum class Kind { Lit, Note, Sota, Theory, Term, Page };

inline constexpr Kind all_kinds[] = {Kind::Lit, Kind::Note, Kind::Sota, Kind::Theory, Kind::Term, Kind::Page};

// One of the five kinds the anthology's rules are about (every kind but PAGE).
inline constexpr bool is_typed(Kind k) { return k != Kind::Page; }

// "LIT", "NOTE", "SOTA", "THEORY", "TERM", "PAGE".
const char* kind_name(Kind k);
// Case-insensitive inverse of kind_name ("sota" -> Kind::Sota).
std::optional<Kind> parse_kind(std::string_view name);
// The typed kind an id's pattern gives: LIT-523 -> Lit, qk-norm -> Term; nullopt for an id of no pattern
// (including a TERM slug that reads as another kind's id, such as "lit-523"). Never Page: whether a
// slug is a TERM or a page is the note's to say (ingest/field_validation.cpp).
std::optional<Kind> kind_of_id(std::string_view id);

}  // namespace anth
