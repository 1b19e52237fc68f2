#!/usr/bin/env python3
"""Sizes of a built site: the average node page, the whole site, and what a node page's bytes are.

    bench/page_size.py SITE_DIR [--breakdown] [--hugo HUGO_PUBLIC_DIR]

Node pages are the files named like an anthology id (`LIT-0001.html`, regex ^[A-Z]+-\\d+.*\\.html$);
the site total is every file under SITE_DIR. `--breakdown` splits the node pages' bytes into parts
(one regex each, measured in order on what earlier parts left) and prints each part's average per page.
"""
import argparse
import os
import re
import sys

NODE_PAGE = re.compile(r"^[A-Z]+-\d+.*\.html$")

# What a node page is made of, matched in this order; each part is cut out before the next is looked
# for, so the parts do not overlap and "rest" is what none of them matched.
PARTS = [
    ("head and site header", re.compile(r"\A.*?<main[^>]*>", re.S)),
    ("footer and scripts", re.compile(r"</main>.*\Z", re.S)),
    ("graph: node <title>s", re.compile(r"<title>[^<]*</title>(?=<circle)")),
    # A node: <a href=... transform=...> (class="node kind-..." on it before 2026-12-03; since, a
    # <g class="kind-..."> around each run of one kind).
    ("graph: nodes (links, dots, labels)",
     re.compile(r"<a href=\"[^\"]*\"[^>]*transform=\"translate[^>]*>.*?</a>\n?|<g class=\"kind-[^\"]*\">", re.S)),
    ("graph: edges", re.compile(r"<path d=[^>]*/>\n?|<g class=\"(?:men|rel) [^\"]*\">\n?|</g>\n?")),
    ("graph: svg frame, defs, legend", re.compile(r"<section class=\"graph-view\".*?</section>\n?", re.S)),
    ("glossary hover definitions", re.compile(r"<span class=\"tip\"[^>]*>.*?</span>", re.S)),
    ("glossary term markup", re.compile(r"<span class=\"gloss\">|(?<=</a>)</span>| aria-describedby=\"tip_[^\"]*\"")),
    ("title attributes", re.compile(r" title=\"[^\"]*\"")),
    ("backlinks", re.compile(r"<section class=\"backlinks\".*?</section>\n?", re.S)),
    ("properties", re.compile(r"<details class=\"properties\">.*?</details>\n?", re.S)),
    ("contents (toc)", re.compile(r"<nav class=\"toc\".*?</nav>\n?", re.S)),
    ("note header", re.compile(r"<header class=\"node-header\">.*?</header>\n?", re.S)),
    ("body", re.compile(r"<div class=\"body prose\">.*?</div>\n(?=\n*(?:<section|<div|</div>))", re.S)),
]


def node_pages(site):
    return [os.path.join(site, f) for f in sorted(os.listdir(site)) if NODE_PAGE.match(f)]


def tree_bytes(top):
    total = files = 0
    for d, _, names in os.walk(top):
        for n in names:
            p = os.path.join(d, n)
            if not os.path.islink(p):
                total += os.path.getsize(p)
                files += 1
    return total, files


def breakdown(pages):
    sums = {name: 0 for name, _ in PARTS}
    rest = 0
    for p in pages:
        with open(p, encoding="utf-8") as f:
            text = f.read()
        for name, rx in PARTS:
            parts = []
            def cut(m):
                parts.append(len(m.group(0).encode("utf-8")))
                return ""
            text = rx.sub(cut, text)
            sums[name] += sum(parts)
        rest += len(text.encode("utf-8"))
    return sums, rest


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("site")
    ap.add_argument("--breakdown", action="store_true")
    ap.add_argument("--hugo", help="Hugo's public/ folder for the same notes, to compare totals")
    a = ap.parse_args()
    pages = node_pages(a.site)
    if not pages:
        sys.exit(f"no node pages in {a.site}")
    page_total = sum(os.path.getsize(p) for p in pages)
    site_total, site_files = tree_bytes(a.site)
    avg = page_total / len(pages)
    print(f"node pages: {len(pages)}, {page_total / 1e6:.1f} MB, average {avg:.0f} bytes = {avg / 1024:.2f} KiB")
    print(f"whole site: {site_files} files, {site_total / 1e6:.1f} MB")
    if a.hugo:
        hugo_total, hugo_files = tree_bytes(a.hugo)
        print(f"hugo: {hugo_files} files, {hugo_total / 1e6:.1f} MB (anthology / hugo = {site_total / hugo_total:.2f})")
    if a.breakdown:
        sums, rest = breakdown(pages)
        print(f"\nper node page, average bytes ({len(pages)} pages):")
        for name, _ in PARTS:
            print(f"  {name:38} {sums[name] / len(pages):8.0f}  {100 * sums[name] / page_total:5.1f}%")
        print(f"  {'rest':38} {rest / len(pages):8.0f}  {100 * rest / page_total:5.1f}%")


if __name__ == "__main__":
    main()
