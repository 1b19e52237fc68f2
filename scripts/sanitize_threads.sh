#!/usr/bin/env bash
# Builds the anthology binary with ThreadSanitizer (GCC, build-tsan/) and runs what uses several
# threads on a generated corpus of 1,000 notes: a build from nothing, a build after one body changed,
# lint, and a ranked text query. Any data race fails the script (exit 66, the sanitizer's). Not in CI:
# the build takes ~12 min on 2 cores. Usage: scripts/sanitize_threads.sh [notes]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
notes=${1:-1000}
jobs=${JOBS:-2}

cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DANTHOLOGY_TESTS=OFF -DANTHOLOGY_SANITIZE_THREADS=ON >/dev/null
cmake --build build-tsan -j"$jobs" --target anthology
bin=$root/build-tsan/anthology

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/generate_corpus.py "$notes" --seed 1 --out "$work/corpus" --quiet >/dev/null
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:exitcode=66}
cd "$work/corpus"
echo "== build from nothing"
"$bin" build --no-kernels --out "$work/site" >/dev/null
echo "== build after one body changed"
first=$(find . -name '*.md' -path './lit/*' | sort | head -1)
echo "One more sentence." >>"$first"
"$bin" build --no-kernels --out "$work/site" >/dev/null
echo "== lint"
"$bin" lint >/dev/null || [ $? -eq 1 ]  # findings exit 1; a race exits 66
echo "== query --text"
"$bin" query --text "entropy collapse" --limit 20 >/dev/null
echo "no data race reported"
