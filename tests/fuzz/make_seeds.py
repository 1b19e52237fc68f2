#!/usr/bin/env python3
"""Regenerates the fuzz seed corpora under tests/fuzz/corpus/ from data/, tests/fixtures/ and a set of
hostile notes written here. Run from anywhere: python3 tests/fuzz/make_seeds.py. Seeds stay small (the
fuzzers run with -max_len=65536); the large hostile cases live in tests/hardening/hostile_notes_test.cpp.
"""
import hashlib
import os
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "fuzz" / "corpus"

HOSTILE = {
    "html-everywhere.md": """---
id: LIT-900
title: "<script>alert('title')</script><img src=x onerror=alert(1)>"
authors: ["<b>Bold</b>", "</textarea><svg onload=alert(2)>"]
year: 2020
tags: [model-stability]
aliases: ["<iframe src=javascript:alert(3)>"]
venue: "\\"><script>alert(4)</script>"
url: "javascript:alert(5)"
---
<script>alert('body')</script>
<div onclick="alert(6)">raw html block with [[LIT-900]] inside</div>

A paragraph with <span style="x">inline html</span> and [[<script>|<b>x</b>]].
[x](javascript:alert(7)) [y](data:text/html,<script>alert(8)</script>) [z](vbscript:msgbox) <javascript:alert(9)>
""",
    "paths.md": """---
id: ../../etc/passwd
title: Path traversal
source: [../LIT-1, /etc/shadow, "[[../../../root/.ssh/id_rsa]]"]
introduced_by: "[[/absolute/LIT-2]]"
---
[[../../outside]] [[/etc/passwd|root]] [[C:\\Windows\\system32]] [[\\\\server\\share]] [[./LIT-1#../x]]
source:: [[../LIT-3]]
""",
    "deep-quote.md": "---\ntitle: q\n---\n" + "> " * 2000 + "[[LIT-1]] deep\n",
    "deep-list.md": "---\ntitle: l\n---\n" + "".join("  " * i + "- item [[LIT-%d]]\n" % i for i in range(200)),
    "deep-list-inline.md": "---\ntitle: l\n---\n" + "- " * 3000 + "x\n",
    "deep-yaml-flow.md": "---\ntitle: " + "[" * 100 + "]" * 100 + "\n---\n",
    "deep-yaml-block.md": "---\ntitle:\n" + "".join("  " * i + "- \n" for i in range(80)) + "---\n",
    "alias-bomb.md": """---
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
title: *f
---
""",
    "alias-recursive.md": "---\na: &x\n  b: *x\ntitle: *x\n<<: *x\n---\n",
    "yaml-tags.md": "---\ntitle: !!binary aGVsbG8=\nyear: !!int 2020\nauthors: !!python/object:os.system [rm]\nid: !custom LIT-5\n? [complex, key]\n: value\n---\n",
    "yaml-merge.md": "---\nbase: &b {title: t, year: 2020}\n<<: *b\nid: LIT-7\n---\n",
    "invalid-utf8.md": b"---\ntitle: bad \xff\xfe bytes\n---\nbody \xc0\xaf overlong \xed\xa0\x80 surrogate\n",
    "nul-byte.md": b"---\ntitle: nul\n---\nbody\x00after\n",
    "crlf.md": "---\r\nid: LIT-8\r\ntitle: CRLF note\r\nauthors: [A]\r\nyear: 2021\r\n---\r\nBody [[LIT-1]]\r\nsource:: [[LIT-2]]\r\n",
    "bom.md": "\ufeff---\nid: LIT-9\ntitle: BOM note\nauthors: [A]\nyear: 2021\n---\nBody\n",
    "bom-crlf-lone-cr.md": "\ufeff---\r\ntitle: x\r\r\n---\rbody\r",
    "unclosed.md": "---\nid: LIT-10\ntitle: never closed\nauthors: [A]\n",
    "dots-fence.md": "---\nid: LIT-11\ntitle: closed by dots\n...\nbody\n",
    "only-fence.md": "---",
    "empty.md": "",
    "surrogate-escape.md": '---\ntitle: "\\uD800\\uDFFF \\U0010FFFF \\x00 \\0 \\e"\nid: "\\uD83D"\n---\n',
    "numbers.md": "---\nid: SOTA-12\ntitle: n\nyear: 99999999999999999999999\nversion: -9223372036854775808\nkernel: qk_norm\nkernel_params: {a: 1e400, b: nan, c: .inf, d: -0, e: 0x10, f: \"\"}\n---\n",
    "inline-fields.md": """---
id: SOTA-13
title: Inline
status: candidate
---
source:: [[LIT-1]] [[LIT-2]] [[LIT-1]]
introduced_by:: [[LIT-1]]
introduced_by:: [[LIT-2]]
- related:: [[SOTA-1]]
> contested_by:: [[NOTE-1]]
A sentence [source:: [[LIT-3]]] and (introduced_by:: LIT-4) and [broken:: [[x]
`code [[LIT-5]] and source:: [[LIT-6]]`
```
source:: [[LIT-7]]
```
| a | b |
|---|---|
| [[LIT-8]] | [x:: [[LIT-9\\|y]]] |
[[]] [[|]] [[#]] [[ ]] [[a|b|c]] [[a#b#c]] [[[[x]]]] ]] [[
``` unterminated
""",
    "backticks.md": "---\ntitle: b\n---\n" + "`" * 500 + " [[LIT-1]] " + "`" * 499 + "\n" + "``x\n[[LIT-2]]\n``\n",
    "long-line.md": "---\ntitle: long\n---\n" + "[[LIT-1]]" * 3000 + "\n",
    "many-fields.md": "---\n" + "".join("f%d: v\n" % i for i in range(500)) + "---\n",
}

