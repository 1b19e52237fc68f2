#!/usr/bin/env python3
"""Turns the raw measurements of bench/run.sh into the markdown report (stdout).

    report.py --raw RAW.tsv --meta META.txt [--pages PAGES.tsv]

RAW rows: size, key, run, status (ok|na|error|timeout|skipped), wall s, peak RSS KiB, CPU s, note.
PAGES rows: size, key, run, pages changed, pages written anew, site files, the build's own account.
"""

import argparse
import os
import statistics
import sys

ROWS = [
    ("cmark", "cmark-gfm floor: one process over all notes' bytes"),
    ("hugo", "Hugo, minimal theme (wikilinks stay text)"),
    ("build_full", "`anthology build --no-kernels`, from scratch (no index, no site)"),
    ("build_nochange", "`anthology build --no-kernels`, nothing changed"),
    ("build_body", "`anthology build --no-kernels`, one note's body changed"),
    ("build_title", "`anthology build --no-kernels`, one note's title changed"),
    ("build_kernels", "`anthology build` with its kernels, once after the rows above (every distinct program compiled and run)"),
    ("lint_cold", "`anthology lint`, cold (no index)"),
    ("lint_warm", "`anthology lint`, warm index"),
    ("q_kind", "`query --kind sota --limit 20`"),
    ("q_text", "`query --text \"entropy collapse\" --limit 20`"),
    ("q_tag", "`query --tag model-stability`"),
    ("q_origin", "`origin SOTA-…`"),
    ("q_sql", "`query --sql \"select count(*) from nodes\"`"),
]
LABEL = dict(ROWS)
QUERIES = ["q_kind", "q_text", "q_tag", "q_origin", "q_sql"]
GIB = 1024 * 1024  # KiB


def read_meta(paths):
    """Several runs' meta files merge. Per-size keys: a full re-run of a size replaces what an earlier
    run said about it, a partial one (ONLY=) only adds what was missing. Global keys: the first wins,
    except the end load (the last wins) and the sizes and notes (joined)."""
    meta = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = [line.rstrip("\n").split("=", 1) for line in f if "=" in line]
        partial = any(k == "only" and v for k, v in lines)
        for k, v in lines:
            if k[-1].isdigit() and "_" in k and not partial:
                meta[k] = v
            elif k == "sizes" and k in meta:
                meta[k] += " " + v
            elif k == "concurrent":
                meta.setdefault("concurrent_list", [])
                if v not in meta["concurrent_list"]:
                    meta["concurrent_list"].append(v)
            elif k == "load_end" or k not in meta:
                meta[k] = v
    return meta


class Row:
    def __init__(self):
        self.ok = []  # (wall, rss_kib, cpu)
        self.bad = None  # (status, note) of the run that ended the row
        self.notes = set()

    def add(self, status, wall, rss, cpu, note):
        if status == "ok":
            self.ok.append((wall, rss, cpu))
            if note:
                self.notes.add(note)
        else:
            self.bad = (status, note)
            self.bad_measure = (wall, rss, cpu) if wall > 0 else None

    bad_measure = None

    def failed_after(self):
        """What the failed run had used when it ended, or ''."""
        if not self.bad_measure:
            return ""
        wall, rss, cpu = self.bad_measure
        return f"ended after {fmt_t(wall)} wall, {cpu:.0f} s of CPU, peak {rss / 1024:.0f} MiB"

    @property
    def median(self):
        return statistics.median(w for w, _, _ in self.ok) if self.ok else None

    @property
    def median_cpu(self):
        return statistics.median(c for _, _, c in self.ok) if self.ok else None

    @property
    def peak_kib(self):
        return max(r for _, r, _ in self.ok) if self.ok else None

    @property
    def usable(self):
        return bool(self.ok) and self.bad is None


