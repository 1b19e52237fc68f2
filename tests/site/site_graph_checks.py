#!/usr/bin/env python3
"""Measures the site's graph drawings in headless Chromium (tests/site/cdp_browser.py) as a reader
meets them, at 1280 and 390 px: on dense node pages, the rendered size of the smallest label, overlaps
between label boxes, the graph as one tab stop with arrow keys inside and Enter following, touch
targets and the accessible name of every node link; on graph.html, zoom by button, wheel and key,
the kind filter, labels readable on a phone once zoomed in, readable without script, and its list of the
same nodes as 24 px targets. Prints one
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
NODES = """(function(sel){return Array.prototype.map.call(document.querySelectorAll(sel+' .nodes a'),function(a){
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


# The edges of a drawing by kind (the e-* class of their group): stroke colour, dash, width and opacity,
# and the contrast of the colour with the drawing's background (WCAG 1.4.11: 3:1); the legend's edge
# kinds; and each legend entry's height against its line height (one line each) and whether it fits
# the window.
EDGES = r"""(function(svgSel, legendSel){
  function rgb(c){var m=c.match(/[\d.]+/g)||[0,0,0];return m.map(Number);}
  function ch(v){v/=255;return v<=0.03928?v/12.92:Math.pow((v+0.055)/1.055,2.4);}
  function lum(c){return 0.2126*ch(c[0])+0.7152*ch(c[1])+0.0722*ch(c[2]);}
  var svg=document.querySelector(svgSel), bg=lum(rgb(getComputedStyle(svg).backgroundColor)), kinds={};
  svg.querySelectorAll('g.rel, g.men').forEach(function(g){
    var p=g.querySelector('path'); if(!p) return;
    var k=Array.prototype.filter.call(g.classList,function(c){return c.indexOf('e-')===0;})[0];
    var s=getComputedStyle(p), l=lum(rgb(s.stroke));
    kinds[k]={style:s.stroke+'|'+s.strokeDasharray+'|'+s.strokeWidth, opacity:parseFloat(s.strokeOpacity)*parseFloat(s.opacity),
              ratio:(Math.max(l,bg)+0.05)/(Math.min(l,bg)+0.05)};
  });
  var listed=[], entries=[];
  document.querySelectorAll(legendSel+' li').forEach(function(li){
    var key=li.querySelector('.edge-key');
    if(key) listed.push(Array.prototype.filter.call(key.classList,function(c){return c.indexOf('e-')===0;})[0]);
    var r=li.getBoundingClientRect(), lh=parseFloat(getComputedStyle(li).lineHeight);
    entries.push({text:li.textContent, lines:r.height/lh, right:r.right});
  });
  return {kinds:kinds, listed:listed, entries:entries, width:document.documentElement.clientWidth};
})(%s, %s)"""


def edge_checks(b, svg, legend, what):
    """Every drawn kind of edge styled apart from the others and at 3:1; the legend lists exactly the
    kinds drawn, each entry on one line inside the window. `what` names the checks."""
    got = b.eval(EDGES % (json.dumps(svg), json.dumps(legend)))
    kinds = got["kinds"]
    styles = [k["style"] for k in kinds.values()]
    check("%s edges styled by relation kind" % what, len(kinds) >= 3 and len(set(styles)) == len(styles),
          {k: v["style"] for k, v in kinds.items()})
    faint = {k: round(v["ratio"], 2) for k, v in kinds.items() if v["ratio"] < 3 or v["opacity"] < 1}
    check("%s edges at 3:1 or more" % what, not faint, faint)
    check("%s the legend lists the kinds drawn" % what, sorted(got["listed"]) == sorted(kinds), (got["listed"], sorted(kinds)))
    broken = [(e["text"], round(e["lines"], 2), e["right"]) for e in got["entries"]
              if e["lines"] > 1.4 or e["right"] > got["width"]]
    check("%s each legend entry on one line" % what, not broken, broken)


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
    edge_checks(b, "svg.nbh", ".graph-view .graph-legend", "%s %s" % (tag, page))
    # Nothing floats over the drawing once it is in view (the sticky contents of a wide screen).
    covered = b.eval("""(function(){var s=document.querySelector('svg.nbh');s.scrollIntoView({block:'center'});
      var r=s.getBoundingClientRect(),out=[];
      [[r.left+8,r.top+8],[r.right-8,r.top+8],[r.left+8,r.bottom-8],[r.right-8,r.bottom-8]].forEach(function(p){
        var e=document.elementFromPoint(p[0],p[1]);if(!e||!e.closest('.graph-view'))out.push(e&&(e.className||e.tagName));});
      return out;})()""")
    check("%s %s nothing covers the drawing" % (tag, page), covered == [], covered)
    stops = [n["href"] for n in nodes if n["tab"] >= 0]
    check("%s %s the graph is one tab stop" % (tag, page), len(stops) == 1, stops)
    small = [(n["href"], round(n["w"]), round(n["h"])) for n in nodes if n["w"] < 24 or n["h"] < 24]
    check("%s %s touch targets of 24 px or more" % (tag, page), not small, small)
    names = accessible_names(b, "svg.nbh .nodes a")
    vague = [(n["href"], name) for n, name in zip(nodes, names) if not name or name != n["title"] or len(name) < 6]
    check("%s %s every node link names where it goes" % (tag, page), len(names) == len(nodes) and not vague, vague)
    # Arrow keys move focus inside; Tab leaves the drawing.
    b.eval("document.querySelector('svg.nbh .nodes a[tabindex=\"0\"]').focus()")
    start = b.eval(ACTIVE)
    moved = []
    for name, vk in (("ArrowRight", 39), ("ArrowDown", 40), ("ArrowLeft", 37), ("ArrowUp", 38)):
        key(b, name, vk)
        moved.append(b.eval(ACTIVE))
    roved = b.eval("document.querySelectorAll('svg.nbh .nodes a[tabindex=\"0\"]').length")
    check("%s %s arrow keys move focus between nodes" % (tag, page),
          start and any(m and m != start for m in moved) and roved == 1, (start, moved, roved))
    b.send("Input.dispatchKeyEvent", {"type": "keyDown", "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9})
    b.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9})
    check("%s %s Tab leaves the graph" % (tag, page), b.eval(ACTIVE) is None, b.eval(ACTIVE))
    # Hovering a node raises no script error (site.js's link previews leave SVG links alone).
    spot = b.eval("(function(){var c=document.querySelector('svg.nbh .nodes a:not(.focus) circle + circle');"
                  "c.scrollIntoView({block:'center'});var r=c.getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2];})()")
    b.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": spot[0], "y": spot[1]})
    time.sleep(0.4)  # past the preview's delay
    if page in (DENSE[0], "SOTA-192"):
        shot_of(b, ".graph-view", os.path.join(shots, "%s-graph-%s.png" % (page, tag)))


def enter_follows(b, url):
    b.go(url("LIT-523.html"))
    b.eval("document.querySelector('svg.nbh .nodes a[tabindex=\"0\"]').focus()")
    key(b, "ArrowRight", 39)
    target = b.eval(ACTIVE) or b.eval("document.querySelector('svg.nbh .nodes a').getAttribute('href')")
    b.key("Enter", "Enter", 13, text="\r")
    went = b.wait_for("location.pathname.endsWith('/%s')" % target)
    check("Enter follows the focused node", bool(went), (target, b.eval("location.href")))


TRANSFORM = "document.querySelector('svg.whole g.view').getAttribute('transform')"


# graph.html's list of its nodes, opened: the same links as the drawing's nodes, each 24 x 24 px or more
# (WCAG 2.5.8's "equivalent" exception for the drawing's crowded targets), and its summary 24 px tall.
NODE_LIST = r"""(function(){
  var d=document.querySelector('details.graph-list'); if(!d) return null; d.open=true;
  var drawn=Array.prototype.map.call(document.querySelectorAll('svg.whole .nodes a'),function(a){return a.getAttribute('href');}).sort();
  var listed=[], small=[];
  document.querySelectorAll('details.graph-list a').forEach(function(a){
    listed.push(a.getAttribute('href')); var r=a.getBoundingClientRect();
    if(r.width<24||r.height<24) small.push(a.textContent+' '+Math.round(r.width)+'x'+Math.round(r.height));});
  var crowded=Array.prototype.filter.call(document.querySelectorAll('svg.whole .nodes a'),function(a){
    var r=a.getBoundingClientRect(); return r.width<24||r.height<24;}).length;
  return {same:JSON.stringify(drawn)===JSON.stringify(listed.sort()), drawn:drawn.length, small:small.slice(0,5),
          summary:d.querySelector('summary').getBoundingClientRect().height, crowded:crowded};
})()"""


def node_list_checks(b, tag, shots):
    got = b.eval(NODE_LIST)
    check("%s graph.html every node is a 24 px target in the list" % tag,
          got and got["same"] and got["drawn"] > 0 and not got["small"] and got["summary"] >= 24, got)
    if got:
        print("info %s graph.html: %d of %d drawn node targets under 24 px (the list stands in for them)"
              % (tag, got["crowded"], got["drawn"]), flush=True)
    shot_of(b, "details.graph-list", os.path.join(shots, "graph-list-%s.png" % tag))
    b.eval("document.querySelector('details.graph-list').open=false")


def whole_graph_checks(b, url, tag, shots, mobile):
    b.go(url("graph.html"))
    edge_checks(b, "svg.whole", ".graph-legend", "%s graph.html" % tag)
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
    b.eval("document.querySelector('svg.whole .nodes a[tabindex=\"0\"]').focus()")
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
        return [shown('svg.whole .kind-lit a'), shown('svg.whole .f-lit, svg.whole .t-lit'), shown('svg.whole .nodes > :not(.kind-lit) a'),
                document.querySelectorAll('svg.whole .kind-lit a').length];})()""")
    check("%s graph.html the filter hides a kind and its edges" % tag,
          state[0] == 0 and state[1] == 0 and state[2] > 0 and state[3] > 0, state)
    b.eval("document.querySelector('.graph-filter input[value=lit]').click()")
    shot_of(b, "figure.whole-graph", os.path.join(shots, "graph-%s.png" % tag))
    node_list_checks(b, tag, shots)


def dark_checks(b, url, shots):
    """The same edge checks in the dark theme, with screenshots of the drawings at both widths."""
    b.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    for width, height, mobile in WIDTHS:
        b.viewport(width, height, mobile)
        b.go(url("SOTA-192.html"))
        edge_checks(b, "svg.nbh", ".graph-view .graph-legend", "dark %d SOTA-192" % width)
        shot_of(b, ".graph-view", os.path.join(shots, "SOTA-192-graph-%d-dark.png" % width))
        b.go(url("graph.html"))
        edge_checks(b, "svg.whole", ".graph-legend", "dark %d graph.html" % width)
        shot_of(b, "figure.whole-graph", os.path.join(shots, "graph-%d-dark.png" % width))
    b.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})


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
        dark_checks(b, url, out)
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
