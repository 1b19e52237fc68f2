#pragma once
// Compiling and running an emitted kernel (docs/kernels.md, "Runner"): the source is compiled
// with the user's compiler into a fresh temporary folder and run with a time limit; its last line,
// `RESULT {...}`, is parsed into a KernelResult. A kernel that fails to compile, hangs, crashes or prints
// garbage gives a failed result with an error message; nothing here throws for what the kernel does.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace anth::render::kernels {

struct KernelResult {
  std::string node, kernel;  // from the RESULT line
  bool pass = false;         // every claim held, RESULT says so, and the program exited 0
  struct Claim {
    std::string claim;
    double measured = 0, bound = 0;  // NaN when the program printed null (a value that was not finite)
    std::string direction;           // "<=", ">=" or "≈" (within `tolerance` of bound); empty from an older program
    double tolerance = 0;            // for "≈"
    bool pass = false;
  };
  std::vector<Claim> claims;
  std::string compiler;  // the compiler command used
  std::string output;    // what the program printed on stdout (the compiler's diagnostics when it failed)
  int exit_status = -1;  // the program's exit status; 128 + N when killed by signal N; -1 when it did not run
                         // to the end (compile failure, timeout)
  std::string error;     // empty, or why there is no trustworthy result: "timeout", "crashed (signal 11)",
                         // "no RESULT line", "bad RESULT line: ...", "compile failed: ...",
                         // "exit status 1 disagrees with RESULT pass", "output exceeds N bytes"
};

struct RunOptions {
  std::string compiler = "c++";  // a command; words separated by spaces ("ccache g++"), quotes group words
  std::vector<std::string> flags = {"-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror"};
  double compile_timeout_seconds = 120;
  double run_timeout_seconds = 10;
  std::size_t max_output_bytes = 1 << 20;  // a program printing more is stopped
  std::string source_name = "kernel.cpp";   // the file name the source gets in the temporary folder
};

// Compiles `source` with options.compiler and options.flags in a new temporary folder (removed afterwards),
// runs the program with the time limit, and parses its output.
KernelResult compile_and_run(const std::string& source, const RunOptions& options = {});

// Parses what a kernel printed and how it exited: node, kernel, claims, pass, and error when the output
// or the exit status cannot be trusted. `compiler` and `output` are left for the caller.
KernelResult parse_kernel_output(const std::string& output, int exit_status);

// The compiler to use: `requested` when it is set (nullopt when its first word is no executable file,
// on PATH or as a path: never another compiler instead), else the first of c++, g++, clang++ on PATH;
// nullopt when there is none. Where `requested` comes from is the caller's business (cli/toolchain.h:
// the user's --cxx or $CXX, never the corpus).
std::optional<std::string> find_compiler(const std::string& requested);

// The first line `compiler --version` prints ("c++ (Debian 12.2.0-14) 12.2.0"), or empty when it says nothing.
std::string compiler_version(const std::string& compiler);

// Splits a compiler command into words: spaces separate, single or double quotes group.
std::vector<std::string> split_command(const std::string& command);

}  // namespace anth::render::kernels
