// run_process: posix_spawn with a signal mask and signal defaults reset, its own process group, and a
// poll loop over both pipes under the deadline and the size limit.
#include "render/kernels/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <sstream>
#include <thread>

extern char** environ;

namespace anth::render::kernels {

namespace {

class Pipe {
 public:
  Pipe() {
    if (::pipe2(fds_, O_CLOEXEC) != 0) fds_[0] = fds_[1] = -1;
  }
  ~Pipe() {
    close_read();
    close_write();
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  bool ok() const { return fds_[0] >= 0; }
  int read_end() const { return fds_[0]; }
  int write_end() const { return fds_[1]; }
  void close_read() {
    if (fds_[0] >= 0) ::close(fds_[0]);
    fds_[0] = -1;
  }
  void close_write() {
    if (fds_[1] >= 0) ::close(fds_[1]);
    fds_[1] = -1;
  }

 private:
  int fds_[2] = {-1, -1};
};

// Starts argv with stdout and stderr into the pipes, in its own process group; an error message when it
// could not start.
std::string spawn(const std::vector<std::string>& argv, Pipe& out, Pipe& err, pid_t& pid) {
  if (!out.ok() || !err.ok()) return std::string("cannot create a pipe: ") + std::strerror(errno);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attributes);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.write_end(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.write_end(), STDERR_FILENO);
  sigset_t no_signals, default_signals;
  sigemptyset(&no_signals);
  sigemptyset(&default_signals);
  for (const int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD}) sigaddset(&default_signals, s);
  posix_spawnattr_setsigmask(&attributes, &no_signals);
  posix_spawnattr_setsigdefault(&attributes, &default_signals);
  posix_spawnattr_setpgroup(&attributes, 0);  // its own process group
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  const int spawned = ::posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  out.close_write();
  err.close_write();
  if (spawned != 0) return "cannot run '" + argv[0] + "': " + std::strerror(spawned);
  return {};
}


// Reads the started process's pipes until it exits and they close, stopping it at the deadline or past
// max_bytes of output.
void collect(pid_t pid, Pipe& out, Pipe& err, double timeout_seconds, std::size_t max_bytes, ProcessOutcome& outcome) {
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::now() + std::chrono::duration_cast<clock::duration>(
                                           std::chrono::duration<double>(std::max(0.0, timeout_seconds)));
  bool reaped = false, out_open = true, err_open = true;
  int status = 0;
  clock::time_point reaped_at;
  const auto stop_group = [&] {
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
  };
  for (;;) {
    if (!reaped && ::waitpid(pid, &status, WNOHANG) == pid) reaped = true, reaped_at = clock::now();
    if (reaped && !out_open && !err_open) break;
    // Something it started may keep the pipes open after it exits: give it a moment, then stop it (its
    // process group still exists, since that process is in it).
    if (reaped && clock::now() - reaped_at > std::chrono::milliseconds(500)) {
      ::kill(-pid, SIGKILL);
      break;
    }
    if (!reaped && clock::now() >= deadline) {
      outcome.timed_out = true;
      stop_group();
      ::waitpid(pid, &status, 0);
      reaped = true;
      break;
    }
    pollfd fds[2];
    nfds_t count = 0;
    if (out_open) fds[count++] = {out.read_end(), POLLIN, 0};
    if (err_open) fds[count++] = {err.read_end(), POLLIN, 0};
    if (count == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      continue;
    }
    if (::poll(fds, count, 20) <= 0) continue;
    for (nfds_t i = 0; i < count; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buffer[65536];
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      const bool is_out = fds[i].fd == out.read_end();
      if (n <= 0) {
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        (is_out ? out_open : err_open) = false;
        continue;
      }
      std::string& sink = is_out ? outcome.out : outcome.err;
      sink.append(buffer, static_cast<std::size_t>(n));
      if (outcome.out.size() + outcome.err.size() > max_bytes && !outcome.overflowed) {
        outcome.overflowed = true;
        if (!reaped) {
          stop_group();
          ::waitpid(pid, &status, 0);
          reaped = true, reaped_at = clock::now();
        }
        out_open = err_open = false;
      }
    }
  }
  if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
}


}  // namespace

ProcessOutcome run_process(const std::vector<std::string>& argv, double timeout_seconds, std::size_t max_bytes) {
  ProcessOutcome outcome;
  if (argv.empty()) {
    outcome.spawn_error = "empty command";
    return outcome;
  }
  Pipe out, err;
  pid_t pid = -1;
  outcome.spawn_error = spawn(argv, out, err, pid);
  if (!outcome.spawn_error.empty()) return outcome;
  outcome.started = true;
  collect(pid, out, err, timeout_seconds, max_bytes, outcome);
  return outcome;
}

std::string first_lines(const std::string& text, std::size_t max_lines, std::size_t max_chars) {
  std::string out;
  std::size_t lines = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line) && lines < max_lines; ++lines) {
    if (out.size() + line.size() > max_chars) {
      out += (out.empty() ? "" : "\n") + line.substr(0, max_chars - std::min(max_chars, out.size())) + " ...";
      break;
    }
    out += (out.empty() ? "" : "\n") + line;
  }
  return out;
}

}  // namespace anth::render::kernels
