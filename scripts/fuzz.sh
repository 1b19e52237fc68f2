#!/usr/bin/env bash
# Runs one libFuzzer target for a while: scripts/fuzz.sh TARGET [SECONDS] [extra libFuzzer flags...]
#   TARGET: fuzz_frontmatter | fuzz_note | fuzz_ingest      SECONDS: default 600
# Configures and builds build-fuzz (clang 19, ASan + UBSan + libFuzzer) when needed. New inputs go to
# build-fuzz/corpus/TARGET (the checked-in seeds in tests/fuzz/corpus/TARGET are only read); crashes,
# leaks and timeouts are written to build-fuzz/artifacts/TARGET/ — copy each one into
# tests/fuzz/regressions/TARGET/ (after fixing it) so the test suite replays it. See docs/hardening.md.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: scripts/fuzz.sh fuzz_frontmatter|fuzz_note|fuzz_ingest [SECONDS] [libFuzzer flags]}
seconds=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))
case "$target" in fuzz_frontmatter|fuzz_note|fuzz_ingest) ;; *) echo "fuzz.sh: unknown target $target" >&2; exit 2 ;; esac

CXX_FUZZ=${CXX_FUZZ:-clang++-19}
CC_FUZZ=${CC_FUZZ:-clang-19}
if ! command -v "$CXX_FUZZ" >/dev/null; then
  echo "fuzz.sh: $CXX_FUZZ not found; install it with: apt-get install clang-19 libclang-rt-19-dev" >&2
  exit 2
fi

build=build-fuzz
if [[ ! -f $build/CMakeCache.txt ]]; then
  CC=$CC_FUZZ CXX=$CXX_FUZZ cmake -S . -B $build -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DANTHOLOGY_FUZZ=ON -DANTHOLOGY_SANITIZE=ON -DANTHOLOGY_TESTS=OFF >/dev/null
fi
cmake --build $build -j2 --target "$target"

work=$build/corpus/$target
artifacts=$build/artifacts/$target
mkdir -p "$work" "$artifacts"
dict=()
if [[ -f tests/fuzz/note.dict ]]; then dict=(-dict=tests/fuzz/note.dict); fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# Each regression file is also a seed, so the fuzzer starts from what once broke.
seeds=(tests/fuzz/corpus/$target)
if [[ -d tests/fuzz/regressions/$target ]]; then seeds+=(tests/fuzz/regressions/$target); fi

# One in-process worker (what -jobs=1 -workers=1 amounts to, but with the output here, not in fuzz-0.log).
exec "$build/tests/fuzz/$target" "$work" "${seeds[@]}" \
  -max_total_time="$seconds" -max_len=65536 -timeout=5 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$artifacts/" "${dict[@]}" "$@"
