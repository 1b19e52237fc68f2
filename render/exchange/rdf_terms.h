#pragma once
// What the Turtle and JSON-LD writers share: an IRI written short with a declared prefix when its rest
// is a plain local name.
#include <optional>
#include <string>
#include <string_view>

namespace anth::render::exchange {

// "schema:name" for "https://schema.org/name"; nullopt when no prefix fits or the rest is no plain
// local name (letters, digits, '_' and '-', not starting with '-').
std::optional<std::string> compact_iri(std::string_view iri);

}  // namespace anth::render::exchange
