#include "cli/progress.h"

#include <unistd.h>

#include <cstdio>

namespace anth::cli {

namespace {
constexpr auto grace = std::chrono::seconds(1);
constexpr auto redraw_every = std::chrono::milliseconds(100);
constexpr int bar_width = 30;
}  // namespace

Progress::Progress(std::string label, std::size_t total)
    : label_(std::move(label)),
      total_(total),
      enabled_(::isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

Progress::~Progress() { finish(); }

void Progress::advance(std::size_t done) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  if (now - start_ < grace || now - last_draw_ < redraw_every) return;
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock) return;  // another thread is drawing; skipping one frame is fine
  last_draw_ = now;
  draw(done);
}

void Progress::draw(std::size_t done) {
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::size_t total = total_.load();
  double fraction = total ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  int filled = static_cast<int>(fraction * bar_width);
  std::string bar(filled, '#');
  bar.resize(bar_width, '.');
  std::fprintf(stderr, "\r%s [%s] %zu/%zu  %.0f/s ", label_.c_str(), bar.c_str(), done, total,
               seconds > 0 ? static_cast<double>(done) / seconds : 0.0);
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

}  // namespace anth::cli
