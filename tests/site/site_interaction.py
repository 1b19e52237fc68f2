#!/usr/bin/env python3
"""Drives headless Chromium over the DevTools protocol (--remote-debugging-pipe: fds 3 and 4,
NUL-separated JSON; no library beyond Python's own) through the site of data/ as a reader would:
keys, typing, hovering. Prints one line per check, "ok NAME" or "FAIL NAME: why", and saves
screenshots in OUT. Used by tests/site/site_interaction_test.cpp.

usage: site_interaction.py CHROMIUM SITE_DIR OUT_DIR
"""
import os
import sys
import time

from cdp_browser import Browser, check


FIRST_HIT = "(function(){var h=document.querySelector('%s .search-results li .node-id');return h&&h.textContent;})()"
STATUS = "(function(){var s=document.querySelector('%s .search-status');return s&&s.textContent;})()"


def clear_box(b, selector):
    b.eval("(function(){var i=document.querySelector('%s');i.value='';"
           "i.dispatchEvent(new Event('input'));})()" % selector)


def search_checks(b, url, scope, box, shots, tag):
    b.go(url)
    b.key("k", "KeyK", 75, modifiers=2)  # Ctrl+K
    focused = b.eval("document.activeElement && document.activeElement.id")
    check(tag + " ctrl-k focuses search", focused == box.lstrip("#"), focused)
    b.eval("document.activeElement.blur()")
    b.key("/", "Slash", 191, text="/")
    focused = b.eval("document.activeElement && document.activeElement.id")
    check(tag + " slash focuses search", focused == box.lstrip("#"), focused)
    b.type("entropy collapse")
    first = b.wait_for(FIRST_HIT % scope)
    check(tag + " entropy collapse lists LIT-523 first", first == "LIT-523", first)
    marks = b.eval("Array.from(document.querySelectorAll('%s .search-results mark')).map(m=>m.textContent.toLowerCase())" % scope)
    check(tag + " highlights whole words", bool(marks) and all(m.startswith(("entropy", "collapse")) for m in marks), marks)
    b.shot(os.path.join(shots, tag + "-search-entropy.png"))
    clear_box(b, box)
    b.eval("document.querySelector('%s').focus()" % box)
    b.type("SOTA-192")
    first = b.wait_for("(%s) === 'SOTA-192'" % (FIRST_HIT % scope)) and "SOTA-192" or b.eval(FIRST_HIT % scope)
    check(tag + " SOTA-192 lists SOTA-192 first", first == "SOTA-192", first)
    clear_box(b, box)
    b.eval("document.querySelector('%s').focus()" % box)
    b.type("the")
    status = b.wait_for("(function(){var s=%s;return s&&s.indexOf('too common')>=0&&s;})()" % (STATUS % scope))
    items = b.eval("document.querySelectorAll('%s .search-results li').length" % scope)
    check(tag + " a stopword leaves a clear empty state", bool(status) and items == 0, (status, items))
    clear_box(b, box)
    b.eval("document.querySelector('%s').focus()" % box)
    b.type("SOTA-192")
    b.wait_for("(%s) === 'SOTA-192'" % (FIRST_HIT % scope))
    b.key("ArrowDown", "ArrowDown", 40)
    b.key("Enter", "Enter", 13, text="\r")
    went = b.wait_for("location.pathname.endsWith('/SOTA-192.html')")
    check(tag + " arrow keys and Enter pick a result", bool(went), b.eval("location.href"))


PREVIEW = "(function(){var p=document.getElementById('link-preview');return p&&!p.hidden&&p.textContent;})()"


def hover(b, selector):
    """Moves the mouse away, then onto the first link matching selector (scrolled into view)."""
    b.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 1, "y": 1})
    box = b.eval("(function(){var a=document.querySelector('%s');"
                 "a.scrollIntoView({block:'center'});var r=a.getClientRects()[0];"
                 "return [r.left+r.width/2,r.top+r.height/2];})()" % selector)
    b.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": box[0], "y": box[1]})


def heading_preview_checks(b, out):
    # SOTA-192 links to a heading of LIT-523: the preview shows that section, not the note's opening.
    link = "main .body a.wikilink[href=\"LIT-523.html#standing-in-the-anthology\"]"
    hover(b, link)
    shown = b.wait_for(PREVIEW, 3) or ""
    check("a link to a heading previews that heading's section",
          "\u00a7 Standing in the anthology" in shown and "Read as NOTE-265" in shown
          and "An earlier ICLR 2023 submission" not in shown, shown)
    b.shot(os.path.join(out, "SOTA-192-heading-preview.png"))
    b.key("Escape", "Escape", 27)
    # The same link to a fragment that names no heading: the note's opening, as for any link.
    b.eval("document.querySelector('%s').setAttribute('href','LIT-523.html#no-such-heading')" % link)
    hover(b, "main .body a.wikilink[href=\"LIT-523.html#no-such-heading\"]")
    shown = b.wait_for(PREVIEW, 3) or ""
    check("a fragment that names no heading previews the opening",
          shown.startswith("LIT Stabilizing") and "An earlier ICLR 2023 submission" in shown and "\u00a7" not in shown, shown)
    b.key("Escape", "Escape", 27)


def preview_checks(b, out):
    # The first link in the body to LIT-088: hovered, its preview names the target's title.
    box = b.eval("(function(){var a=document.querySelector('main .body a.wikilink[href=\"LIT-088.html\"]');"
                 "a.scrollIntoView({block:'center'});var r=a.getClientRects()[0];"
                 "return [r.left+r.width/2,r.top+r.height/2];})()")
    title = b.eval("document.querySelector('main .body a.wikilink[href=\"LIT-088.html\"]').title.split(' \u2014 ')[1]")
    b.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": box[0], "y": box[1]})
    started = time.time()
    shown = b.wait_for(PREVIEW, 3)
    waited = time.time() - started
    check("a preview appears on hover with the target's title", bool(shown) and bool(title) and title in shown, (shown, title))
    check("the preview comes well under half a second", waited < 0.5 + 0.3, waited)  # 0.3 s for the driver's polling
    b.shot(os.path.join(out, "SOTA-192-preview.png"))
    b.key("Escape", "Escape", 27)
    check("Escape dismisses the preview", not b.eval(PREVIEW), b.eval(PREVIEW))
    heading_preview_checks(b, out)


def main():
    chromium, site, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    b = Browser(chromium, os.path.join(out, "profile"))
    try:
        b.open()
        url = lambda page: "file://" + os.path.join(site, page)
        search_checks(b, url("LIT-008.html"), ".site-header", "#header-q", out, "header")
        search_checks(b, url("search.html"), "main", "#search-q", out, "page")
        b.go(url("SOTA-192.html"))
        label = b.eval("(function(){var r=document.querySelector('.kernel-result strong');return r&&r.textContent;})()")
        check("SOTA-192 shows its kernel passed", label == "Last check: passed", label)
        field = b.eval("(function(){var f=document.querySelector('.inline-field');return f&&f.textContent;})()")
        check("SOTA-192 shows its inline field as a property line", field == "source: LIT-105", field)
        b.shot(os.path.join(out, "SOTA-192-1280.png"))
        preview_checks(b, out)
        b.viewport(390, 844, mobile=True)
        b.go(url("SOTA-192.html"))
        b.shot(os.path.join(out, "SOTA-192-390.png"))
    except Exception as e:  # a failure of the driver is a failed check, with what went wrong
        check("driver", False, e)
    finally:
        b.close()


if __name__ == "__main__":
    main()
