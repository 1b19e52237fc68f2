#!/usr/bin/env bash
# Builds the project and its tests with AddressSanitizer + UndefinedBehaviorSanitizer (GCC, build-asan/,
# the `asan` preset) and runs the whole ctest suite under them: any leak, invalid access or undefined
# behaviour aborts the test that hit it. Usage: scripts/sanitize.sh [extra ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=${JOBS:-2}
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$jobs"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/sanitizers/lsan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The preset's environment gives the same options; exporting them here also covers the anthology
# binary that the tests start, and a ctest run without the preset.
ctest --test-dir build-asan --output-on-failure -j"$jobs" "$@"