# Small corpora for fuzz_ingest, beyond the fixtures: cycles, duplicates, every kind.
INGEST_EXTRA = {
    "cycle.txt": [
        ("lit/LIT-1.md", "---\nid: LIT-1\ntitle: A\nauthors: [x]\nyear: 2020\ncites: [LIT-2]\nsupersedes: LIT-3\n---\n"),
        ("lit/LIT-2.md", "---\nid: LIT-2\ntitle: B\nauthors: [x]\nyear: 2019\ncites: [LIT-1, LIT-3]\n---\n"),
        ("lit/LIT-3.md", "---\nid: LIT-3\ntitle: C\nauthors: [x]\nyear: 2021\ncites: [LIT-1, LIT-2, LIT-3]\n---\n[[LIT-1]]\n"),
    ],
    "duplicates.txt": [
        ("a/LIT-1.md", "---\nid: LIT-1\ntitle: A\nauthors: [x]\nyear: 2020\n---\n"),
        ("b/LIT-1.md", "---\nid: LIT-1\ntitle: A\nauthors: [x]\nyear: 2020\n---\n"),
        ("terms/a.md", "---\ntitle: A\nshort: s\naliases: [LIT-1, a]\n---\n[[A]] [[a]]\n"),
    ],
    "every-kind.txt": [
        ("lit/LIT-1.md", "---\nid: LIT-1\ntitle: Paper\nauthors: [x]\nyear: 2022\nstatus: retracted\nread_as: [NOTE-1]\ncontested_by: [THEORY-1]\n---\n"),
        ("lit/LIT-2.md", "---\nid: LIT-2\ntitle: Older\nauthors: [x]\nyear: 2010\nstatus: superseded\n---\n"),
        ("notes/NOTE-1.md", "---\nid: NOTE-1\ntitle: Reading\npaper: LIT-1\ndeclines_origin_of: [SOTA-1]\n---\n[[SOTA-1]] [[softmax]]\n"),
        ("sota/SOTA-1.md", "---\nid: SOTA-1\ntitle: Do it\nstatus: adopted\nsource: [LIT-1, LIT-2, THEORY-1]\nintroduced_by: LIT-1\ncontested_by: [NOTE-1]\nkernel: nope\nkernel_params: {x: 1}\n---\n[[LIT-2]]\n"),
        ("theory/THEORY-1.md", "---\nid: THEORY-1\ntitle: Claim\nstatus: refuted\nsource: [LIT-2]\n---\n"),
        ("terms/softmax.md", "---\ntitle: softmax\nshort: the normalised exponential\nrelated: [softmax]\norigin: [LIT-1]\n---\n"),
    ],
}

def name_for(prefix, content):
    return prefix + "-" + hashlib.sha1(content).hexdigest()[:8]

def main():
    for target in ("fuzz_frontmatter", "fuzz_note", "fuzz_ingest"):
        shutil.rmtree(OUT / target, ignore_errors=True)
        (OUT / target).mkdir(parents=True)

    notes = sorted((ROOT / "data").rglob("*.md")) + sorted((ROOT / "tests" / "fixtures" / "rules").rglob("*.md"))
    for p in notes:
        data = p.read_bytes()
        if len(data) > 16384:
            continue
        rel = p.relative_to(ROOT).as_posix().replace("/", "_")
        for target in ("fuzz_frontmatter", "fuzz_note"):
            (OUT / target / rel).write_bytes(data)
    for name, content in HOSTILE.items():
        data = content if isinstance(content, bytes) else content.encode()
        for target in ("fuzz_frontmatter", "fuzz_note"):
            (OUT / target / ("hostile_" + name)).write_bytes(data)

    # fuzz_ingest: each fixture corpus as one input; data/ in groups of up to 16 linked notes.
    def pack(files):
        return b"".join(b"@@ " + path.encode() + b"\n" + (c if isinstance(c, bytes) else c.encode()) for path, c in files)

    for corpus in sorted((ROOT / "tests" / "fixtures" / "rules").glob("*/*")):
        files = [(f.relative_to(corpus).as_posix(), f.read_bytes()) for f in sorted(corpus.rglob("*.md"))]
        if files:
            (OUT / "fuzz_ingest" / ("fixture_" + corpus.parent.name + "_" + corpus.name + ".txt")).write_bytes(pack(files[:16]))
    by_id = {}
    for f in sorted((ROOT / "data").rglob("*.md")):
        by_id[f.stem] = f
    for f in sorted((ROOT / "data" / "sota").glob("*.md")):
        text = f.read_text()
        group = [f]
        for ref in re.findall(r"\b(LIT-\d+|NOTE-\d+|THEORY-\d+|SOTA-\d+)\b", text):
            if ref in by_id and by_id[ref] not in group and len(group) < 16:
                group.append(by_id[ref])
        files = [(g.relative_to(ROOT / "data").as_posix(), g.read_bytes()) for g in group]
        data = pack(files)
        if len(data) <= 65536:
            (OUT / "fuzz_ingest" / ("data_" + f.stem + ".txt")).write_bytes(data)
    for name, files in INGEST_EXTRA.items():
        (OUT / "fuzz_ingest" / name).write_bytes(pack(files))
    hostile = [("hostile/" + n.replace(".md", "") + ".md", c if isinstance(c, bytes) else c.encode()) for n, c in HOSTILE.items()]
    for i in range(0, len(hostile), 8):
        (OUT / "fuzz_ingest" / ("hostile_%d.txt" % (i // 8))).write_bytes(pack(hostile[i:i + 8]))

    for target in ("fuzz_frontmatter", "fuzz_note", "fuzz_ingest"):
        files = list((OUT / target).iterdir())
        print(target, len(files), "seeds,", sum(f.stat().st_size for f in files), "bytes")

if __name__ == "__main__":
    main()
