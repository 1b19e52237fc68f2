#pragma once
// A place in the corpus: a file relative to the corpus root ('/'-separated) and a 1-based line and column.
#include "core/model/path_text.h"

namespace anth {

struct Location {
  PathText file;  // shared by the places of one file (path_text.h)
  int line = 1;
  int column = 1;

  friend bool operator==(const Location&, const Location&) = default;
  friend auto operator<=>(const Location&, const Location&) = default;
};

}  // namespace anth
