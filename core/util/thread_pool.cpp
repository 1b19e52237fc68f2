#include "core/util/thread_pool.h"

#include <atomic>

namespace anth::util {

unsigned worker_count(unsigned max_threads) {
  unsigned n = std::thread::hardware_concurrency();
  return std::clamp(n == 0 ? 1u : n, 1u, std::max(1u, max_threads));
}

void parallel_for(std::size_t n, unsigned workers, const std::function<void(std::size_t, unsigned)>& work,
                  const std::function<bool()>& stop) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto run = [&](unsigned worker) {
    try {
      for (std::size_t i; !failed && (i = next.fetch_add(1)) < n;) {
        if (stop && stop()) return;
        work(i, worker);
      }
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
      failed = true;
    }
  };
  workers = static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(workers, n)));
  std::vector<std::thread> threads;
  for (unsigned w = 1; w < workers; ++w) threads.emplace_back(run, w);
  run(0);
  for (std::thread& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace anth::util