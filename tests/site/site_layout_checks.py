#!/usr/bin/env python3
"""Checks the layout of the site of data/ in headless Chromium (tests/site/cdp_browser.py): the
body first on a phone, Properties collapsed there and open on a wide screen, the table of contents,
the theme toggle across a reload, copy buttons on code, a one-line header from 1024 px, ids that
never break at their hyphen, wide tables that scroll in their box. Prints "ok NAME" or
"FAIL NAME: why" per check and saves a screenshot of each page kind at 390 and 1280 px in OUT.
Used by tests/site/site_layout_browser_test.cpp.

usage: site_layout_checks.py CHROMIUM SITE_DIR OUT_DIR
"""
import os
import sys

from cdp_browser import Browser, check

# The body's first block of text (a paragraph, or a list where the note opens with one).
FIRST_PARAGRAPH_TOP = "(function(){var p=document.querySelector('.body.prose > :is(p, ul, ol, blockquote)');return p?p.getBoundingClientRect().top+scrollY:-1;})()"
PROPERTIES_OPEN = "(function(){var d=document.querySelector('details.properties');return d?d.open:null;})()"
PAGES = {"lit": "LIT-008.html", "note": "NOTE-300.html", "sota": "SOTA-192.html", "theory": "THEORY-061.html",
         "term": "attention.html", "home": "index.html", "listing": "papers.html"}


def phone_checks(b, url):
    b.viewport(390, 844, mobile=True)
    for page in ("LIT-008.html", "SOTA-192.html", "attention.html"):
        b.go(url(page))
        top = b.eval(FIRST_PARAGRAPH_TOP)
        check("390 %s first paragraph within the first screen" % page, top is not None and 0 <= top < 844, top)
        check("390 %s properties collapsed" % page, b.eval(PROPERTIES_OPEN) is False, b.eval(PROPERTIES_OPEN))
    # An id that starts a link is one line high: it does not break at its hyphen.
    b.go(url("SOTA-192.html"))
    heights = b.eval("Array.from(document.querySelectorAll('main .nid')).map(function(s){"
                     "var r=s.getClientRects();return r.length;})")
    check("390 no id breaks at its hyphen", bool(heights) and all(n == 1 for n in heights), heights)
    # A table wider than the phone scrolls inside its box; the page itself does not.
    b.go(url("SOTA-404.html"))
    table = b.eval("(function(){var t=Array.from(document.querySelectorAll('.prose table, .table-wrap, .query-block'))"
                   ".find(function(w){return w.scrollWidth>w.clientWidth+1;});if(!t)return null;"
                   "t.scrollLeft=40;return {scrolled:t.scrollLeft>0,cue:t.classList.contains('scrolls'),"
                   "page:document.documentElement.scrollWidth};})()")
    check("390 a wide table scrolls inside its wrapper",
          bool(table) and table["scrolled"] and table["cue"] and table["page"] <= 390, table)


def wide_checks(b, url):
    b.viewport(1280, 900)
    b.go(url("LIT-008.html"))
    check("1280 properties open", b.eval(PROPERTIES_OPEN) is True, b.eval(PROPERTIES_OPEN))
    b.go(url("NOTE-300.html"))
    links = b.eval("Array.from(document.querySelectorAll('nav.toc a')).map(function(a){return a.getAttribute('href');})")
    targets = b.eval("Array.from(document.querySelectorAll('nav.toc a')).every(function(a){"
                     "return !!document.getElementById(a.getAttribute('href').slice(1));})")
    check("toc lists the headings and each link has its target", bool(links) and len(links) >= 2 and targets, links)
    b.eval("document.querySelectorAll('nav.toc a')[1].click()")
    went = b.wait_for("location.hash === %r && Math.abs(document.getElementById(%r).getBoundingClientRect().top) < 60"
                      % (links[1] if links else "#", (links[1] if links else "#x")[1:]))
    check("a toc link scrolls to its heading", bool(went), b.eval("location.hash"))
    for width in (1024, 1280):
        b.viewport(width, 900)
        b.go(url("LIT-008.html"))
        h = b.eval("(function(){var i=document.querySelector('.site-header-inner');"
                   "var c=Array.from(i.children).map(function(e){return e.getBoundingClientRect();});"
                   "return {top:Math.max.apply(null,c.map(function(r){return r.top;}))-Math.min.apply(null,c.map(function(r){return r.top;})),"
                   "height:i.getBoundingClientRect().height};})()")
        check("%d header is one line" % width, bool(h) and h["top"] < 12 and h["height"] < 70, h)


