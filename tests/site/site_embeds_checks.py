#!/usr/bin/env python3
"""Checks the site of tests/fixtures/vault-embeds in headless Chromium (tests/site/cdp_browser.py),
opened from file://: every embedded image loads from the site's attachments/ (naturalWidth > 0), sized
ones take their width, audio and video have controls, the transcluded notes' text is on the page, and
no console error but for the video stand-in. Prints "ok NAME" or "FAIL NAME: why" and saves screenshots
of the embeds page (light and dark) and of the 50-deep chain in OUT.
Used by tests/site/site_embeds_browser_test.cpp.

usage: site_embeds_checks.py CHROMIUM SITE_DIR OUT_DIR
"""
import os
import sys

from cdp_browser import check, drive


def embed_checks(b, url):
    b.viewport(1000, 2400)
    b.go(url("embeds.html"))
    b.eval("document.querySelectorAll('img').forEach(function(i){i.loading='eager';})")
    loaded = b.wait_for("Array.from(document.querySelectorAll('.prose img')).every(function(i){"
                        "return i.complete && i.naturalWidth > 0;})", 10)
    images = b.eval("Array.from(document.querySelectorAll('.prose img')).map(function(i){"
                    "return i.getAttribute('src') + ' ' + i.naturalWidth;})")
    check("every image loads from the site", bool(loaded) and len(images) == 7, images)
    check("a sized image takes its width",
          b.eval("document.querySelector('img[width=\"300\"]').getBoundingClientRect().width") == 300)
    check("audio and video have controls",
          b.eval("document.querySelectorAll('audio[controls], video[controls]').length") == 2)
    text = b.eval("document.querySelector('.prose').innerText")
    check("the whole note is transcluded", "The target's opening paragraph." in text)
    check("a heading's section is transcluded",
          b.eval("document.querySelectorAll('.embed-note')[1].innerText.indexOf('Still the second part.') >= 0"))
    check("a block is transcluded",
          b.eval("document.querySelectorAll('.embed-note')[2].innerText.trim().endsWith('A sentence with a block id.')"))
    check("the PDF is a link to its copy", b.eval("document.querySelector('a.embed-file').getAttribute('href')")
          == "attachments/Attachments/doc.pdf")
    b.shot(os.path.join(OUT, "embeds-light-1000.png"))
    b.eval("document.documentElement.setAttribute('data-theme','dark')")
    b.shot(os.path.join(OUT, "embeds-dark-1000.png"))
    b.viewport(1000, 900)
    b.go(url("chain-01.html"))
    check("a 50-deep chain stops nesting", b.eval("document.querySelectorAll('.embed-note').length") == 4)
    b.shot(os.path.join(OUT, "chain-1000.png"))


def main():
    global OUT
    chromium, site, OUT = sys.argv[1:4]
    url = lambda page: "file://" + os.path.join(site, page)

    def steps(b):
        try:
            embed_checks(b, url)
        except Exception as e:  # a failing step is a failure, not a crash
            check("embed_checks", False, e)

    drive(chromium, OUT, steps)


if __name__ == "__main__":
    main()
