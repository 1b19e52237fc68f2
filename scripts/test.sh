#!/usr/bin/env bash
# The README's second command: build everything (the binary and the test suite) and run every test
# through ctest. Extra arguments go to ctest (e.g. -R site_ to run a subset).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh >/dev/null
[ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
