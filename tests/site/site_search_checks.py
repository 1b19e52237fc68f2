#!/usr/bin/env python3
"""Searches the site of tests/fixtures/vault-search in headless Chromium from file:// (no network):
words joined by Unicode punctuation and spaces, accents and CJK substrings each find their note, and
search.js splits sample texts into the very terms the build does (TERMS: a JSON list of
{"text", "terms"} that tests/site/site_search_browser_test.cpp wrote from the C++ rule). Prints
"ok NAME" or "FAIL NAME: why" per check.

usage: site_search_checks.py CHROMIUM SITE_DIR OUT_DIR TERMS_JSON
"""
import json
import os
import sys

from cdp_browser import check, drive

FIRST_TITLE = "(function(){var h=document.querySelector('main .search-results li .hit-title');return h&&h.textContent;})()"


def search(b, query):
    """The title of the first result of `query` on the search page, or None when nothing matches."""
    b.eval("(function(){var i=document.getElementById('search-q');i.value=%s;"
           "i.dispatchEvent(new Event('input'));})()" % json.dumps(query))
    status = b.wait_for("(function(){var s=document.getElementById('search-status').textContent;"
                        "return s.indexOf(%s)>=0&&s;})()" % json.dumps("\u201c" + query + "\u201d"))
    return b.eval(FIRST_TITLE) if status and "No notes" not in status else None


def main():
    chromium, site, out, terms_file = sys.argv[1:5]
    with open(terms_file, encoding="utf-8") as f:
        samples = json.load(f)

    def steps(b):
        b.go("file://" + os.path.join(site, "search.html"))
        for query, title in [("bera", "Normality tests"), ("shapiro", "Normality tests"),
                             ("smirnov", "Normality tests"), ("lilliefors", "Normality tests"),
                             ("cafe", "Caf\u00e9 \u00e9tude"), ("ECOLE", "Caf\u00e9 \u00e9tude"),
                             ("\u4eee\u8aac\u691c\u5b9a", "\u7d71\u8a08\u5b66\u306e\u624b\u6cd5"),  # 仮説検定
                             ("\u5206\u6563\u5206\u6790", "\u7d71\u8a08\u5b66\u306e\u624b\u6cd5"),  # 分散分析, late in a long run
                             ("\u8bcd\u8bed", "\u7d71\u8a08\u5b66\u306e\u624b\u6cd5"),  # 词语, Chinese
                             ("\u691c", "\u7d71\u8a08\u5b66\u306e\u624b\u6cd5")]:  # 検 alone
            found = search(b, query)
            check("%s finds %s" % (query, title), found == title, found)
        b.shot(os.path.join(out, "search-cjk.png"))
        marks = b.eval("Array.from(document.querySelectorAll('main .search-results .snippet mark')).map(m=>m.textContent)")
        check("a lone CJK character is highlighted where it stands", bool(marks) and all(m.startswith("\u691c") for m in marks), marks)
        search(b, "\u5206\u6563\u5206\u6790")
        marks = b.eval("Array.from(document.querySelectorAll('main .search-results .snippet mark')).map(m=>m.textContent)")
        check("a CJK query is highlighted as one span", marks == ["\u5206\u6563\u5206\u6790"], marks)
        check("nothing matches a word that is not there", search(b, "gardenz") is None)
        wrong = []
        for s in samples:
            got = b.eval("window.ANTH_SEARCH_WORDS(%s)" % json.dumps(s["text"]))
            if got != s["terms"]:
                wrong.append((s["text"], got, s["terms"]))
        check("search.js splits every sample as the build does", not wrong and len(samples) > 0, wrong)

    drive(chromium, out, steps)


if __name__ == "__main__":
    main()
