#pragma once
// A progress bar on stderr with counts and rate, shown only when stderr is a terminal and the command
// has run longer than a second (docs/cli.md, "Output").
// ANTHOLOGY_PROGRESS_GRACE_MS changes that second and ANTHOLOGY_PROGRESS_RATE_MS the quarter second
// before a rate shows (tests set both to 0: a fast machine ends every phase sooner).
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace anth::cli {

class Progress {
 public:
  using Clock = std::chrono::steady_clock;
  // `label` names the work ("parsing"); `total` is the number of items; `since` is when the command
  // started, from which the grace second counts.
  Progress(std::string label, std::size_t total, Clock::time_point since = Clock::now());
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
  Clock::time_point start_;
  // When the next frame may be drawn: the end of the grace second, then 100 ms after each frame.
  // Atomic: every worker thread checks it on each advance().
  std::atomic<Clock::rep> next_draw_;
  std::mutex mutex_;
  bool drawn_ = false;
  std::size_t drawn_length_ = 0;  // of the last frame, which the next one covers
};

// One frame: "label [####......] done/total  rate", the bar narrowed and the line cut to fit in
// columns - 1. The rate shows once `rate_after` seconds have passed, as "N/s" or, below one a second,
// "N s/item".
std::string progress_line(const std::string& label, std::size_t done, std::size_t total, double seconds,
                          std::size_t columns, double rate_after = 0.25);

// One bar per phase of a longer task ("bodies", then "pages"): a new phase label replaces the bar.
// Thread-safe.
class PhasedProgress {
 public:
  explicit PhasedProgress(Progress::Clock::time_point since = Progress::Clock::now());
  // Cheap when stderr is no terminal; otherwise one lock per call.
  void operator()(std::string_view phase, std::size_t done, std::size_t total);
  void finish();

 private:
  Progress::Clock::time_point since_;
  bool enabled_;
  std::mutex mutex_;
  std::string phase_;
  std::unique_ptr<Progress> bar_;
};

}  // namespace anth::cli
