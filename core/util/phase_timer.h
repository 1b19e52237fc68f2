#pragma once
// Where a command's time goes, phase by phase: with ANTHOLOGY_TIMINGS=1 in the environment each
// finished phase prints "timing: <phase> <ms>" to stderr. Costs one clock read per phase otherwise.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace anth {

class PhaseTimer {
 public:
  PhaseTimer() : enabled_(std::getenv("ANTHOLOGY_TIMINGS") != nullptr), last_(std::chrono::steady_clock::now()) {}

  // Ends the phase that started at the previous mark (or construction).
  void mark(std::string_view phase) {
    if (!enabled_) return;
    auto now = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(now - last_).count();
    std::fprintf(stderr, "timing: %.*s %.1f ms\n", static_cast<int>(phase.size()), phase.data(), ms);
    last_ = now;
  }

 private:
  bool enabled_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace anth
