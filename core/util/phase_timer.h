#pragma once
// Where a command's time goes, phase by phase: with ANTHOLOGY_TIMINGS=1 in the environment each
// finished phase prints "timing: <phase> <ms> (cpu <ms>)" to stderr, the CPU time being the whole
// process's user + system time, so a phase that keeps both cores busy shows about twice its wall time.
// Costs nothing but a flag test otherwise.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace anth::util {

class PhaseTimer {
 public:
  PhaseTimer() : enabled_(std::getenv("ANTHOLOGY_TIMINGS") != nullptr) {
    if (enabled_) last_ = now(), last_cpu_ = cpu_ms();
  }

  // Ends the phase that started at the previous mark (or construction).
  void mark(std::string_view phase) {
    if (!enabled_) return;
    auto t = now();
    double cpu = cpu_ms();
    std::fprintf(stderr, "timing: %.*s %.1f ms (cpu %.0f ms)\n", static_cast<int>(phase.size()), phase.data(),
                 std::chrono::duration<double, std::milli>(t - last_).count(), cpu - last_cpu_);
    last_ = t;
    last_cpu_ = cpu;
  }

 private:
  static std::chrono::steady_clock::time_point now() { return std::chrono::steady_clock::now(); }
  static double cpu_ms() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    auto ms = [](const timeval& t) { return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_usec) / 1e3; };
    return ms(u.ru_utime) + ms(u.ru_stime);
  }

  bool enabled_;
  std::chrono::steady_clock::time_point last_;
  double last_cpu_ = 0;
};

}  // namespace anth::util