// The ordered hand-off (core/util/handoff.h): every item used once, in the order pushed, on a thread
// other than the pusher's; never more than `capacity` waiting; the first exception stops it and is
// rethrown by finish().
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/util/handoff.h"

using anth::util::Handoff;

TEST_CASE("handoff: every item is used once, in order, on a thread of its own", "[handoff]") {
  for (std::size_t capacity : {1u, 3u, 256u}) {
    std::vector<int> used;
    std::atomic<bool> elsewhere{true};
    const auto pusher = std::this_thread::get_id();
    Handoff<int> h(
        [&](int& i) {
          if (std::this_thread::get_id() == pusher) elsewhere = false;
          used.push_back(i);
        },
        capacity);
    for (int i = 0; i < 5000; ++i) CHECK(h.push(i));
    h.finish();
    REQUIRE(used.size() == 5000);
    for (int i = 0; i < 5000; ++i) CHECK(used[i] == i);
    CHECK(elsewhere);
  }
}

TEST_CASE("handoff: no more than its capacity waits", "[handoff]") {
  std::atomic<int> pushed{0}, most_ahead{0};
  Handoff<int> h(
      [&](int& i) {
        // What the pusher has handed over beyond this item: waiting or being pushed (one may be
        // blocked inside push(), counted only once it returns).
        most_ahead = std::max(most_ahead.load(), pushed.load() - i - 1);
        std::this_thread::sleep_for(std::chrono::microseconds(50));
      },
      4);
  for (int i = 0; i < 400; ++i) {
    h.push(i);
    ++pushed;
  }
  h.finish();
  CHECK(most_ahead <= 5);  // four waiting, and the one just pushed
  CHECK(most_ahead >= 1);  // the pusher did run ahead
}

TEST_CASE("handoff: the first exception stops it and finish() rethrows it", "[handoff]") {
  std::atomic<int> used{0};
  Handoff<int> h(
      [&](int& i) {
        if (i == 100) throw std::runtime_error("used badly");
        ++used;
      },
      8);
  bool refused = false;
  for (int i = 0; i < 100000 && !refused; ++i) refused = !h.push(i);
  CHECK(refused);  // pushes after the exception are refused
  CHECK_THROWS_WITH(h.finish(), "used badly");
  CHECK(used == 100);  // nothing after the item that threw
  CHECK_NOTHROW(h.finish());  // rethrown once
}
