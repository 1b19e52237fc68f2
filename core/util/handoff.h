#pragma once
// Work handed to one thread of its own, done in the order it was handed over: the second half of a
// serial stage moved off the thread that runs the first (the body pass gives each note's search entry
// to the search index's builder this way, site_body_pass.cpp). At most `capacity` items wait; push()
// blocks beyond that. The first exception thrown by `use` stops the thread, and finish() rethrows it.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace anth::util {

template <class T>
class Handoff {
 public:
  Handoff(std::function<void(T&)> use, std::size_t capacity)
      : use_(std::move(use)), capacity_(capacity ? capacity : 1), thread_([this] { run(); }) {}
  ~Handoff() { stop(); }
  Handoff(const Handoff&) = delete;
  Handoff& operator=(const Handoff&) = delete;

  // Queues one item; false once `use` has thrown (nothing more is done).
  bool push(T item) {
    std::unique_lock lock(mutex_);
    taken_.wait(lock, [&] { return queue_.size() < capacity_ || error_; });
    if (error_) return false;
    queue_.push_back(std::move(item));
    queued_.notify_one();
    return true;
  }

  // Waits until every item is used; rethrows the exception `use` threw, if any.
  void finish() {
    stop();
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  void run() {
    std::unique_lock lock(mutex_);
    while (true) {
      queued_.wait(lock, [&] { return !queue_.empty() || closing_; });
      if (queue_.empty()) return;
      T item = std::move(queue_.front());
      queue_.pop_front();
      taken_.notify_one();
      lock.unlock();
      try {
        use_(item);
      } catch (...) {
        lock.lock();
        error_ = std::current_exception();
        queue_.clear();
        taken_.notify_all();
        return;
      }
      lock.lock();
    }
  }

  void stop() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    queued_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

  std::function<void(T&)> use_;
  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable queued_, taken_;
  std::deque<T> queue_;
  bool closing_ = false;
  std::exception_ptr error_;
  std::thread thread_;  // last: started once every other member is there
};

}  // namespace anth::util
