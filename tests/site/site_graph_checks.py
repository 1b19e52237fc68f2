#!/usr/bin/env python3
"""Measures the site's graph drawings in headless Chromium (tests/site/cdp_browser.py) as a reader
meets them, at 1280 and 390 px: on dense node pages, the rendered size of the smallest label, overlaps
between label boxes, the graph as one tab stop with arrow keys inside and Enter following, touch
targets and the accessible name of every node link; on graph.html, zoom by button, wheel and key,
the kind filter, labels readable on a phone once zoomed in, and readable without script. Prints one
line per check ("ok NAME" or "FAIL NAME: why") and saves screenshots of the drawings in OUT. Used by
tests/site/site_graph_browser_test.cpp.

usage: site_graph_checks.py CHROMIUM SITE_DIR OUT_DIR
"""
import base64
import json
import os
import sys
import time

from cdp_browser import Browser, check

DENSE = ["LIT-008", "LIT-523", "SOTA-192", "NOTE-011", "THEORY-061"]
WIDTHS = [(1280, 900, False), (390, 844, True)]

# The labels of the first drawing: rendered font size (its CSS px: font-size in drawing units times
# the scale from them to the screen) and box, for the shown ones.
LABELS = """(function(sel){
  var out=[];
  document.querySelectorAll(sel+' text').forEach(function(t){
    var r=t.getBoundingClientRect(); if(!r.width) return;
    var m=t.getScreenCTM(), scale=Math.sqrt(m.a*m.a+m.b*m.b);
    out.push({text:t.textContent, px:parseFloat(getComputedStyle(t).fontSize)*scale,
              box:[r.left,r.top,r.right,r.bottom]});
  });
  return out;})(%s)"""
NODES = """(function(sel){return Array.prototype.map.call(document.querySelectorAll(sel+' a.node'),function(a){
  var r=a.getBoundingClientRect(); return {href:a.getAttribute('href'), tab:a.tabIndex, w:r.width, h:r.height,
  title:(a.querySelector('title')||{}).textContent};});})(%s)"""
ACTIVE = "(function(){var a=document.activeElement;return a&&a.closest&&a.closest('svg.graph')?a.getAttribute('href'):null;})()"


def overlaps(labels):
    pairs = []
    for i in range(len(labels)):
        for j in range(i + 1, len(labels)):
            a, b = labels[i]["box"], labels[j]["box"]
            if a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5:
                pairs.append((labels[i]["text"], labels[j]["text"]))
    return pairs