def theme_checks(b, url):
    b.viewport(1280, 900)
    b.go(url("LIT-008.html"))
    b.eval("localStorage.removeItem('anthology-theme')")
    b.go(url("LIT-008.html"))
    b.eval("document.querySelector('.theme-toggle').click()")  # system -> light
    b.eval("document.querySelector('.theme-toggle').click()")  # light -> dark
    b.go(url("SOTA-192.html"))
    theme = b.eval("document.documentElement.getAttribute('data-theme')")
    bg = b.eval("getComputedStyle(document.body).backgroundColor")
    check("the theme toggle persists across a reload", theme == "dark" and bg == "rgb(21, 22, 26)", (theme, bg))
    # The palette is one light-dark() pair per colour: with no choice made the system's scheme picks it,
    # and a choice overrides the system's either way.
    b.eval("localStorage.removeItem('anthology-theme')")
    for system, chosen, want in (("dark", None, "rgb(21, 22, 26)"), ("light", None, "rgb(251, 250, 247)"),
                                 ("dark", "light", "rgb(251, 250, 247)"), ("light", "dark", "rgb(21, 22, 26)")):
        b.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": system}]})
        if chosen:
            b.eval(f"localStorage.setItem('anthology-theme', '{chosen}')")
        b.go(url("SOTA-192.html"))
        bg = b.eval("getComputedStyle(document.body).backgroundColor")
        badge = b.eval("getComputedStyle(document.querySelector('.badge')).color")
        want_badge = "rgb(17, 17, 17)" if want == "rgb(21, 22, 26)" else "rgb(255, 255, 255)"
        check(f"system {system}, chosen {chosen}: the page's palette follows", (bg, badge) == (want, want_badge), (bg, badge))
        b.eval("localStorage.removeItem('anthology-theme')")
    b.send("Emulation.setEmulatedMedia", {"features": []})


def copy_checks(b, url):
    b.viewport(1280, 900)
    b.go(url("SOTA-192.html"))  # data/ has code only in the kernel's source
    b.eval("document.querySelector('details.kernel-source').open=true")
    b.send("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]}, session=False)
    b.eval("window.__copied=null;var w=navigator.clipboard&&navigator.clipboard.writeText;"
           "if(w)navigator.clipboard.writeText=function(t){window.__copied=t;return w.call(navigator.clipboard,t);};"
           "document.addEventListener('copy',function(){window.__copied=window.__copied||String(getSelection());});")
    has = b.eval("!!document.querySelector('.code-wrap .copy-code')")
    code = b.eval("(function(){var c=document.querySelector('.code-wrap pre');return c&&c.textContent;})()")
    b.eval("document.querySelector('.code-wrap .copy-code').click()")
    label = b.wait_for("document.querySelector('.code-wrap .copy-code').textContent === 'Copied'")
    copied = b.eval("window.__copied")
    check("a copy button copies its code block", has and bool(label) and copied == code, (has, label, copied and copied[:40]))


def shots(b, url, out):
    for width, height, mobile in ((390, 844, True), (1280, 900, False)):
        b.viewport(width, height, mobile)
        for kind, page in PAGES.items():
            b.go(url(page))
            b.shot(os.path.join(out, "%s-%d.png" % (kind, width)))


def main():
    chromium, site, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    b = Browser(chromium, os.path.join(out, "profile"))
    try:
        b.open()
        url = lambda page: "file://" + os.path.join(site, page)
        for step in (phone_checks, wide_checks, theme_checks, copy_checks):
            try:
                step(b, url)
            except Exception as e:  # one failing step must not hide the others
                check(step.__name__, False, e)
        shots(b, url, out)
    finally:
        b.close()


if __name__ == "__main__":
    main()
