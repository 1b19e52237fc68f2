#!/usr/bin/env bash
# Two binaries, the same rows, CPU time: bench/compare_cpu.sh BEFORE AFTER CORPUS WORK [RUNS]
#
# For a shared machine, where wall time means little: each binary gets its own copy of CORPUS under
# WORK (their indexes differ), and every row runs the two binaries in turn, RUNS times (default 3),
# under /usr/bin/time. Prints one TSV line per run (row, binary, run, user s, system s, peak KiB) and
# then the medians of user + system per row, with the load average at the start and the end.
# Rows: build from scratch, one body changed, one title changed (the notes bench/run.sh edits),
# lint cold (no index), lint warm, origin of the middle SOTA. FULL_RUNS (default 1) builds from nothing
# that many times each (a full build is the longest row, and one run of it varies by 10% here). BEFORE_BUILD_FLAGS and AFTER_BUILD_FLAGS (e.g. --no-kernels)
# are given to that binary's builds only (AFTER's alone: a "before" that had no kernels).
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 BEFORE AFTER CORPUS WORK [RUNS]" >&2; exit 2; }
declare -A BIN=([before]="$1" [after]="$2")
SRC="$3" WORK="$4" RUNS="${5:-3}" FULL_RUNS="${FULL_RUNS:-1}"
declare -A FLAGS=([before]="${BEFORE_BUILD_FLAGS:-}" [after]="${AFTER_BUILD_FLAGS:-}")
mkdir -p "$WORK"
for w in before after; do
  rm -rf "${WORK:?}/$w" && mkdir -p "$WORK/$w"
  cp -r "$SRC" "$WORK/$w/corpus" && rm -rf "$WORK/$w/corpus/.anthology"
done
pick() { (cd "$WORK/before/corpus" && find "$1" -name '*.md' | sort | awk -v d="$2" '{a[NR] = $0} END {print a[int(NR / d)]}'); }
BODY=$(pick lit 2) TITLE=$(pick lit 3) SOTA=$(basename "$(pick sota 2)" .md)
echo "# load at start: $(cut -d' ' -f1-3 /proc/loadavg); body of $BODY, title of $TITLE, origin $SOTA"

# run ROW WHICH I CMD...: one timed run, one TSV line
run() {
  local row=$1 w=$2 i=$3; shift 3
  /usr/bin/time -f "%U %S %M" -o "$WORK/time" "$@" >/dev/null 2>&1 || [ $? -eq 1 ]
  read -r u s m <"$WORK/time"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$row" "$w" "$i" "$u" "$s" "$m"
}
# the command lines of a build and a lint (/usr/bin/time runs programs, not shell functions)
build() { B=("${BIN[$1]}" build --corpus "$WORK/$1/corpus" --out "$WORK/$1/site" ${FLAGS[$1]}); }
lint() { B=("${BIN[$1]}" lint --corpus "$WORK/$1/corpus"); }
edit_body() {  # the note plus a last paragraph, different in every run
  { cat "$SRC/$BODY"; printf '\nRevision %d of this paper adds one sentence about the entropy collapse.\n' "$2"; } >"$WORK/$1/corpus/$BODY"
}
edit_title() {
  awk -v i="$2" '!done && /^title: / {print "title: \"Revised title of this paper, revision " i "\""; done = 1; next} {print}' \
    "$SRC/$TITLE" >"$WORK/$1/corpus/$TITLE"
}

{
  for ((i = 1; i <= FULL_RUNS; i++)); do
    for w in before after; do
      rm -rf "$WORK/$w/corpus/.anthology" "$WORK/$w/site"
      build "$w"; run build_full "$w" "$i" "${B[@]}"
    done
  done
  for ((i = 1; i <= RUNS; i++)); do
    for w in before after; do edit_body "$w" "$i"; build "$w"; run build_body "$w" "$i" "${B[@]}"; done
  done
  for ((i = 1; i <= RUNS; i++)); do
    for w in before after; do edit_title "$w" "$i"; build "$w"; run build_title "$w" "$i" "${B[@]}"; done
  done
  for ((i = 1; i <= RUNS; i++)); do
    for w in before after; do run origin "$w" "$i" "${BIN[$w]}" origin --corpus "$WORK/$w/corpus" "$SOTA"; done
  done
  for ((i = 1; i <= RUNS; i++)); do
    for w in before after; do lint "$w"; run lint_warm "$w" "$i" "${B[@]}"; done
  done
  for ((i = 1; i <= RUNS; i++)); do
    for w in before after; do rm -rf "$WORK/$w/corpus/.anthology"; lint "$w"; run lint_cold "$w" "$i" "${B[@]}"; done
  done
} | tee "$WORK/runs.tsv"
echo "# load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$WORK/runs.tsv" <<'EOF'
import collections, statistics, sys
cpu, mem = collections.defaultdict(list), collections.defaultdict(list)
rows = []
for line in open(sys.argv[1]):
    row, w, _, u, s, m = line.split("\t")
    if row not in rows: rows.append(row)
    cpu[row, w].append(float(u) + float(s)); mem[row, w].append(int(m) / 1024)
print("| row | before CPU s (median) | after CPU s (median) | before runs | after runs | before MiB | after MiB |")
print("| --- | ---: | ---: | --- | --- | ---: | ---: |")
for r in rows:
    b, a = cpu[r, "before"], cpu[r, "after"]
    print(f"| {r} | {statistics.median(b):.2f} | {statistics.median(a):.2f} | {' '.join(f'{x:.2f}' for x in b)} | "
          f"{' '.join(f'{x:.2f}' for x in a)} | {max(mem[r, 'before']):.0f} | {max(mem[r, 'after']):.0f} |")
EOF
