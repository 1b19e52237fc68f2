// The runner: a kernel that hangs, crashes, prints garbage or does not compile is a failed result with an
// error message, never a crash of the caller; and the RESULT line is parsed strictly.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <string>

#include "render/kernels/kernel_runner.h"
#include "tests/support/test_support.h"

using namespace anth;
using namespace anth::render::kernels;

namespace {

RunOptions quick_options() {
  RunOptions options;
  options.compiler = find_compiler("").value_or("c++");
  options.flags = {"-std=c++17", "-O0"};
  options.run_timeout_seconds = 1;
  return options;
}

const char* kGoodLine =
    R"(RESULT {"kernel": "qk_norm.l2", "node": "SOTA-9", "pass": true, "claims": [{"claim": "bounded", "measured": 3.5, "bound": 12, "pass": true}, {"claim": "null is NaN", "measured": null, "bound": 1e-08, "pass": true}]})";

}  // namespace

TEST_CASE("kernel runner: parses a RESULT line", "[kernels][runner]") {
  const auto r = parse_kernel_output(std::string("some words\nmore words\n") + kGoodLine + "\n\n", 0);
  CHECK(r.error.empty());
  CHECK(r.pass);
  CHECK(r.kernel == "qk_norm.l2");
  CHECK(r.node == "SOTA-9");
  CHECK(r.exit_status == 0);
  REQUIRE(r.claims.size() == 2);
  CHECK(r.claims[0].claim == "bounded");
  CHECK(r.claims[0].measured == 3.5);
  CHECK(r.claims[0].bound == 12);
  CHECK(r.claims[0].pass);
  CHECK(std::isnan(r.claims[1].measured));
  CHECK(r.claims[1].bound == 1e-8);
}

TEST_CASE("kernel runner: rejects output it cannot trust", "[kernels][runner]") {
  CHECK(parse_kernel_output("", 0).error == "no RESULT line");
  CHECK(parse_kernel_output("hello\nworld\n", 0).error == "no RESULT line");
  CHECK(parse_kernel_output(std::string(kGoodLine) + "\ntrailing garbage\n", 0).error == "no RESULT line");
  CHECK(parse_kernel_output("RESULT {not json", 0).error == "bad RESULT line: not JSON");
  CHECK(parse_kernel_output("RESULT [1, 2]", 0).error == "bad RESULT line: not a JSON object");
  CHECK(parse_kernel_output(R"(RESULT {"node": "n", "pass": true, "claims": []})", 0).error ==
        "bad RESULT line: no \"kernel\" string");
  CHECK(parse_kernel_output(R"(RESULT {"kernel": "k", "node": "n", "pass": true, "claims": []})", 0).error ==
        "bad RESULT line: no claims");
  CHECK(parse_kernel_output(R"(RESULT {"kernel": "k", "node": "n", "pass": true, "claims": [{"claim": "c"}]})", 0)
            .error == "bad RESULT line: a claim lacks \"claim\", \"measured\", \"bound\" or \"pass\"");

  // The program's verdict, its claims and its exit status must agree.
  const auto lying = parse_kernel_output(
      R"(RESULT {"kernel": "k", "node": "n", "pass": true, "claims": [{"claim": "c", "measured": 2, "bound": 1, "pass": false}]})",
      0);
  CHECK(lying.error == "RESULT pass disagrees with its claims");
  CHECK_FALSE(lying.pass);
  const auto exit_one = parse_kernel_output(kGoodLine, 1);
  CHECK(exit_one.error == "exit status 1 disagrees with RESULT pass");
  CHECK_FALSE(exit_one.pass);
  CHECK(parse_kernel_output(kGoodLine, 3).error == "exit status 3");

  // A claim that fails, honestly reported, is a failed result without an error.
  const auto failed = parse_kernel_output(
      R"(RESULT {"kernel": "k", "node": "n", "pass": false, "claims": [{"claim": "c", "measured": 2, "bound": 1, "pass": false}]})",
      1);
  CHECK(failed.error.empty());
  CHECK_FALSE(failed.pass);
  CHECK(failed.exit_status == 1);
}

