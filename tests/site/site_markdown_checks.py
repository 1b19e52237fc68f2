#!/usr/bin/env python3
"""Checks the site of tests/fixtures/vault-markdown in headless Chromium (tests/site/cdp_browser.py),
opened from file://: KaTeX (Debian's libjs-katex, copied into the site) turned every math span into
.katex elements without a console error or exception, and callouts fold with <details> (a click on
a folded callout's title opens it, another closes it). Prints "ok NAME" or "FAIL NAME: why" and saves
screenshots (math, callouts light and dark, a folded callout opened) in OUT.
Used by tests/site/site_markdown_browser_test.cpp.

usage: site_markdown_checks.py CHROMIUM SITE_DIR OUT_DIR
"""
import os
import sys

from cdp_browser import check, drive


def problems(b):
    """Console errors, exceptions and log errors (a refused file, a CSP violation) so far."""
    out = []
    for e in b.events:
        method, params = e.get("method"), e.get("params", {})
        if method == "Runtime.exceptionThrown":
            out.append(params.get("exceptionDetails", {}).get("text"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            out.append(str(params.get("args")))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            out.append(params["entry"].get("text"))
    return out


def math_checks(b, url):
    b.viewport(1000, 800)
    b.events.clear()
    b.go(url("math.html"))
    done = b.wait_for("document.querySelectorAll('span.math .katex').length === document.querySelectorAll('span.math').length"
                      " && document.querySelectorAll('span.math').length > 0")
    spans = b.eval("document.querySelectorAll('span.math').length")
    check("math spans are rendered by KaTeX", bool(done), spans)
    check("display math is a KaTeX display", b.eval("!!document.querySelector('span.math.display .katex-display')"))
    check("KaTeX's fonts load from the site", b.wait_for("document.fonts.check('16px KaTeX_Main')", 5))
    check("no console error or exception on the math page", not problems(b), problems(b))
    b.shot(os.path.join(OUT, "math-1000.png"))
    b.go(url("math-quiet.html"))
    check("prices are not math", b.eval("document.querySelectorAll('.math, .katex').length") == 0)


def callout_checks(b, url):
    b.viewport(1000, 1400)
    b.events.clear()
    b.go(url("callouts.html"))
    closed = "document.querySelector('details.callout[data-callout=warning]')"
    check("a '-' callout starts folded", b.eval(closed + ".open") is False)
    check("its content is hidden", b.eval("%s.querySelector('.callout-content').checkVisibility()" % closed) is False)
    b.eval(closed + ".querySelector('summary').click()")
    check("a click on its title opens it", b.eval(closed + ".open") is True)
    b.shot(os.path.join(OUT, "callouts-light-1000.png"))
    b.eval(closed + ".querySelector('summary').click()")
    check("another click folds it again", b.eval(closed + ".open") is False)
    check("a '+' callout starts open", b.eval("document.querySelector('details.callout[data-callout=example]').open") is True)
    check("a nested callout sits inside its parent",
          b.eval("!!document.querySelector('.callout[data-callout=example] .callout[data-callout=quote]')"))
    colours = b.eval("Array.from(new Set(Array.from(document.querySelectorAll('.callout')).map(function(c){"
                     "return getComputedStyle(c).backgroundColor;}))).length")
    check("the callout families have their own colours", colours == 7, colours)
    check("no console error or exception on the callouts page", not problems(b), problems(b))
    b.eval("document.documentElement.setAttribute('data-theme','dark')")
    b.shot(os.path.join(OUT, "callouts-dark-1000.png"))


def main():
    global OUT
    chromium, site, OUT = sys.argv[1:4]
    url = lambda page: "file://" + os.path.join(site, page)

    def steps(b):
        b.send("Log.enable")
        for step in (math_checks, callout_checks):
            try:
                step(b, url)
            except Exception as e:  # one failing step must not hide the others
                check(step.__name__, False, e)

    drive(chromium, OUT, steps)


if __name__ == "__main__":
    main()
