#!/usr/bin/env python3
"""A page served by `anthology serve`, open in headless Chromium (tests/site/cdp_browser.py), reloads
itself after an edit of its note, and shows the edit; a page the edit does not change stays as it was.
Prints "ok NAME" or "FAIL NAME: why". Used by tests/site/serve_reload_browser_test.cpp.

usage: serve_reload_checks.py CHROMIUM ANTHOLOGY CORPUS WORKDIR
"""
import os
import re
import signal
import subprocess
import sys
import time

from cdp_browser import check, drive


def main():
    chromium, binary, corpus, work = sys.argv[1:5]
    out_path = os.path.join(work, "serve.out")
    with open(out_path, "w") as out, open(os.path.join(work, "serve.err"), "w") as err:
        proc = subprocess.Popen([binary, "serve", "--port", "0", "--corpus", corpus, "--index", os.path.join(work, "index.db")],
                                stdout=out, stderr=err)
    try:
        url = None
        for _ in range(600):
            m = re.search(r"http://127\.0\.0\.1:\d+/", open(out_path).read())
            if m:
                url = m.group(0)
                break
            time.sleep(0.1)
        check("serve printed its URL", url is not None)
        if url:
            drive(chromium, os.path.join(work, "browser"), lambda b: steps(b, url, corpus))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)


def append(corpus, note, text):
    with open(os.path.join(corpus, note), "a", encoding="utf-8") as f:
        f.write(text)


def steps(b, url, corpus):
    b.go(url + "LIT-002.html")
    b.eval("window.__before_edit = true")
    time.sleep(0.5)  # the stream is open before the edit
    append(corpus, "lit/LIT-002.md", "\nWritten while the browser watched: okapi-lantern.\n")
    reloaded = b.wait_for("window.__before_edit === undefined && document.body.innerText.indexOf('okapi-lantern') >= 0", 20)
    check("the page reloads after an edit that changes it and shows the edit", bool(reloaded),
          b.eval("document.body.innerText.slice(0, 200)"))

    b.go(url + "THEORY-001.html")
    b.eval("window.__before_edit = true")
    time.sleep(0.5)
    append(corpus, "lit/LIT-003.md", "\nAn edit THEORY-001's page does not show.\n")
    time.sleep(3)
    check("a page the edit does not change is not reloaded", b.eval("window.__before_edit === true"))


if __name__ == "__main__":
    main()
