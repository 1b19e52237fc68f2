#pragma once
// Another node as a relation or a list names it (show, origin, path, neighbors, the properties).
#include <optional>
#include <string>

namespace anth::query {

struct NodeRef {
  std::string id;
  std::string kind;    // "" when unknown
  std::string title;
  std::string status;
  std::optional<int> year;  // the "year of" the node (Graph::year; docs/rules/README.md)
};

}  // namespace anth::query