def read_raw(paths):
    """A row measured again in a later file replaces the earlier one."""
    data = {}
    for path in paths:
        mine = {}
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) < 8:
                    parts += [""] * (8 - len(parts))
                size, key, _run, status, wall, rss, cpu, note = parts[:8]
                mine.setdefault((int(size), key), Row()).add(
                    status, float(wall), int(rss or 0), float(cpu or 0), note)
        for (size, key), row in mine.items():
            data.setdefault(size, {})[key] = row
    return data


def read_pages(paths):
    pages = {}
    for path in paths:
        if not os.path.exists(path):
            continue
        mine = {}
        with open(path, encoding="utf-8") as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) < 6:
                    continue
                says = p[6] if len(p) > 6 else ""
                mine.setdefault((int(p[0]), p[1]), []).append((int(p[3]), int(p[4]), int(p[5]), says))
        pages.update(mine)
    return pages


def fmt_s(x):
    if x is None:
        return ""
    if x < 0.1:
        return f"{x * 1000:.0f} ms"
    if x < 10:
        return f"{x:.2f}"
    return f"{x:.1f}"


def fmt_t(x):
    """A duration with its unit."""
    return fmt_s(x) if x < 0.1 else fmt_s(x) + " s"


def fmt_mib(kib):
    return "" if kib is None else f"{kib / 1024:.0f}"


def cell_status(row):
    status, note = row.bad
    if status == "na":
        return "n/a"
    if status == "timeout":
        return f"timeout ({note})"
    if status == "skipped":
        return f"not run ({note})"
    return f"error ({note})"


