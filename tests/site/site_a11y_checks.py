#!/usr/bin/env python3
"""Checks the site of data/ for accessibility in headless Chromium over the DevTools protocol:
axe-core (its axe.min.js injected into each page with Runtime.evaluate) on every page kind, light and
dark (Emulation.setEmulatedMedia), at 1280 and 390 px, with the WCAG 2.0/2.1/2.2 A and AA rules
(target-size included); then, on an emulated phone with touch, that the first tap on a glossary
term or an internal link shows its definition or preview in place and the second follows it.
Prints one line per check, "ok NAME" or "FAIL NAME: why" (each axe violation with its rule id and
targets), and saves a screenshot of each page kind at each width and scheme in OUT.
Used by tests/site/site_a11y_browser_test.cpp.

usage: site_a11y_checks.py CHROMIUM SITE_DIR AXE_JS OUT_DIR
"""
import glob
import json
import os
import sys
import time

from cdp_browser import check, drive

AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
               "resultTypes": ["violations"]}
AXE_OPTIONS["runOnly"]["values"].append("best-practice")  # landmark-unique among them


def page_kinds(site, named=()):
    """One page of each kind, by a short name for the report and screenshots; or the pages named on
    the command line (a vault's site has pages, callouts and math, and none of data/'s ids)."""
    if named:
        return {os.path.splitext(page)[0]: page for page in named}

    def first(pattern):
        found = sorted(glob.glob(os.path.join(site, pattern)))
        return os.path.relpath(found[0], site) if found else None

    pages = {"home": "index.html", "LIT": first("LIT-*.html"), "NOTE": first("NOTE-*.html"),
             "SOTA": "SOTA-192.html", "THEORY": first("THEORY-*.html"), "TERM": "qk-norm.html",
             "listing": "papers.html", "tags": "tags.html", "tag": first("tags/*.html"),
             "glossary": "glossary.html", "search": "search.html?q=attention",
             "kernels": "kernels.html", "provenance": "provenance.html", "graph": "graph.html"}
    return {name: page for name, page in pages.items() if page}


def axe_violations(b, axe_source, colour_only=False):
    """axe.run on the loaded page: a list of "rule-id target (why)" strings, one per node. With
    colour_only, only the rules about colour (axe's tag cat.color: color-contrast, link-in-text-block)."""
    if not b.eval("typeof axe === 'object'"):
        b.send("Runtime.evaluate", {"expression": axe_source})
    options = json.dumps(AXE_OPTIONS)
    if colour_only:
        options = ("{runOnly: {type: 'rule', values: axe.getRules(%s).filter(r => r.tags.includes('cat.color'))"
                   ".map(r => r.ruleId)}, resultTypes: ['violations']}" % json.dumps(AXE_OPTIONS["runOnly"]["values"]))
    result = b.send("Runtime.evaluate", {
        "expression": "axe.run(document, %s).then(r => r.violations.map(v => v.nodes.map(n => "
                      "v.id + ' ' + n.target.join(' ') + (n.any[0] && n.any[0].message ? ' (' + n.any[0].message + ')' : '')"
                      ")).flat())" % options,
        "awaitPromise": True, "returnByValue": True})
    if "exceptionDetails" in result:
        raise RuntimeError("axe.run: " + json.dumps(result["exceptionDetails"])[:300])
    return result["result"]["value"]


def scheme(b, name):
    b.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": name}]})


def axe_checks(b, site, axe_source, out, named=()):
    """Each page is loaded once per width and checked light with every rule, then dark with the rules
    about colour (the only thing the scheme changes: style.css's custom properties), to keep it quick."""
    for width, height in ((1280, 900), (390, 844)):
        b.viewport(width, height, mobile=width < 600)
        for name, page in page_kinds(site, named).items():
            scheme(b, "light")
            b.go("file://" + os.path.join(site, page))
            if name == "search":  # the results (and their highlights) are drawn by search.js
                b.wait_for("document.querySelectorAll('#search-results li').length > 0")
            for colours in ("light", "dark"):
                scheme(b, colours)
                found = axe_violations(b, axe_source, colour_only=colours == "dark")
                check("axe %s %d %s" % (name, width, colours), not found, "; ".join(found))
                b.shot(os.path.join(out, "%s-%d-%s.png" % (name, width, colours)))
            if width == 1280:
                vague = b.eval(VAGUE)
                check("link texts say where they go on %s" % name, vague == [], vague)
            else:
                small = b.eval(SMALL_TARGETS)
                check("touch targets at 24 px or spaced on %s" % name, small["page"] == [], small["page"])
                if small["graph"]:  # the graph's own (render/site/graph_svg.cpp): told, not judged here
                    print("info %s: %d graph targets under 24 px and crowded" % (name, small["graph"]), flush=True)


