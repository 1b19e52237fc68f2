// The site's thread helpers: ordered_parallel makes items on several threads and uses them in order.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "render/site/parallel.h"

using anth::site::ordered_parallel;

TEST_CASE("site: ordered_parallel uses every result once, in order, whatever the threads", "[site]") {
  for (unsigned workers : {1u, 2u, 5u})
    for (std::size_t window : {1u, 3u, 64u}) {
      std::vector<std::size_t> used;
      ordered_parallel<std::string>(
          1000, workers, window, [](std::size_t i) { return std::to_string(i * i); },
          [&](std::size_t i, std::string& s) {
            CHECK(s == std::to_string(i * i));
            used.push_back(i);
          });
      REQUIRE(used.size() == 1000);
      for (std::size_t i = 0; i < used.size(); ++i) CHECK(used[i] == i);
    }
  ordered_parallel<int>(0, 2, 4, [](std::size_t) { return 0; }, [](std::size_t, int&) { FAIL("nothing to use"); });
}

TEST_CASE("site: ordered_parallel stops on an exception and rethrows it", "[site]") {
  std::size_t used = 0;
  auto make = [](std::size_t i) {
    if (i == 500) throw std::runtime_error("made badly");
    return static_cast<int>(i);
  };
  CHECK_THROWS_WITH(ordered_parallel<int>(100000, 2, 8, make, [&](std::size_t, int&) { ++used; }), "made badly");
  CHECK(used <= 500);
  CHECK_THROWS_WITH(ordered_parallel<int>(
                        1000, 2, 8, [](std::size_t i) { return static_cast<int>(i); },
                        [](std::size_t i, int&) {
                          if (i == 10) throw std::runtime_error("used badly");
                        }),
                    "used badly");
}
