#pragma once
// Shared by the fuzz targets. Each target's LLVMFuzzerTestOneInput checks invariants with FUZZ_REQUIRE:
// under libFuzzer a broken invariant aborts (the fuzzer saves the input as a crash); when the targets are
// compiled into the Catch2 suite as replayers (tests/hardening/fuzz_replay_test.cpp defines
// ANTHOLOGY_FUZZ_REPLAY), it throws so the test fails with the condition's text.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#ifdef ANTHOLOGY_FUZZ_REPLAY
#define FUZZ_REQUIRE(cond) \
  do { \
    if (!(cond)) throw std::logic_error(std::string("fuzz invariant failed: ") + #cond); \
  } while (false)
#else
#define FUZZ_REQUIRE(cond) \
  do { \
    if (!(cond)) { \
      std::fprintf(stderr, "fuzz invariant failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
      std::abort(); \
    } \
  } while (false)
#endif