def tap(b, selector):
    """A touch tap at the centre of the first element matching selector (scrolled into view)."""
    box = b.eval("(function(){var a=document.querySelector(%s);if(!a)return null;a.scrollIntoView({block:'center'});"
                 "var r=a.getClientRects()[0];return [r.left+r.width/2,r.top+r.height/2];})()" % json.dumps(selector))
    if not box:
        raise RuntimeError("nothing to tap at " + selector)
    point = {"x": box[0], "y": box[1]}
    b.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    b.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


SHOWN = ("(function(){var p=document.getElementById('link-preview');"
         "return !!p&&!p.hidden&&p.getBoundingClientRect().height>0&&p.textContent;})()")
# The tooltip of the term tapped: its definition, drawn on the page (not display: none).
TIP = ("(function(){var a=document.querySelector(%s),t=a&&document.getElementById(a.getAttribute('aria-describedby'));"
       "return !!t&&getComputedStyle(t).display!=='none'&&t.getBoundingClientRect().height>0&&t.textContent;})()")


def touch_checks(b, site, out):
    """First tap shows in place (one popover: a term's definition, a link's preview), second follows."""
    b.viewport(390, 844, mobile=True)
    b.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    scheme(b, "light")
    page = "file://" + os.path.join(site, "SOTA-192.html")
    for what, selector in (("a glossary term", "main .body a.term"),
                           ("an internal link", "main .body a.wikilink:not(.term)[href$='.html']")):
        b.go(page)
        href = b.eval("document.querySelector(%s).href" % json.dumps(selector))
        tap(b, selector)
        if what == "a glossary term":
            shown = b.wait_for(TIP % json.dumps(selector), 3)
            time.sleep(0.4)  # a preview, if one came, would be there by now
            shown = shown and not b.eval(SHOWN) and shown
        else:
            shown = b.wait_for(SHOWN, 3)
        stayed = b.eval("location.href") == page
        check("the first tap on %s shows it in place" % what, bool(shown) and stayed,
              (shown, b.eval(SHOWN), b.eval("location.href")))
        b.shot(os.path.join(out, "tap-%s-390.png" % what.split(" ", 1)[1].replace(" ", "-")))
        tap(b, selector)
        went = b.wait_for("location.href === %s && document.readyState === 'complete'" % json.dumps(href), 5)
        check("the second tap on %s follows it" % what, bool(went), b.eval("location.href"))
    b.send("Emulation.setTouchEmulationEnabled", {"enabled": False})


# WCAG 2.5.8 (target size, minimum): a target is 24 x 24 px, or a circle of 24 px centred on it meets
# no other target nor another small target's circle; links in a sentence are exempt. Those of the page,
# and a count of the graph drawing's (render/site/graph_svg.cpp's, told here, not judged).
SMALL_TARGETS = r"""(function(){
  var all=[];
  document.querySelectorAll('a[href],button,input,select,summary').forEach(function(el){
    var r=el.getBoundingClientRect();if(!r.width||!r.height)return;
    var p=el.parentElement,inline=!el.closest('svg')&&getComputedStyle(el).display==='inline'&&p.textContent.trim()!==el.textContent.trim();
    all.push({el:el,r:r,x:r.left+r.width/2,y:r.top+r.height/2,small:r.width<24||r.height<24,inline:inline});});
  function near(t,u){var dx=Math.max(u.r.left-t.x,0,t.x-u.r.right),dy=Math.max(u.r.top-t.y,0,t.y-u.r.bottom);
    return Math.hypot(dx,dy)<12||u.small&&Math.hypot(t.x-u.x,t.y-u.y)<24;}
  var page=[],graph=0;
  all.forEach(function(t){
    if(!t.small||t.inline||!all.some(function(u){return u!==t&&!t.el.contains(u.el)&&!u.el.contains(t.el)&&near(t,u);}))return;
    if(t.el.closest('svg')){graph++;return;}
    page.push(t.el.tagName.toLowerCase()+'.'+(t.el.getAttribute('class')||'').split(' ').join('.')+' "'
      +t.el.textContent.trim().slice(0,30)+'" '+Math.round(t.r.width)+'x'+Math.round(t.r.height));});
  return {page:page.slice(0,10),graph:graph};})()"""