def size_table(n, rows, pages, meta):
    out = []
    floor = rows.get("cmark")
    floor_s = floor.median if floor and floor.usable else None
    out.append(f"## {n:,} notes")
    out.append("")
    bits = [meta.get(f"corpus_{n}", "")]
    if f"digest_{n}" in meta:
        bits.append(f"seed {meta.get('seed')}, sha256 `{meta[f'digest_{n}'][:16]}…`")
    runs, build_runs = meta.get(f"runs_{n}", "?"), meta.get(f"build_runs_{n}", meta.get(f"runs_{n}", "?"))
    bits.append(f"{runs} runs a row" + (f", {build_runs} for each build row" if build_runs != runs else "")
                + f", {meta.get('query_runs', '5')} for queries")
    bits.append(f"load average {meta.get(f'load_start_{n}', '?')} at the start, {meta.get(f'load_end_{n}', '?')} at the end")
    out.append("Corpus: " + "; ".join(b for b in bits if b) + ".")
    out.append("")
    out.append("| what | median s | min–max s | peak MiB | CPU s (median) | × cmark-gfm floor | notes |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for key, label in ROWS:
        row = rows.get(key)
        if row is None:
            out.append(f"| {label} | not run | | | | | |")
            continue
        if not row.ok:
            out.append(f"| {label} | {cell_status(row)} | | | | | {row.failed_after()} |")
            continue
        walls = [w for w, _, _ in row.ok]
        cpus = [c for _, _, c in row.ok]
        ratio = f"{row.median / floor_s:.2f}×" if floor_s else ""
        notes = []
        if row.bad:
            notes.append(f"{len(row.ok)} runs, then {cell_status(row)}")
        notes += sorted(row.notes)
        if key.startswith("build_") and (n, key) in pages and key != "build_full":
            ps = pages[(n, key)]
            ch = statistics.median(p[0] for p in ps)
            tw = statistics.median(p[1] for p in ps)
            notes.append(f"pages changed {ch:g}, written anew {tw:g} of {ps[-1][2]} files")
        if key == "hugo" and f"hugo_pages_{n}" in meta:
            notes.append(f"{meta[f'hugo_pages_{n}']} HTML files")
        if key == "build_full" and f"site_files_{n}" in meta:
            notes.append(f"{meta[f'site_files_{n}']} files, {int(meta.get(f'site_bytes_{n}', 0)) / 1e6:.0f} MB")
        out.append(f"| {label} | {fmt_s(row.median)} | {fmt_s(min(walls))}–{fmt_s(max(walls))} | "
                   f"{fmt_mib(row.peak_kib)} | {statistics.median(cpus):.2f} | {ratio} | {'; '.join(notes)} |")
    out.append("")
    says = [(k, pages[(n, k)][-1][3]) for k in ("build_nochange", "build_body", "build_title")
            if (n, k) in pages and pages[(n, k)][-1][3]]
    if meta.get(f"build_says_full_{n}"):
        says.insert(0, ("build_full", meta[f"build_says_full_{n}"]))
    if says:
        out.append("What the build said it did (its last line about pages or files, last run):")
        out.append("")
        for k, s in says:
            out.append(f"- {LABEL[k]}: `{s}`")
        out.append("")
    if meta.get(f"lint_says_{n}"):
        out.append(f"Lint's summary on this corpus: `{meta[f'lint_says_{n}']}`")
        out.append("")
    if meta.get(f"edited_{n}"):
        out.append(f"Incremental rows edit the {meta[f'edited_{n}']}.")
        out.append("")
    return out


def targets(data, meta=None):
    """(target, size, measured, ratio text, result) rows."""
    res = []

    def med(n, key):
        r = data.get(n, {}).get(key)
        return r.median if r and r.usable else None

    def cpu(n, key):
        r = data.get(n, {}).get(key)
        return r.median_cpu if r and r.usable else None

    def lower(n, key):
        """(wall, cpu) a failed row had used: lower bounds of what it needed."""
        r = data.get(n, {}).get(key)
        if r and not r.usable and r.bad_measure:
            return r.bad_measure[0], r.bad_measure[2]
        return None

    def cpu_ratio(n, a, b, pct=False):
        x, y = cpu(n, a), cpu(n, b)
        if not x or not y:
            return ""
        return f"{100 * x / y:.1f}%" if pct else f"{x / y:.2f}"

    def why(n, key):
        r = data.get(n, {}).get(key)
        if r is None:
            return "not run"
        if r.usable:
            return ""
        return "n/a" if r.bad and r.bad[0] == "na" else cell_status(r) if r.bad else "not run"

    sizes = sorted(data)
    for n in sizes:
        b, c, h = med(n, "build_full"), med(n, "cmark"), med(n, "hugo")
        if b and c:
            res.append(("full build within 3× of the cmark-gfm floor", n, f"build {fmt_t(b)}, floor {fmt_t(c)}",
                        f"{b / c:.2f}×", "PASS" if b / c <= 3 else "MISS", cpu_ratio(n, "build_full", "cmark") + "×"))
        elif c and lower(n, "build_full"):
            bw, bc = lower(n, "build_full")
            cc = cpu(n, "cmark")
            res.append(("full build within 3× of the cmark-gfm floor", n,
                        f"build failed after {fmt_t(bw)} ({why(n, 'build_full')}), floor {fmt_t(c)}",
                        f"≥ {bw / c:.0f}×", "MISS" if bw / c > 3 else "n/a",
                        f"≥ {bc / cc:.0f}×" if cc else ""))
        else:
            res.append(("full build within 3× of the cmark-gfm floor", n, "", "",
                        why(n, "build_full") or why(n, "cmark")))
        if b and h:
            res.append(("full build ≥ 3× faster than Hugo", n, f"Hugo {fmt_t(h)}, build {fmt_t(b)}",
                        f"Hugo ÷ build = {h / b:.2f}", "PASS" if h / b >= 3 else "MISS",
                        cpu_ratio(n, "hugo", "build_full")))
        elif h and lower(n, "build_full"):
            bw, bc = lower(n, "build_full")
            hc = cpu(n, "hugo")
            res.append(("full build ≥ 3× faster than Hugo", n,
                        f"Hugo {fmt_t(h)}, build failed after {fmt_t(bw)}", f"Hugo ÷ build ≤ {h / bw:.2f}",
                        "MISS" if h / bw < 3 else "n/a", f"≤ {hc / bc:.2f}" if hc and bc else ""))
        else:
            res.append(("full build ≥ 3× faster than Hugo", n, "", "", why(n, "hugo") if b else why(n, "build_full")))
    for key, name in (("build_nochange", "no-change rebuild ≤ 2% of a full build"),
                      ("build_title", "one-note title change, share of a full build (no target)")):
        for n in sizes:
            b, x = med(n, "build_full"), med(n, key)
            target = n == 10000 and key != "build_title"
            if b and x:
                verdict = ("PASS" if x / b <= 0.02 else "MISS") if target else "info"
                res.append((name, n, f"{fmt_t(x)} of {fmt_t(b)}", f"{100 * x / b:.1f}%", verdict,
                            cpu_ratio(n, key, "build_full", pct=True)))
            else:
                res.append((name, n, "", "", why(n, key) or why(n, "build_full")))
    # Issue 18: a one-note body change against what the user would otherwise wait for, Hugo's full build.
    for n in sizes:
        h, x = med(n, "hugo"), med(n, "build_body")
        name = "one-note body change ≤ 2% of Hugo's full build"
        if h and x:
            verdict = ("PASS" if x / h <= 0.02 else "MISS") if n == 10000 else "info"
            res.append((name, n, f"{fmt_t(x)} of Hugo's {fmt_t(h)}", f"{100 * x / h:.1f}%", verdict,
                        cpu_ratio(n, "build_body", "hugo", pct=True)))
        else:
            res.append((name, n, "", "", why(n, "build_body") or why(n, "hugo")))
    for n in sizes:
        b, k = med(n, "build_full"), med(n, "build_kernels")
        if b and k:
            res.append(("the kernels' build, share of the full build (no target)", n, f"{fmt_t(k)} beside {fmt_t(b)}",
                        f"{100 * k / b:.0f}%", "info"))
    for key, name, limit, label in (("build_full", "full build peak memory ≤ 1.5 GiB", 1.5 * GIB, "1.5 GiB"),
                                    ("lint_cold", "lint (cold) peak memory ≤ 1 GiB", GIB, "1 GiB"),
                                    ("lint_warm", "lint (warm) peak memory ≤ 1 GiB", GIB, "1 GiB")):
        for n in sizes:
            r = data.get(n, {}).get(key)
            target = n == 100000
            if r and r.usable:
                kib = r.peak_kib
                verdict = ("PASS" if kib <= limit else "MISS") if target else "info"
                res.append((name, n, f"{kib / 1024:.0f} MiB", f"{kib / limit:.2f} of {label}", verdict))
            elif r and r.bad_measure and r.bad_measure[1] >= limit:
                kib = r.bad_measure[1]
                res.append((name, n, f"≥ {kib / 1024:.0f} MiB when it failed ({cell_status(r)})",
                            f"≥ {kib / limit:.2f} of {label}", "MISS" if target else "info"))
            else:
                res.append((name, n, "", "", why(n, key)))
    meta = meta or {}
    for n in sizes:
        page = meta.get(f"node_page_bytes_{n}")
        if page:
            kb = int(page) / 1024
            res.append(("node page ≤ 15 KB on average (KB = 1,024 bytes)", n, f"{int(page):,} bytes = {kb:.2f} KB",
                        f"{kb / 15:.2f} of 15 KB", ("PASS" if kb <= 15 else "MISS") if n == 10000 else "info"))
        site, hugo = meta.get(f"site_bytes_{n}"), meta.get(f"hugo_bytes_{n}")
        if site and hugo:
            res.append(("site bytes against Hugo's public/ (no target)", n,
                        f"{int(site) / 1e6:.0f} MB against {int(hugo) / 1e6:.0f} MB", f"{int(site) / int(hugo):.2f}×", "info"))
    for n in sizes:
        for q in QUERIES:
            x = med(n, q)
            target = n == 100000
            name = f"query < 100 ms: {LABEL[q]}"
            if x is not None:
                verdict = ("PASS" if x < 0.1 else "MISS") if target else "info"
                c = cpu(n, q)
                res.append((name, n, f"{x * 1000:.0f} ms", f"{x / 0.1:.2f} of 100 ms", verdict,
                            f"{c * 1000:.0f} ms of CPU" if c is not None else ""))
            else:
                res.append((name, n, "", "", why(n, q)))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--raw", action="append", required=True)
    ap.add_argument("--meta", action="append", required=True)
    ap.add_argument("--pages", action="append", default=[])
    ap.add_argument("--notes", action="append", default=[], help="markdown to append under Notes")
    a = ap.parse_args()
    meta = read_meta(a.meta)
    data = read_raw(a.raw)
    pages = read_pages(a.pages)
    out = [f"# anthology benchmarks, {meta.get('date', '')}", ""]
    out.append("Produced by `bench/run.sh " + " ".join(sorted(set(meta.get("sizes", "").split()), key=int)) + "` (see bench/README.md for what each row "
               "means). Wall times are whole processes, median of the runs with the spread min–max; peak "
               "MiB is the largest resident set of any run (`/usr/bin/time %M`, the largest process of a "
               "pipeline); CPU s is user + system time, which exceeds wall time when a tool uses both cores.")
    out.append("")
    out.append("## Machine")
    out.append("")
    out.append(f"- {meta.get('nproc')} CPUs ({meta.get('cpu')}), {meta.get('mem')} of memory; "
               f"{meta.get('os')}, Linux {meta.get('kernel')}")
    out.append(f"- load average (1, 5, 15 min) at the start {meta.get('load_start')}, at the end {meta.get('load_end')}")
    try:
        load = float(meta.get("load_start", "0").split()[0])
        if load > 0.5 * int(meta.get("nproc", "1")):
            out.append(f"- **The machine was shared while this ran** (load {load:.1f} on {meta.get('nproc')} "
                       "CPUs at the start): absolute times are inflated and noisy; ratios measured in the "
                       "same minutes are more meaningful than the seconds.")
    except ValueError:
        pass
    out.append(f"- tools: {meta.get('cmark')}; {meta.get('hugo')}; {meta.get('anthology')}; "
               f"compiler {meta.get('compiler')}, {meta.get('build_type')} build")
    for line in meta.get("concurrent_list", []):
        out.append(f"- {line}")
    if meta.get("mem_limit"):
        out.append(f"- {meta['mem_limit']}")
    out.append("- every run reads a warm page cache (the corpus was just written or read); no cache is dropped")
    out.append("")
    out.append("## Targets")
    out.append("")
    out.append("Each target is judged at the size it names (10k for the incremental builds and the page size, 100k "
               "for memory and queries, every size for the full-build ratios); the other sizes are shown as `info`. "
               "The build rows pass `--no-kernels`, so that they do the work Hugo does: the kernels' own row shows "
               "what compiling and running them adds.")
    out.append("")
    out.append("The verdict uses wall time, as the targets say; the last column gives the same ratio in CPU "
               "time (user + system), which a loaded machine disturbs much less.")
    out.append("")
    out.append("| target | notes | measured (wall, median) | ratio | result | ratio in CPU time |")
    out.append("| --- | ---: | --- | ---: | --- | ---: |")
    for t in targets(data, meta):
        name, n, measured, ratio, verdict = t[:5]
        cpu_r = t[5] if len(t) > 5 and t[5] not in ("", "×") else ""
        out.append(f"| {name} | {n:,} | {measured} | {ratio} | {verdict} | {cpu_r} |")
    out.append("")
    for n in sorted(data):
        out += size_table(n, data[n], pages, meta)
    notes = [open(p, encoding="utf-8").read().strip() for p in a.notes if os.path.exists(p)]
    if notes:
        out += ["## Notes", ""] + ["\n\n".join(notes), ""]
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
