#include "cli/progress.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace anth::cli {

namespace {
Progress::Clock::duration grace() {
  const char* ms = std::getenv("ANTHOLOGY_PROGRESS_GRACE_MS");
  return ms ? std::chrono::milliseconds(std::atol(ms)) : std::chrono::milliseconds(1000);
}
constexpr auto redraw_every = std::chrono::milliseconds(100);
constexpr int bar_width = 30;
}  // namespace

Progress::Progress(std::string label, std::size_t total, Clock::time_point since)
    : label_(std::move(label)),
      total_(total),
      enabled_(::isatty(STDERR_FILENO) != 0),
      start_(Clock::now()),
      next_draw_((since + grace()).time_since_epoch().count()) {}

Progress::~Progress() { finish(); }

void Progress::advance(std::size_t done) {
  if (!enabled_) return;
  Clock::rep now = Clock::now().time_since_epoch().count();
  if (now < next_draw_.load(std::memory_order_relaxed)) return;
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock) return;  // another thread is drawing; skipping one frame is fine
  next_draw_ = now + std::chrono::duration_cast<Clock::duration>(redraw_every).count();
  draw(done);
}

void Progress::draw(std::size_t done) {
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::size_t total = total_.load();
  double fraction = total ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  int filled = static_cast<int>(fraction * bar_width);
  std::string bar(filled, '#');
  bar.resize(bar_width, '.');
  // A rate over the first instants of a phase says nothing: it shows after a quarter second.
  if (seconds >= 0.25)
    std::fprintf(stderr, "\r%s [%s] %zu/%zu  %.0f/s \033[K", label_.c_str(), bar.c_str(), done, total,
                 static_cast<double>(done) / seconds);
  else
    std::fprintf(stderr, "\r%s [%s] %zu/%zu \033[K", label_.c_str(), bar.c_str(), done, total);
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  if (drawn_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    drawn_ = false;
  }
}

PhasedProgress::PhasedProgress(Progress::Clock::time_point since) : since_(since), enabled_(::isatty(STDERR_FILENO) != 0) {}

void PhasedProgress::operator()(std::string_view phase, std::size_t done, std::size_t total) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (phase != phase_ || !bar_) {
    if (bar_) bar_->finish();
    phase_ = phase;
    bar_ = std::make_unique<Progress>(std::string(phase), total, since_);
  }
  bar_->advance(done);
}

void PhasedProgress::finish() {
  std::lock_guard lock(mutex_);
  if (bar_) bar_->finish();
  bar_.reset();
}

}  // namespace anth::cli
