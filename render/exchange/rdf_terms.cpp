#include "render/exchange/rdf_terms.h"

#include <cctype>

#include "render/exchange/linked_data.h"

namespace anth::render::exchange {

namespace {

bool plain_local_name(std::string_view local) {
  if (local.empty() || local.front() == '-') return false;
  for (char c : local)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  return true;
}

}  // namespace

std::optional<std::string> compact_iri(std::string_view iri) {
  for (const RdfPrefix& p : rdf_prefixes()) {
    std::string_view base = p.iri;
    if (iri.starts_with(base) && plain_local_name(iri.substr(base.size())))
      return std::string(p.name) + ":" + std::string(iri.substr(base.size()));
  }
  return std::nullopt;
}

}  // namespace anth::render::exchange
