// The one thread pool (core/util/thread_pool.h): parallel_for covers a range once and rethrows the first
// exception; ordered_parallel makes items on several threads and uses them in order.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include <atomic>

#include "core/util/thread_pool.h"

using anth::util::ordered_parallel;
using anth::util::parallel_for;

TEST_CASE("thread pool: ordered_parallel uses every result once, in order, whatever the threads", "[thread_pool]") {
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

TEST_CASE("thread pool: ordered_parallel stops on an exception and rethrows it", "[thread_pool]") {
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

TEST_CASE("thread pool: parallel_for runs every index once, on at most the workers asked for", "[thread_pool]") {
  for (unsigned workers : {1u, 2u, 7u}) {
    std::vector<std::atomic<int>> runs(5000);
    std::atomic<unsigned> highest{0};
    parallel_for(runs.size(), workers, [&](std::size_t i, unsigned worker) {
      ++runs[i];
      for (unsigned seen = highest; worker > seen && !highest.compare_exchange_weak(seen, worker);) {
      }
    });
    for (const auto& r : runs) CHECK(r == 1);
    CHECK(highest < workers);
  }
  parallel_for(0, 4, [](std::size_t, unsigned) { FAIL("nothing to run"); });
}

TEST_CASE("thread pool: parallel_for stops on the first exception and rethrows it", "[thread_pool]") {
  std::atomic<std::size_t> ran{0};
  auto work = [&](std::size_t i, unsigned) {
    if (i == 100) throw std::runtime_error("ran badly");
    ++ran;
  };
  CHECK_THROWS_WITH(parallel_for(1000000, 3, work), "ran badly");
  CHECK(ran < 1000000 - 1);
  std::atomic<std::size_t> until_stop{0};
  parallel_for(1000, 2, [&](std::size_t, unsigned) { ++until_stop; }, [&] { return until_stop >= 10; });
  CHECK(until_stop < 1000);
}
