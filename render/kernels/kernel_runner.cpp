// compile_and_run: the source is written into a fresh temporary folder, compiled and run as child
// processes under limits (child_process.h), and what the program printed is parsed (kernel_output.cpp).
#include "render/kernels/kernel_runner.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "render/kernels/child_process.h"

namespace anth::render::kernels {

namespace fs = std::filesystem;

namespace {

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

}  // namespace

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

}  // namespace anth::render::kernels
