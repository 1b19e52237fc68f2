#!/usr/bin/env bash
# The anthology benchmarks: bench/run.sh [N ...]   (default: 1000)
#
# For each corpus size N, on the one generated corpus bench/out/corpus-N (bench/generate_corpus.py),
# times whole processes several times and reports the median and min-max wall time and the peak RSS:
# the cmark-gfm floor, Hugo with a minimal theme, `anthology build` (from scratch, nothing changed, one
# body changed, one title changed), `anthology lint` (cold, warm) and a handful of `anthology query`
# calls. Writes bench/results/RESULTS-<date>.md and copies it to bench/results/latest.md.
# See bench/README.md for what each row means and the caveats.
#
# Environment (all optional):
#   RUNS=N            runs per row (default: 5 up to 10k notes, 3 above); RUNS_100000=1 for one size
#   QUERY_RUNS=N      runs per query row (default: 5)
#   SEED=S            corpus seed (default 1)
#   ANTHOLOGY=PATH    the binary (default: build-bench/anthology, built first unless BENCH_BUILD=0)
#   BENCH_BUILD=0     do not (re)build build-bench
#   HUGO=0            skip Hugo;  HUGO_TIMEOUT=S  give up on a Hugo run after S seconds (default 600)
#   CMD_TIMEOUT=S     give up on any other run after S seconds (default 1800)
#   KEEP_CORPUS=1     reuse bench/out/corpus-N when it exists instead of regenerating it
#   BUILD_RUNS=N      runs of each build row (default: RUNS); BUILD_RUNS_10000=2 for one size
#   INCREMENTAL_100000=0   skip the three incremental build rows at that size (to save time)
#   MEM_LIMIT_KB=K    run anthology under `ulimit -v K` (a shared machine's safety net)
#   BENCH_NOTE=text   a line for the report's machine section (e.g. what else was running)
#   ONLY="cmark lint" run only these groups of rows: cmark hugo build lint query
# bench/run.sh --report RUN_ID... writes one report from several earlier invocations.
set -uo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
OUT="$BENCH/out"
RESULTS="$BENCH/results"
SEED="${SEED:-1}"
HUGO="${HUGO:-1}"
HUGO_TIMEOUT="${HUGO_TIMEOUT:-600}"
CMD_TIMEOUT="${CMD_TIMEOUT:-1800}"
QUERY_RUNS="${QUERY_RUNS:-5}"
SIZES=("$@")
[ ${#SIZES[@]} -eq 0 ] && SIZES=(1000)

die() { echo "bench: $*" >&2; exit 2; }
log() { echo "[bench $(date +%H:%M:%S)] $*" >&2; }

# bench/run.sh --report RUN_ID...: one report from earlier runs (e.g. sizes run as separate
# invocations), from their bench/out/{raw,meta,pages}-RUN_ID files; bench/out/note-RUN_ID.md, when
# present, is a human's note on that run, appended under "Notes".
if [ "${1:-}" = "--report" ]; then
  shift
  [ $# -gt 0 ] || die "--report needs run ids (the RUN_ID of bench/out/raw-RUN_ID.tsv)"
  args=()
  for id in "$@"; do
    [ -f "$OUT/raw-$id.tsv" ] || die "no $OUT/raw-$id.tsv"
    args+=(--raw "$OUT/raw-$id.tsv" --meta "$OUT/meta-$id.txt" --pages "$OUT/pages-$id.tsv" --notes "$OUT/note-$id.md")
  done
  mkdir -p "$RESULTS"
  REPORT="$RESULTS/RESULTS-${1:0:4}-${1:4:2}-${1:6:2}.md"  # dated by the first run
  python3 "$BENCH/report.py" "${args[@]}" >"$REPORT" || die "report failed"
  cp "$REPORT" "$RESULTS/latest.md"
  log "wrote $REPORT and $RESULTS/latest.md"
  exit 0
fi

for n in "${SIZES[@]}"; do [[ "$n" =~ ^[0-9]+$ ]] || die "corpus size must be a number, not '$n'"; done
[ -x /usr/bin/time ] || die "/usr/bin/time is missing: apt-get install -y time"
command -v python3 >/dev/null || die "python3 is missing"
CMARK="$(command -v cmark-gfm || true)"
[ -n "$CMARK" ] || die "cmark-gfm is missing: apt-get install -y cmark-gfm"
HUGO_BIN="$(command -v hugo || true)"
if [ "$HUGO" = 1 ] && [ -z "$HUGO_BIN" ]; then
  log "hugo is missing (apt-get install -y hugo): its rows will say n/a"
fi

# The project's binary, built in its own folder so that nobody else's build is disturbed.
if [ -z "${ANTHOLOGY:-}" ]; then
  ANTHOLOGY="$ROOT/build-bench/anthology"
  if [ "${BENCH_BUILD:-1}" = 1 ]; then
    log "building $ROOT/build-bench (Release)"
    if [ ! -f "$ROOT/build-bench/CMakeCache.txt" ]; then
      cmake -S "$ROOT" -B "$ROOT/build-bench" -DCMAKE_BUILD_TYPE=Release -DANTHOLOGY_TESTS=OFF >/dev/null ||
        die "cmake configure failed"
    fi
    cmake --build "$ROOT/build-bench" -j"$(nproc)" >"$OUT/build-bench.log" 2>&1 ||
      { mkdir -p "$OUT"; tail -20 "$OUT/build-bench.log" >&2; die "the build failed (see bench/out/build-bench.log)"; }
  fi
fi
[ -x "$ANTHOLOGY" ] || die "no anthology binary at $ANTHOLOGY"

mkdir -p "$OUT" "$RESULTS"
STAMP="$(date +%Y-%m-%d)"
RUN_ID="$(date +%Y%m%d-%H%M%S)-$$"
RAW="$OUT/raw-$RUN_ID.tsv"
META="$OUT/meta-$RUN_ID.txt"
TMP="$(mktemp -d "$OUT/tmp.XXXXXX")"
# Outputs of earlier runs are moved aside into $TRASH and deleted only when the script ends: on ext4,
# creating files within a minute of deleting many others is slow and erratic (the inode allocator
# steps over each recently freed inode: `recently_deleted` in a perf profile), which made the
# from-scratch rows of every tool vary twofold from run to run, measuring the file system's memory of
# the previous run rather than the tool.
TRASH="$TMP/trash"
mkdir -p "$TRASH"
trap 'rm -rf "$TMP"' EXIT
set_aside() {  # PATH... : moved into $TRASH (they may not exist)
  local p
  for p in "$@"; do
    [ -e "$p" ] && mv "$p" "$TRASH/$(date +%s%N)-$RANDOM"
  done
  return 0
}
: >"$RAW"
log "run id $RUN_ID (raw numbers in $RAW; bench/run.sh --report $RUN_ID ... merges runs)"

# ---- the machine -------------------------------------------------------------------------------
{
  echo "date=$(date '+%Y-%m-%d %H:%M %Z')"
  echo "nproc=$(nproc)"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "mem=$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
  echo "kernel=$(uname -r)"
  echo "os=$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME")"
  echo "load_start=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "cmark=$("$CMARK" --version | head -1)"
  echo "hugo=$([ -n "$HUGO_BIN" ] && "$HUGO_BIN" version | cut -d' ' -f1-2 || echo missing)"
  version=$("$ANTHOLOGY" --version 2>&1)
  echo "anthology=$(head -1 <<<"$version") ($ANTHOLOGY; $(sed -n 's/^memory allocator: \([^ ]*\).*/\1/p' <<<"$version"))"
  echo "compiler=$(grep -m1 CMAKE_CXX_COMPILER: "$ROOT/build-bench/CMakeCache.txt" 2>/dev/null | cut -d= -f2) $(c++ -dumpfullversion 2>/dev/null)"
  echo "build_type=$(grep -m1 CMAKE_BUILD_TYPE: "$ROOT/build-bench/CMakeCache.txt" 2>/dev/null | cut -d= -f2)"
  echo "sizes=${SIZES[*]}"
  echo "seed=$SEED"
  echo "query_runs=$QUERY_RUNS"
  [ -n "${BENCH_NOTE:-}" ] && echo "concurrent=$BENCH_NOTE"
  echo "only=${ONLY:-}"
} >"$META"

# ---- measuring one run ------------------------------------------------------------------------
# run_once SIZE KEY RUN TIMEOUT CMD...   runs CMD (via bash -c when it is one string with a pipe)
# under /usr/bin/time, appends a row to $RAW, and leaves the command's stdout/stderr in
# $TMP/out and $TMP/err. Returns the command's exit status.
#   status: ok | na (exit 2 "not implemented yet") | error | timeout
run_once() {
  local size="$1" key="$2" run="$3" limit="$4"; shift 4
  local t0 t1 rc rss cpu status note
  t0=$(date +%s%N)
  /usr/bin/time -f "%M %U %S" -o "$TMP/time" timeout "$limit" "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  t1=$(date +%s%N)
  read -r rss u s < <(tail -1 "$TMP/time")
  cpu=$(awk -v u="$u" -v s="$s" 'BEGIN {printf "%.2f", u + s}')
  status=error
  note=""
  if [ "$rc" -eq 0 ]; then
    status=ok
  elif [ "$rc" -eq 1 ] && [ "${ACCEPT_RC1:-0}" = 1 ]; then
    status=ok
    note="exit 1"
  elif [ "$rc" -eq 124 ]; then
    status=timeout
    note="no result after ${limit}s"
  elif [ "$rc" -eq 2 ] && grep -qi "not implemented" "$TMP/err"; then
    status=na
    note="$(grep -m1 -i 'not implemented' "$TMP/err" | tr '\t' ' ' | cut -c1-120)"
  elif [ "$rc" -gt 128 ]; then
    note="killed by signal $((rc - 128))"
  else
    note="exit $rc: $(grep -v '^ *$' "$TMP/err" | head -1 | tr '\t' ' ' | cut -c1-120)"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$key" "$run" "$status" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", (b - a) / 1e9}')" "${rss:-0}" "$cpu" "$note" >>"$RAW"
  return "$rc"
}

# status of the last row of KEY at SIZE
last_status() { awk -F'\t' -v s="$1" -v k="$2" '$1 == s && $2 == k {st = $4} END {print st}' "$RAW"; }

# ONLY="cmark hugo build lint query": run only those groups of rows (default: all).
want() { [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $1 "* ]]; }

skip_row() {  # SIZE KEY REASON
  printf '%s\t%s\t0\tskipped\t0\t0\t0\t%s\n' "$1" "$2" "$3" >>"$RAW"
}

# A row of RUNS runs. PREP (a shell snippet, untimed) runs before each; a run that is n/a, fails or
# times out ends the row (its status is the row's).
row() {  # SIZE KEY RUNS PREP TIMEOUT CMD...
  local size="$1" key="$2" runs="$3" prep="$4" limit="$5"; shift 5
  local i st
  log "N=$size $key ($runs runs)"
  for ((i = 1; i <= runs; i++)); do
    [ -n "$prep" ] && eval "$prep"
    run_once "$size" "$key" "$i" "$limit" "$@"
    st=$(last_status "$size" "$key")
    if [ "$st" != ok ]; then
      log "  $key: $st $(tail -1 "$RAW" | cut -f8)"
      return 1
    fi
  done
  return 0
}

# Counting what an incremental build rewrote: pages whose bytes differ, and pages written anew
# (inode or mtime changed, even with the same bytes).
site_snapshot() {  # DIR FILE
  (cd "$1" 2>/dev/null && find . -type f -printf '%P\t%i\t%T@\t%s\n' | sort) >"$2.stat" || : >"$2.stat"
  (cd "$1" 2>/dev/null && find . -type f -print0 | sort -z | xargs -0 -r md5sum) >"$2.md5" || : >"$2.md5"
}
site_changes() {  # BEFORE AFTER -> "changed<TAB>touched<TAB>total"
  local changed touched total
  changed=$(diff <(cat "$1.md5") <(cat "$2.md5") | grep -c '^>')
  touched=$(diff <(cat "$1.stat") <(cat "$2.stat") | grep -c '^>')
  total=$(wc -l <"$2.md5")
  printf "%s\t%s\t%s" "$changed" "$touched" "$total"
}
# The build's own account of what it wrote: its last line that mentions pages or files.
build_says() {
  { cat "$TMP/out" "$TMP/err" | grep -iE 'wrote|written|rewr|unchanged' ||
    cat "$TMP/out" "$TMP/err" | grep -iE 'page|file'; } | tail -1 | tr '\t' ' ' | cut -c1-140
}

full_site_facts() {  # SIZE SITE: what the full build wrote, for the report
  echo "site_files_$1=$(find "$2" -type f | wc -l)" >>"$META"
  echo "site_bytes_$1=$(du -sb "$2" | cut -f1)" >>"$META"
  echo "build_says_full_$1=$(build_says)" >>"$META"
  echo "node_page_bytes_$1=$(python3 "$BENCH/page_size.py" "$2" | sed -n 's/.*average \([0-9]*\) bytes.*/\1/p')" >>"$META"
}

# ---- one corpus size ---------------------------------------------------------------------------
bench_size() {
  local n="$1"
  local runs_var="RUNS_$n"
  local runs="${!runs_var:-${RUNS:-}}"
  [ -z "$runs" ] && { [ "$n" -le 10000 ] && runs=5 || runs=3; }
  local corpus="$OUT/corpus-$n" site="$OUT/site-$n" hugo_dir="$OUT/hugo-$n"
  local A="$ANTHOLOGY"
  # MEM_LIMIT_KB: run anthology under `ulimit -v` so that a runaway build fails by itself instead of
  # waking the OOM killer on a shared machine.
  if [ -n "${MEM_LIMIT_KB:-}" ]; then
    cat >"$TMP/anthology-limited" <<EOF2
#!/bin/sh
ulimit -v $MEM_LIMIT_KB
exec "$ANTHOLOGY" "\$@"
EOF2
    chmod +x "$TMP/anthology-limited"
    A="$TMP/anthology-limited"
    echo "mem_limit=anthology ran under \`ulimit -v $MEM_LIMIT_KB\` (KiB of address space) at ${SIZES[*]} notes" >>"$META"
  fi

  echo "load_start_$n=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$META"
  if [ "${KEEP_CORPUS:-0}" = 1 ] && [ -d "$corpus" ] && [ -f "$corpus.sha256" ]; then
    log "N=$n: reusing $corpus"
  else
    log "N=$n: generating $corpus (seed $SEED)"
    python3 "$BENCH/generate_corpus.py" "$n" --seed "$SEED" --out "$corpus" --quiet >"$corpus.sha256" ||
      die "corpus generation failed"
  fi
  echo "digest_$n=$(cut -d' ' -f2 "$corpus.sha256")" >>"$META"
  local files bytes words
  files=$(find "$corpus" -name '*.md' -not -path '*/.*' | wc -l)
  bytes=$(find "$corpus" -name '*.md' -not -path '*/.*' -printf '%s\n' | awk '{s += $1} END {print s}')
  echo "corpus_$n=$files notes, $(awk -v b="$bytes" 'BEGIN {printf "%.1f MB", b / 1e6}') of markdown" >>"$META"
  echo "runs_$n=$runs" >>"$META"

  # The notes that the incremental rows edit (restored at the end): a mid-corpus paper's body, and
  # another paper's title (shown on its neighbors' pages, listings and tag pages).
  local body_note title_note
  body_note=$(cd "$corpus" && find lit -name '*.md' | sort | awk '{a[NR] = $0} END {print a[int(NR / 2)]}')
  title_note=$(cd "$corpus" && find lit -name '*.md' | sort | awk '{a[NR] = $0} END {print a[int(NR / 3)]}')
  cp -p "$corpus/$body_note" "$TMP/body.orig"
  cp -p "$corpus/$title_note" "$TMP/title.orig"
  echo "edited_$n=body of $body_note, title of $title_note" >>"$META"

  # 1. the floor: one cmark-gfm process over the concatenated bytes of every note
  # (absolute paths, and `set -o pipefail` so that a cat that fails is an error, not a fast floor)
  find "$corpus" -name '*.md' -not -path '*/.*' -print0 | sort -z >"$TMP/files0"
  want cmark && { row "$n" cmark "$runs" "" "$CMD_TIMEOUT" \
    bash -c "set -o pipefail; xargs -0 -r cat <'$TMP/files0' | '$CMARK' -e table -e strikethrough -e autolink -e tasklist >/dev/null" \
    || true; }

  # 2. Hugo with a minimal theme over the same notes
  if ! want hugo; then
    :
  elif [ "$HUGO" != 1 ]; then
    skip_row "$n" hugo "HUGO=0"
  elif [ -z "$HUGO_BIN" ]; then
    skip_row "$n" hugo "hugo not installed"
  else
    rm -rf "$hugo_dir"
    mkdir -p "$hugo_dir/content"
    cp -r "$BENCH/hugo/config.toml" "$BENCH/hugo/layouts" "$hugo_dir/"
    (cd "$corpus" && tar -cf - --exclude='./.anthology' --exclude='./anthology.toml' .) | tar -xf - -C "$hugo_dir/content"
    if ! row "$n" hugo "$runs" "set_aside '$hugo_dir/public' '$hugo_dir/resources'" "$HUGO_TIMEOUT" \
      "$HUGO_BIN" --source "$hugo_dir" --destination "$hugo_dir/public" --quiet; then :; fi
    if [ "$(last_status "$n" hugo)" = ok ]; then
      echo "hugo_pages_$n=$(find "$hugo_dir/public" -name '*.html' | wc -l)" >>"$META"
      echo "hugo_bytes_$n=$(du -sb "$hugo_dir/public" | cut -f1)" >>"$META"
    fi
    rm -rf "$hugo_dir/content" "$hugo_dir/public" "$hugo_dir/resources"
  fi

  # 3. anthology build: from scratch, then nothing changed, one body changed, one title changed
  local incr_var="INCREMENTAL_$n" build_runs_var="BUILD_RUNS_$n"
  if want build; then
  local build_runs="${!build_runs_var:-${BUILD_RUNS:-$runs}}"
  echo "build_runs_$n=$build_runs" >>"$META"
  if row "$n" build_full "$build_runs" "set_aside '$corpus/.anthology' '$site' '$site'.*" "$CMD_TIMEOUT" \
    "$A" build --corpus "$corpus" --out "$site" --no-kernels && [ "${!incr_var:-1}" = 0 ]; then
    full_site_facts "$n" "$site"
    for k in build_nochange build_body build_title build_kernels; do skip_row "$n" "$k" "INCREMENTAL_$n=0"; done
  elif [ "$(last_status "$n" build_full)" = ok ]; then
    full_site_facts "$n" "$site"
    local kind i
    # nothing changed
    for ((i = 1; i <= build_runs; i++)); do
      site_snapshot "$site" "$TMP/before"
      run_once "$n" build_nochange "$i" "$CMD_TIMEOUT" "$A" build --corpus "$corpus" --out "$site" --no-kernels || true
      site_snapshot "$site" "$TMP/after"
      echo -e "$n\tbuild_nochange\t$i\t$(site_changes "$TMP/before" "$TMP/after")\t$(build_says)" >>"$OUT/pages-$RUN_ID.tsv"
      [ "$(last_status "$n" build_nochange)" = ok ] || break
    done
    log "N=$n build_nochange done"
    for kind in body title; do
      for ((i = 1; i <= build_runs; i++)); do
        if [ "$kind" = body ]; then
          # the original note plus a new last paragraph, different in every run
          { cat "$TMP/body.orig"
            printf '\nRevision %d of this paper adds one sentence about the %s.\n' "$i" "entropy collapse"
          } >"$corpus/$body_note"
        else
          # the original note with a new title, different in every run
          awk -v i="$i" '!done && /^title: / {print "title: \"Revised title of this paper, revision " i "\""; done = 1; next} {print}' \
            "$TMP/title.orig" >"$corpus/$title_note"
        fi
        site_snapshot "$site" "$TMP/before"
        run_once "$n" "build_$kind" "$i" "$CMD_TIMEOUT" "$A" build --corpus "$corpus" --out "$site" --no-kernels || true
        site_snapshot "$site" "$TMP/after"
        echo -e "$n\tbuild_$kind\t$i\t$(site_changes "$TMP/before" "$TMP/after")\t$(build_says)" >>"$OUT/pages-$RUN_ID.tsv"
        [ "$(last_status "$n" "build_$kind")" = ok ] || break
      done
      log "N=$n build_$kind done"
    done
    # The kernels, once: no build above ran them, so every distinct program is compiled and run.
    run_once "$n" build_kernels 1 "$CMD_TIMEOUT" "$A" build --corpus "$corpus" --out "$site" || true
    log "N=$n build_kernels done"
  else
    local why
    why="$(last_status "$n" build_full)"
    for k in build_nochange build_body build_title build_kernels; do skip_row "$n" "$k" "build_full: $why"; done
  fi
  fi  # want build
  cp -p "$TMP/body.orig" "$corpus/$body_note"
  cp -p "$TMP/title.orig" "$corpus/$title_note"

  # 4. lint: cold (no index), then warm
  if want lint; then
  ACCEPT_RC1=1 row "$n" lint_cold "$runs" "set_aside '$corpus/.anthology'" "$CMD_TIMEOUT" \
    "$A" lint --corpus "$corpus" || true
  echo "lint_says_$n=$(tail -1 "$TMP/out" | cut -c1-140)" >>"$META"
  ACCEPT_RC1=1 timeout "$CMD_TIMEOUT" "$A" lint --corpus "$corpus" >/dev/null 2>&1  # warm the index
  ACCEPT_RC1=1 row "$n" lint_warm "$runs" "" "$CMD_TIMEOUT" "$A" lint --corpus "$corpus" || true
  fi

  if ! want query; then
    echo "load_end_$n=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$META"
    return 0
  fi

  # 5. queries, on a warm index
  local sota_id
  sota_id=$(cd "$corpus" && find sota -name '*.md' | sort | awk '{a[NR] = $0} END {print a[int(NR / 2)]}')
  sota_id=$(basename "$sota_id" .md)
  echo "origin_id_$n=$sota_id" >>"$META"
  ACCEPT_RC1=1 row "$n" q_kind "$QUERY_RUNS" "" "$CMD_TIMEOUT" "$A" query --corpus "$corpus" --kind sota --limit 20 || true
  ACCEPT_RC1=1 row "$n" q_text "$QUERY_RUNS" "" "$CMD_TIMEOUT" "$A" query --corpus "$corpus" --text "entropy collapse" --limit 20 || true
  ACCEPT_RC1=1 row "$n" q_tag "$QUERY_RUNS" "" "$CMD_TIMEOUT" "$A" query --corpus "$corpus" --tag model-stability || true
  ACCEPT_RC1=1 row "$n" q_origin "$QUERY_RUNS" "" "$CMD_TIMEOUT" "$A" origin --corpus "$corpus" "$sota_id" || true
  ACCEPT_RC1=1 row "$n" q_sql "$QUERY_RUNS" "" "$CMD_TIMEOUT" "$A" query --corpus "$corpus" --sql "select count(*) from nodes" || true
  echo "load_end_$n=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$META"
}

for n in "${SIZES[@]}"; do bench_size "$n"; done
echo "load_end=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$META"

REPORT="$RESULTS/RESULTS-$STAMP.md"
python3 "$BENCH/report.py" --raw "$RAW" --meta "$META" --pages "$OUT/pages-$RUN_ID.tsv" >"$REPORT" ||
  die "report failed (raw data in $RAW)"
cp "$REPORT" "$RESULTS/latest.md"
log "wrote $REPORT and $RESULTS/latest.md"
cat "$REPORT"