def shot_of(b, selector, path):
    """A screenshot of the element `selector` alone (scrolled into view first)."""
    rect = b.eval("(function(){var e=document.querySelector(%s);e.scrollIntoView({block:'center'});"
                  "var r=e.getBoundingClientRect();return [r.left+scrollX,r.top+scrollY,r.width,r.height];})()"
                  % json.dumps(selector))
    data = b.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                            "clip": {"x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3], "scale": 1}})
    with open(path, "wb") as f:
        f.write(base64.b64decode(data["data"]))


def accessible_names(b, selector):
    doc = b.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    ids = b.send("DOM.querySelectorAll", {"nodeId": doc, "selector": selector})["nodeIds"]
    names = []
    for i in ids:
        ax = b.send("Accessibility.getPartialAXTree", {"nodeId": i, "fetchRelatives": False})["nodes"]
        names.append(ax[0].get("name", {}).get("value", "") if ax else "")
    return names


def key(b, name, vk):
    b.key(name, name, vk)


def node_page_checks(b, url, page, tag, shots):
    b.go(url(page + ".html"))
    labels = b.eval(LABELS % json.dumps("svg.nbh"))
    nodes = b.eval(NODES % json.dumps("svg.nbh"))
    smallest = min((l["px"] for l in labels), default=0)
    check("%s %s labels at 11 px or more" % (tag, page), smallest >= 11, "%.2f px" % smallest)
    pairs = overlaps(labels)
    check("%s %s no two labels overlap" % (tag, page), not pairs, pairs)
    check("%s %s labels most nodes" % (tag, page), len(labels) >= 0.75 * len(nodes), "%d labels, %d nodes" % (len(labels), len(nodes)))
    stops = [n["href"] for n in nodes if n["tab"] >= 0]
    check("%s %s the graph is one tab stop" % (tag, page), len(stops) == 1, stops)
    small = [(n["href"], round(n["w"]), round(n["h"])) for n in nodes if n["w"] < 24 or n["h"] < 24]
    check("%s %s touch targets of 24 px or more" % (tag, page), not small, small)
    names = accessible_names(b, "svg.nbh a.node")
    vague = [(n["href"], name) for n, name in zip(nodes, names) if not name or name != n["title"] or len(name) < 6]
    check("%s %s every node link names where it goes" % (tag, page), len(names) == len(nodes) and not vague, vague)
    # Arrow keys move focus inside; Tab leaves the drawing.
    b.eval("document.querySelector('svg.nbh a.node[tabindex=\"0\"]').focus()")
    start = b.eval(ACTIVE)
    moved = []
    for name, vk in (("ArrowRight", 39), ("ArrowDown", 40), ("ArrowLeft", 37), ("ArrowUp", 38)):
        key(b, name, vk)
        moved.append(b.eval(ACTIVE))
    roved = b.eval("document.querySelectorAll('svg.nbh a.node[tabindex=\"0\"]').length")
    check("%s %s arrow keys move focus between nodes" % (tag, page),
          start and any(m and m != start for m in moved) and roved == 1, (start, moved, roved))
    b.send("Input.dispatchKeyEvent", {"type": "keyDown", "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9})
    b.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9})
    check("%s %s Tab leaves the graph" % (tag, page), b.eval(ACTIVE) is None, b.eval(ACTIVE))
    # Hovering a node raises no script error (site.js's link previews leave SVG links alone).
    spot = b.eval("(function(){var c=document.querySelector('svg.nbh a.node:not(.focus) circle[r]');"
                  "c.scrollIntoView({block:'center'});var r=c.getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2];})()")
    b.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": spot[0], "y": spot[1]})
    time.sleep(0.4)  # past the preview's delay
    if page == DENSE[0]:
        shot_of(b, ".graph-view", os.path.join(shots, "%s-graph-%s.png" % (page, tag)))


def enter_follows(b, url):
    b.go(url("LIT-523.html"))
    b.eval("document.querySelector('svg.nbh a.node[tabindex=\"0\"]').focus()")
    key(b, "ArrowRight", 39)
    target = b.eval(ACTIVE) or b.eval("document.querySelector('svg.nbh a.node').getAttribute('href')")
    b.key("Enter", "Enter", 13, text="\r")
    went = b.wait_for("location.pathname.endsWith('/%s')" % target)
    check("Enter follows the focused node", bool(went), (target, b.eval("location.href")))


TRANSFORM = "document.querySelector('svg.whole g.view').getAttribute('transform')"


def whole_graph_checks(b, url, tag, shots, mobile):
    b.go(url("graph.html"))
    check("%s graph.html tools are shown" % tag, b.eval("!document.querySelector('.graph-tools').hidden"), "hidden")
    before = b.eval(TRANSFORM)
    b.eval("document.querySelector('[data-zoom=in]').click()")
    after = b.eval(TRANSFORM)
    check("%s graph.html + button zooms" % tag, after != before and "scale(1.5" in after, (before, after))
    b.eval("document.querySelector('[data-zoom=reset]').click()")
    box = b.eval("(function(){var r=document.querySelector('svg.whole').getBoundingClientRect();"
                 "window.scrollTo(0,r.top+scrollY-50);r=document.querySelector('svg.whole').getBoundingClientRect();"
                 "return [r.left+r.width/2,r.top+Math.min(r.height,300)/2];})()")
    b.send("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": box[0], "y": box[1], "deltaX": 0, "deltaY": -400})
    wheeled = b.wait_for("(%s) !== %s" % (TRANSFORM, json.dumps(before)), 2) and b.eval(TRANSFORM)
    check("%s graph.html the wheel zooms" % tag, wheeled and wheeled != before, wheeled)
    b.eval("document.querySelector('[data-zoom=reset]').click()")
    b.eval("document.querySelector('svg.whole a.node[tabindex=\"0\"]').focus()")
    b.key("+", "Equal", 187, text="+")
    keyed = b.eval(TRANSFORM)
    check("%s graph.html the + key zooms" % tag, keyed != before, keyed)
    b.eval("document.querySelector('[data-zoom=reset]').click()")
    if mobile:  # zoomed in until readable, in a few presses
        presses = 0
        while presses < 6 and min((l["px"] for l in b.eval(LABELS % json.dumps("svg.whole"))), default=0) < 11:
            b.eval("document.querySelector('[data-zoom=in]').click()")
            presses += 1
        smallest = min((l["px"] for l in b.eval(LABELS % json.dumps("svg.whole"))), default=0)
        check("%s graph.html labels readable once zoomed in" % tag, smallest >= 11, "%.2f px after %d presses" % (smallest, presses))
        shot_of(b, "figure.whole-graph", os.path.join(shots, "graph-%s-zoomed.png" % tag))
        b.eval("document.querySelector('[data-zoom=reset]').click()")
    else:
        labels = b.eval(LABELS % json.dumps("svg.whole"))
        check("%s graph.html no two labels overlap" % tag, not overlaps(labels), overlaps(labels))
    # Hiding a kind hides its nodes and their edges, and nothing else.
    b.eval("document.querySelector('.graph-filter input[value=lit]').click()")
    state = b.eval("""(function(){function shown(s){return Array.prototype.filter.call(document.querySelectorAll(s),
        function(e){return e.getClientRects().length>0;}).length;}
        return [shown('svg.whole a.kind-lit'), shown('svg.whole .f-lit, svg.whole .t-lit'), shown('svg.whole a.node:not(.kind-lit)'),
                document.querySelectorAll('svg.whole a.kind-lit').length];})()""")
    check("%s graph.html the filter hides a kind and its edges" % tag,
          state[0] == 0 and state[1] == 0 and state[2] > 0 and state[3] > 0, state)
    b.eval("document.querySelector('.graph-filter input[value=lit]').click()")
    shot_of(b, "figure.whole-graph", os.path.join(shots, "graph-%s.png" % tag))