TEST_CASE("kernel runner: a kernel that loops forever is stopped and reported as a timeout", "[kernels][runner]") {
  const auto start = std::chrono::steady_clock::now();
  const auto r = compile_and_run("int main() { volatile unsigned x = 0; for (;;) x = x + 1; }", quick_options());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(r.error == "timeout");
  CHECK_FALSE(r.pass);
  CHECK(r.exit_status == -1);
  CHECK(seconds < 60);
}

TEST_CASE("kernel runner: garbage, crashes and compile errors are failed results", "[kernels][runner]") {
  const RunOptions options = quick_options();

  const auto garbage = compile_and_run("#include <cstdio>\nint main() { std::puts(\"\\x01\\x02 no result here\"); }", options);
  CHECK(garbage.error == "no RESULT line");
  CHECK_FALSE(garbage.pass);
  CHECK(garbage.exit_status == 0);
  CHECK(garbage.compiler == options.compiler);
  CHECK(garbage.output.find("no result here") != std::string::npos);

  const auto crash = compile_and_run("#include <csignal>\nint main() { std::raise(SIGSEGV); return 0; }", options);
  CHECK(crash.error == "crashed (signal 11)");
  CHECK(crash.exit_status == 128 + 11);
  CHECK_FALSE(crash.pass);

  const auto broken = compile_and_run("int main() { return undeclared_name; }", options);
  CHECK(broken.error.rfind("compile failed: ", 0) == 0);
  CHECK(broken.error.find("undeclared_name") != std::string::npos);
  CHECK(broken.error.find("anthology-kernel-") == std::string::npos);  // no temporary folder in the message
  CHECK_FALSE(broken.pass);

  RunOptions missing = options;
  missing.compiler = "no-such-compiler-anthology";
  const auto absent = compile_and_run("int main() {}", missing);
  CHECK(absent.error.rfind("compile failed: cannot run 'no-such-compiler-anthology'", 0) == 0);

  RunOptions small = options;
  small.max_output_bytes = 4096;
  const auto flood = compile_and_run("#include <cstdio>\nint main() { for (;;) std::puts(\"spam\"); }", small);
  CHECK(flood.error == "output exceeds 4096 bytes");
  CHECK_FALSE(flood.pass);

  const auto good = compile_and_run(std::string("#include <cstdio>\nint main() { std::puts(R\"x(") + kGoodLine +
                                        ")x\"); }",
                                    options);
  CHECK(good.error.empty());
  CHECK(good.pass);
  CHECK(good.node == "SOTA-9");
}

TEST_CASE("kernel runner: a child left holding the output is stopped, not waited for", "[kernels][runner]") {
  RunOptions options = quick_options();
  options.run_timeout_seconds = 20;
  const auto start = std::chrono::steady_clock::now();
  const auto r = compile_and_run(std::string("#include <cstdio>\n#include <unistd.h>\nint main() {\n"
                                             "  if (fork() == 0) { sleep(30); return 0; }\n  std::puts(R\"x(") +
                                     kGoodLine + ")x\");\n  std::fflush(stdout);\n}\n",
                                 options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(r.error.empty());
  CHECK(r.pass);
  CHECK(seconds < 15);
}

TEST_CASE("kernel runner: finding a compiler", "[kernels][runner]") {
  CHECK(split_command("ccache  g++") == std::vector<std::string>{"ccache", "g++"});
  CHECK(split_command("'/opt/my cc/bin/c++' -x") == std::vector<std::string>{"/opt/my cc/bin/c++", "-x"});
  CHECK(split_command("  ").empty());

  CHECK_FALSE(find_compiler("no-such-compiler-anthology"));
  CHECK_FALSE(find_compiler("/no/such/path/c++"));
  const auto any = find_compiler("");
  REQUIRE(any);  // the build machine has one
  CHECK(find_compiler(*any) == any);

  // $CXX is the command line's business (cli/toolchain.h), not the runner's: a requested compiler that
  // names nothing is nullopt above, never another compiler.
}
