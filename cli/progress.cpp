#include "cli/progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace anth::cli {

namespace {
Progress::Clock::duration grace() {
  const char* ms = std::getenv("ANTHOLOGY_PROGRESS_GRACE_MS");
  return ms ? std::chrono::milliseconds(std::atol(ms)) : std::chrono::milliseconds(1000);
}
// Seconds into a phase before its rate shows: a rate over the first instants says nothing.
double rate_after() {
  const char* ms = std::getenv("ANTHOLOGY_PROGRESS_RATE_MS");
  return ms ? static_cast<double>(std::atol(ms)) / 1000 : 0.25;
}
constexpr auto redraw_every = std::chrono::milliseconds(100);
constexpr std::size_t bar_width = 30, min_bar_width = 10;

// The terminal's columns (stderr's window size), else $COLUMNS, else 80.
std::size_t terminal_columns() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  if (const char* c = std::getenv("COLUMNS"); c && std::atoi(c) > 0) return static_cast<std::size_t>(std::atoi(c));
  return 80;
}

// "12/s", or "3.5 s/item" below one item a second (where "0/s" would say nothing).
std::string rate_text(double per_second) {
  char text[32];
  if (per_second >= 1 || per_second <= 0) std::snprintf(text, sizeof text, "%.0f/s", per_second);
  else std::snprintf(text, sizeof text, "%.1f s/item", 1 / per_second);
  return text;
}

}  // namespace

std::string progress_line(const std::string& label, std::size_t done, std::size_t total, double seconds,
                          std::size_t columns, double rate_after) {
  double fraction = total ? std::min(1.0, static_cast<double>(done) / static_cast<double>(total)) : 1.0;
  std::string counts = " " + std::to_string(done) + "/" + std::to_string(total);
  if (seconds > 0 && seconds >= rate_after) counts += "  " + rate_text(static_cast<double>(done) / seconds);
  // One column is left free: a line that fills the last column wraps on some terminals, and a
  // wrapped bar leaves a stale line at every redraw.
  std::size_t room = columns > 1 ? columns - 1 : 1;
  std::size_t fixed = label.size() + 3 + counts.size();  // "label [" + "]" + counts
  std::size_t width = fixed + min_bar_width <= room ? std::min(bar_width, room - fixed) : min_bar_width;
  std::string bar(static_cast<std::size_t>(fraction * static_cast<double>(width)), '#');
  bar.resize(width, '.');
  std::string line = label + " [" + bar + "]" + counts;
  if (line.size() > room) line.resize(room);
  return line;
}

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

// No escape codes: a carriage return, the line, and spaces over what the previous frame left, so that
// a dumb terminal shows it as well.
void Progress::draw(std::size_t done) {
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string line = progress_line(label_, done, total_.load(), seconds, terminal_columns(), rate_after());
  std::size_t length = line.size();
  if (length < drawn_length_) line.append(drawn_length_ - length, ' ');
  std::fprintf(stderr, "\r%s", line.c_str());
  std::fflush(stderr);
  drawn_length_ = length;
  drawn_ = true;
}

void Progress::finish() {
  std::lock_guard lock(mutex_);
  if (drawn_) {
    std::fprintf(stderr, "\r%s\r", std::string(drawn_length_, ' ').c_str());
    std::fflush(stderr);
    drawn_ = false;
    drawn_length_ = 0;
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
