#!/usr/bin/env bash
# The README's first command: install what is missing, build, render the bundled anthology to site/
# and lint it. Re-running it is cheap: nothing is reinstalled and only changed notes are parsed again.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)" --target anthology   # the tests build with scripts/test.sh
./build/anthology build --corpus data --out site
./build/anthology lint --corpus data
