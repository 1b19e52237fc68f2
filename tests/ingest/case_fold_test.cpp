// The one case fold (core/util/case_fold.h): Unicode's full case folding, composed, ASCII fast.
#include <catch2/catch.hpp>

#include "core/util/case_fold.h"

using anth::util::fold_case;

TEST_CASE("case fold: Unicode letters fold like ASCII ones", "[ingest][fold]") {
  CHECK(fold_case("Über Attention") == fold_case("über attention"));
  CHECK(fold_case("ÜBER ATTENTION") == "über attention");
  CHECK(fold_case("Straße") == fold_case("STRASSE"));  // full folding: ß is ss
  CHECK(fold_case("ΣΊΣΥΦΟΣ") == fold_case("σίσυφος"));
  CHECK(fold_case("U\xCC\x88" "ber") == fold_case("über"));  // U + combining diaeresis, composed
  CHECK(fold_case("LIT-523") == "lit-523");
  CHECK(fold_case("") == "");
  CHECK(fold_case("caf\xE9") == "caf\xE9");  // not UTF-8: only ASCII letters would fold
}