def without_script(b, url):
    b.send("Emulation.setScriptExecutionDisabled", {"value": True})
    b.go(url("graph.html"))
    smallest = min((l["px"] for l in b.eval(LABELS % json.dumps("svg.whole"))), default=0)
    check("graph.html without script is readable at 1280", smallest >= 11, "%.2f px" % smallest)
    b.send("Emulation.setScriptExecutionDisabled", {"value": False})


def main():
    chromium, site, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    b = Browser(chromium, os.path.join(out, "profile"))
    try:
        b.open()
        b.send("DOM.enable")
        b.send("Accessibility.enable")
        url = lambda page: "file://" + os.path.join(site, page)
        for width, height, mobile in WIDTHS:
            b.viewport(width, height, mobile)
            tag = str(width)
            for page in DENSE:
                node_page_checks(b, url, page, tag, out)
            whole_graph_checks(b, url, tag, out, mobile)
        b.viewport(1280, 900)
        enter_follows(b, url)
        without_script(b, url)
        errors = [e["params"]["exceptionDetails"].get("text", "") for e in b.events if e.get("method") == "Runtime.exceptionThrown"]
        check("no script error on the graphs' pages", not errors, errors)
    except Exception as e:  # a failure of the driver is a failed check, with what went wrong
        check("driver", False, e)
    finally:
        b.close()


if __name__ == "__main__":
    main()
