#pragma once
// A progress bar on stderr with counts and rate, shown only when stderr is a terminal and the work has
// run longer than a second (cli.md: "a progress bar on long work when stderr is a terminal").
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>

namespace anth::cli {

class Progress {
 public:
  // `label` names the work ("parsing"); `total` is the number of items.
  Progress(std::string label, std::size_t total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Thread-safe; cheap when nothing is drawn.
  void advance(std::size_t done);
  void set_total(std::size_t total) { total_ = total; }
  // Clears the bar (if one was drawn).
  void finish();

 private:
  void draw(std::size_t done);

  std::string label_;
  std::atomic<std::size_t> total_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  std::mutex mutex_;
  bool drawn_ = false;
};

}  // namespace anth::cli
