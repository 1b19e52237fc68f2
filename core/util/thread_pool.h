#pragma once
// The one way the engine runs work on several threads (issue 14): a parallel-for over an index range,
// and an ordered variant whose results are used in order on the calling thread while later ones are
// made. The first exception thrown by the work stops every thread and is rethrown to the caller.
#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace anth::util {

// One worker per core, between 1 and `max_threads`.
unsigned worker_count(unsigned max_threads = 8);

// Runs work(i, worker) for i in [0, n) on up to `workers` threads (the calling thread is one of them),
// each thread taking the next index; `worker` is the thread's number (0 for the caller), for per-thread
// state. Stops taking new indices once `stop` returns true. Results must not depend on which thread ran
// what.
void parallel_for(std::size_t n, unsigned workers, const std::function<void(std::size_t, unsigned)>& work,
                  const std::function<bool()>& stop = {});

// Runs make(i) for i in [0, n) on `workers` threads of their own, and use(i, result) on the calling
// thread in order of i as the results come: the ordered part runs while the next items are made, with
// no wait for a whole batch. At most `window` results are made ahead of use.
template <class T, class Make, class Use>
void ordered_parallel(std::size_t n, unsigned workers, std::size_t window, Make&& make, Use&& use) {
  window = std::max<std::size_t>(1, window);
  std::vector<std::optional<T>> slots(window);
  std::mutex mutex;
  std::condition_variable made, used;
  std::size_t next = 0, consumed = 0;
  bool failed = false;
  std::exception_ptr error;
  auto fail = [&](std::exception_ptr e) {
    {
      std::lock_guard lock(mutex);
      if (!error) error = e;
      failed = true;
    }
    made.notify_all();
    used.notify_all();
  };
  auto run = [&] {
    try {
      while (true) {
        std::size_t i;
        {
          std::unique_lock lock(mutex);
          used.wait(lock, [&] { return failed || next >= n || next < consumed + window; });
          if (failed || next >= n) return;
          i = next++;
        }
        T result = make(i);
        {
          std::lock_guard lock(mutex);
          slots[i % window] = std::move(result);
        }
        made.notify_all();
      }
    } catch (...) {
      fail(std::current_exception());
    }
  };
  std::vector<std::thread> threads;
  for (unsigned w = 0; w < std::max(1u, workers); ++w) threads.emplace_back(run);
  try {
    for (std::size_t i = 0; i < n; ++i) {
      std::optional<T> result;
      {
        std::unique_lock lock(mutex);
        made.wait(lock, [&] { return failed || slots[i % window].has_value(); });
        if (failed) break;
        result = std::move(slots[i % window]);
        slots[i % window].reset();
        consumed = i + 1;
      }
      used.notify_all();
      use(i, *result);
    }
  } catch (...) {
    fail(std::current_exception());
  }
  for (std::thread& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace anth::util