# Every focusable element but the graph's (tests/site/site_graph*): its focus outline, its width and
# its contrast with the background it is drawn on (the nearest opaque one), by WCAG's formula.
FOCUS_RING = r"""(function(){
  function rgb(c){var m=c.match(/[\d.]+/g)||[0,0,0,0];return m.map(Number);}
  function lum(c){return 0.2126*ch(c[0])+0.7152*ch(c[1])+0.0722*ch(c[2]);}
  function ch(v){v/=255;return v<=0.03928?v/12.92:Math.pow((v+0.055)/1.055,2.4);}
  function bg(el){for(;el;el=el.parentElement){var c=rgb(getComputedStyle(el).backgroundColor);
    if(c.length<4||c[3]>0.5)return c;}return [255,255,255];}
  var seen={},bad=[];
  document.querySelectorAll('a[href],button,input,summary,[tabindex]').forEach(function(el){
    if(el.closest('svg')||el.tabIndex<0||!el.getClientRects().length)return;
    el.focus();
    if(document.activeElement!==el)return;  // not focusable now (inside a closed <details>): no ring to see
    var s=getComputedStyle(el),key=el.tagName+'.'+el.className+s.outlineColor;
    if(seen[key])return;seen[key]=1;
    var w=parseFloat(s.outlineWidth),a=lum(rgb(s.outlineColor)),b=lum(bg(el.parentElement));
    var r=(Math.max(a,b)+0.05)/(Math.min(a,b)+0.05);
    if(s.outlineStyle==='none'||w<2||r<3)bad.push(el.tagName.toLowerCase()+(el.className?'.'+el.className.split(' ').join('.'):'')
      +' '+s.outlineStyle+' '+w+'px '+r.toFixed(2)+':1');
  });
  document.activeElement.blur();
  return bad;})()"""


def focus_checks(b, site):
    """Focus is visible at 3:1 or more (WCAG 1.4.11, 2.4.7), light and dark, on pages of each layout."""
    b.viewport(1280, 900)
    for page in ("index.html", "SOTA-192.html", "glossary.html", "kernels.html"):
        scheme(b, "light")
        b.go("file://" + os.path.join(site, page))
        b.key("Tab", "Tab", 9)  # from the keyboard: :focus-visible holds for what is focused next
        for colours in ("light", "dark"):
            scheme(b, colours)
            bad = b.eval(FOCUS_RING)
            check("focus ring at 3:1 on %s %s" % (page, colours), bad == [], "; ".join(bad or ["no answer"]))


# A link's text alone says where it goes (WCAG 2.4.4, 2.4.9): never just an extension or a "here".
VAGUE = r"""Array.from(document.querySelectorAll('a[href]')).map(a => (a.textContent || '').trim())
  .filter(t => /^(\.\w+|here|click here|more|link|download|source)$/i.test(t))"""


def main():
    chromium, site, axe_js, out = sys.argv[1:5]
    named = sys.argv[5:]
    with open(axe_js, encoding="utf-8") as f:
        axe_source = f.read()

    def steps(b):
        axe_checks(b, site, axe_source, out, named)
        if named:  # the focus and touch checks walk data/'s pages
            return
        focus_checks(b, site)
        touch_checks(b, site, out)
    drive(chromium, out, steps)

if __name__ == "__main__":
    main()
