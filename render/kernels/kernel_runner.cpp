// compile_and_run: the compiler and the kernel run as child processes (posix_spawn, each in its own
// process group so a timeout kills everything it started), with stdout and stderr read through pipes
// under a deadline and a size limit.
#include "render/kernels/kernel_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

extern char** environ;

namespace anth::kernels {

namespace fs = std::filesystem;

namespace {

struct ProcessOutcome {
  bool started = false;
  std::string spawn_error;  // why it did not start
  bool timed_out = false;
  bool overflowed = false;
  int exit_code = -1;  // when it exited
  int signal = 0;      // when a signal ended it
  std::string out, err;
};

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

// Runs argv with stdin from /dev/null; stops it (and its process group) at the deadline or when it
// prints more than max_bytes.
ProcessOutcome run_process(const std::vector<std::string>& argv, double timeout_seconds, std::size_t max_bytes) {
  ProcessOutcome outcome;
  if (argv.empty()) {
    outcome.spawn_error = "empty command";
    return outcome;
  }
  Pipe out, err;
  if (!out.ok() || !err.ok()) {
    outcome.spawn_error = std::string("cannot create a pipe: ") + std::strerror(errno);
    return outcome;
  }
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

  pid_t pid = -1;
  const int spawned = ::posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  out.close_write();
  err.close_write();
  if (spawned != 0) {
    outcome.spawn_error = "cannot run '" + argv[0] + "': " + std::strerror(spawned);
    return outcome;
  }
  outcome.started = true;

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

class TempFolder {
 public:
  TempFolder() {
    std::error_code ec;
    std::string pattern = (fs::temp_directory_path(ec) / "anthology-kernel-XXXXXX").string();
    if (ec) pattern = "/tmp/anthology-kernel-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (::mkdtemp(buffer.data())) path_ = buffer.data();
  }
  ~TempFolder() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

bool is_executable_file(const fs::path& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// Whether the first word of a command names an executable (a path, or a name found on PATH).
bool resolves(const std::string& command) {
  const auto words = split_command(command);
  if (words.empty()) return false;
  const std::string& program = words.front();
  if (program.find('/') != std::string::npos) return is_executable_file(program);
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (is_executable_file(fs::path(dir.empty() ? "." : dir) / program)) return true;
  return false;
}

double number_or_nan(const nlohmann::json& value) {
  if (value.is_number()) return value.get<double>();
  return std::numeric_limits<double>::quiet_NaN();  // null: the program had no finite value
}

}  // namespace

std::string compiler_version(const std::string& compiler) {
  std::vector<std::string> command = split_command(compiler);
  if (command.empty()) return {};
  command.push_back("--version");
  const ProcessOutcome ran = run_process(command, 20, 1 << 16);
  if (!ran.started || ran.timed_out || ran.exit_code != 0) return {};
  return first_lines(ran.out, 1, 200);
}

std::vector<std::string> split_command(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : command) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        word += c;
    } else if (c == '"' || c == '\'') {
      quote = c, in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(word), word.clear(), in_word = false;
    } else {
      word += c, in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

std::optional<std::string> find_compiler(const std::string& requested) {
  if (!split_command(requested).empty()) return resolves(requested) ? std::optional(requested) : std::nullopt;
  for (const char* name : {"c++", "g++", "clang++"})
    if (resolves(name)) return std::string(name);
  return std::nullopt;
}

KernelResult parse_kernel_output(const std::string& output, int exit_status) {
  KernelResult result;
  result.exit_status = exit_status;
  // The last non-empty line.
  std::size_t end = output.size();
  while (end > 0 && (output[end - 1] == '\n' || output[end - 1] == '\r' || output[end - 1] == ' ')) --end;
  const std::size_t start = output.rfind('\n', end == 0 ? 0 : end - 1);
  const std::string last = output.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1));
  const std::string prefix = "RESULT ";
  if (last.compare(0, prefix.size(), prefix) != 0) {
    result.error = "no RESULT line";
    return result;
  }
  const auto json = nlohmann::json::parse(last.substr(prefix.size()), nullptr, false);
  const auto bad = [&](const std::string& why) {
    result.error = "bad RESULT line: " + why;
    result.claims.clear();
    result.pass = false;
    return result;
  };
  if (json.is_discarded()) return bad("not JSON");
  if (!json.is_object()) return bad("not a JSON object");
  if (!json.contains("kernel") || !json["kernel"].is_string()) return bad("no \"kernel\" string");
  if (!json.contains("node") || !json["node"].is_string()) return bad("no \"node\" string");
  if (!json.contains("pass") || !json["pass"].is_boolean()) return bad("no \"pass\" boolean");
  if (!json.contains("claims") || !json["claims"].is_array()) return bad("no \"claims\" array");
  result.kernel = json["kernel"].get<std::string>();
  result.node = json["node"].get<std::string>();
  bool all_claims = true;
  for (const auto& c : json["claims"]) {
    if (!c.is_object() || !c.contains("claim") || !c["claim"].is_string() || !c.contains("pass") ||
        !c["pass"].is_boolean() || !c.contains("measured") || !(c["measured"].is_number() || c["measured"].is_null()) ||
        !c.contains("bound") || !(c["bound"].is_number() || c["bound"].is_null()))
      return bad("a claim lacks \"claim\", \"measured\", \"bound\" or \"pass\"");
    KernelResult::Claim claim;
    claim.claim = c["claim"].get<std::string>();
    claim.measured = number_or_nan(c["measured"]);
    claim.bound = number_or_nan(c["bound"]);
    claim.pass = c["pass"].get<bool>();
    if (c.contains("direction") && c["direction"].is_string()) claim.direction = c["direction"].get<std::string>();
    if (claim.direction != "" && claim.direction != "<=" && claim.direction != ">=" && claim.direction != "\u2248")
      return bad("a claim's \"direction\" is none of <=, >=, \u2248");
    if (c.contains("tolerance") && c["tolerance"].is_number()) claim.tolerance = c["tolerance"].get<double>();
    all_claims = all_claims && claim.pass;
    result.claims.push_back(std::move(claim));
  }
  if (result.claims.empty()) return bad("no claims");
  const bool said_pass = json["pass"].get<bool>();
  result.pass = said_pass && all_claims && exit_status == 0;
  if (said_pass != all_claims)
    result.error = "RESULT pass disagrees with its claims";
  else if (exit_status != 0 && exit_status != 1)
    result.error = "exit status " + std::to_string(exit_status);
  else if ((exit_status == 0) != said_pass)
    result.error = "exit status " + std::to_string(exit_status) + " disagrees with RESULT pass";
  return result;
}

KernelResult compile_and_run(const std::string& source, const RunOptions& options) {
  KernelResult result;
  result.compiler = options.compiler;
  TempFolder folder;
  if (folder.path().empty()) {
    result.error = "compile failed: cannot create a temporary folder";
    return result;
  }
  const fs::path source_path = folder.path() / (options.source_name.empty() ? "kernel.cpp" : options.source_name);
  const fs::path program = folder.path() / "kernel";
  {
    std::ofstream file(source_path, std::ios::binary);
    file << source;
    if (!file) {
      result.error = "compile failed: cannot write " + source_path.string();
      return result;
    }
  }

  std::vector<std::string> compile = split_command(options.compiler);
  if (compile.empty()) {
    result.error = "compile failed: no compiler";
    return result;
  }
  compile.insert(compile.end(), options.flags.begin(), options.flags.end());
  compile.insert(compile.end(), {source_path.string(), "-o", program.string()});
  const ProcessOutcome built = run_process(compile, options.compile_timeout_seconds, options.max_output_bytes);
  if (!built.started) {
    result.error = "compile failed: " + built.spawn_error;
    return result;
  }
  if (built.timed_out || built.exit_code != 0 || built.signal != 0) {
    result.output = built.out + built.err;
    std::string why = built.timed_out ? "timeout"
                      : built.signal   ? "compiler killed by signal " + std::to_string(built.signal)
                                       : first_lines(built.err.empty() ? built.out : built.err, 12, 2000);
    if (why.empty()) why = "exit status " + std::to_string(built.exit_code);
    // Name the source as the user knows it, not by the temporary folder.
    for (std::size_t at; (at = why.find(folder.path().string() + "/")) != std::string::npos;)
      why.erase(at, folder.path().string().size() + 1);
    result.error = "compile failed: " + why;
    return result;
  }

  const ProcessOutcome ran = run_process({program.string()}, options.run_timeout_seconds, options.max_output_bytes);
  if (!ran.started) {
    result.error = "cannot run the compiled kernel: " + ran.spawn_error;
    return result;
  }
  if (ran.timed_out) {
    result.output = ran.out;
    result.error = "timeout";
    return result;
  }
  if (ran.overflowed) {
    result.output = ran.out.substr(0, options.max_output_bytes);
    result.error = "output exceeds " + std::to_string(options.max_output_bytes) + " bytes";
    return result;
  }
  if (ran.signal != 0) {
    result.output = ran.out;
    result.exit_status = 128 + ran.signal;
    result.error = "crashed (signal " + std::to_string(ran.signal) + ")";
    return result;
  }
  KernelResult parsed = parse_kernel_output(ran.out, ran.exit_code);
  parsed.compiler = options.compiler;
  parsed.output = ran.out;
  return parsed;
}

}  // namespace anth::kernels
