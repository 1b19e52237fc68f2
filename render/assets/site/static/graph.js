// anthology graph drawings (render/site/graph_svg.h), made for keyboards and for zooming:
// - each drawing is one tab stop: Tab reaches one node (the page's own, else the first), arrow keys
//   go to the nearest node in that direction, Home and End to the first and last, Enter follows;
// - the whole graph (graph.html) zooms with the wheel, the + and - buttons or keys (0 resets) and pans
//   by dragging or, once zoomed, by following the focused node; checkboxes hide a kind and its edges.
// Without script the drawings are plain links in a static SVG.
(function () {
  "use strict";
  function centre(a) {
    var r = (a.querySelector("circle:not(.hit)") || a).getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }
  function visible(a) { return a.getClientRects().length > 0; }

  // The nearest node from `from` whose direction is within 60 degrees of the arrow's.
  function nearest(nodes, from, dx, dy) {
    var p = centre(from), best = null, score = Infinity;
    nodes.forEach(function (a) {
      if (a === from || !visible(a)) return;
      var q = centre(a), vx = q.x - p.x, vy = q.y - p.y;
      var along = vx * dx + vy * dy, across = Math.abs(vx * dy - vy * dx);
      if (along <= 0 || across > along * 1.8) return;
      var s = along + 2 * across;
      if (s < score) { score = s; best = a; }
    });
    return best;
  }

  var arrows = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

  function roving(svg, onFocus) {
    var nodes = Array.prototype.slice.call(svg.querySelectorAll(".nodes a"));
    if (!nodes.length) return;
    var current = svg.querySelector(".nodes a.focus") || nodes[0];
    function take(a) {
      if (current) current.setAttribute("tabindex", "-1");
      current = a;
      a.setAttribute("tabindex", "0");
    }
    nodes.forEach(function (a) { a.setAttribute("tabindex", "-1"); });
    take(current);
    svg.addEventListener("focusin", function (e) {
      var a = e.target.closest && e.target.closest(".nodes a");
      if (a) { take(a); if (onFocus) onFocus(a); }
    });
    svg.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var a = e.target.closest && e.target.closest(".nodes a"), next = null;
      if (!a) return;
      var shown = nodes.filter(visible);
      if (arrows[e.key]) next = nearest(nodes, a, arrows[e.key][0], arrows[e.key][1]);
      else if (e.key === "Home") next = shown[0];
      else if (e.key === "End") next = shown[shown.length - 1];
      else return;
      e.preventDefault();
      if (next) next.focus();
    });
  }

  function zoomable(figure, svg, tools) {
    var view = svg.querySelector("g.view");
    if (!view) return;
    var k = 1, tx = 0, ty = 0, min = 1, max = 12;
    function apply() {
      view.setAttribute("transform", "translate(" + tx.toFixed(1) + " " + ty.toFixed(1) + ") scale(" + k.toFixed(3) + ")");
      svg.classList.toggle("zoomed", k > 1.001);
    }
    function user(cx, cy) {  // a point of the screen in the drawing's units
      var p = svg.createSVGPoint();
      p.x = cx; p.y = cy;
      return p.matrixTransform(svg.getScreenCTM().inverse());
    }
    function clamp() {
      var vb = svg.viewBox.baseVal;
      tx = Math.min(0, Math.max(vb.width * (1 - k), tx));
      ty = Math.min(0, Math.max(vb.height * (1 - k), ty));
    }
    function zoomAt(factor, u) {  // keeps the drawing's point under u where it is
      var nk = Math.min(max, Math.max(min, k * factor));
      tx = u.x - (u.x - tx) * nk / k;
      ty = u.y - (u.y - ty) * nk / k;
      k = nk;
      clamp();
      apply();
    }
    function middle() { var vb = svg.viewBox.baseVal; return { x: vb.width / 2, y: vb.height / 2 }; }
    function reset() { k = 1; tx = 0; ty = 0; apply(); }
    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      zoomAt(Math.pow(1.0015, -e.deltaY * (e.deltaMode ? 40 : 1)), user(e.clientX, e.clientY));
    }, { passive: false });
    var drag = null;
    svg.addEventListener("pointerdown", function (e) {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, tx: tx, ty: ty, moved: false, id: e.pointerId };
    });
    svg.addEventListener("pointermove", function (e) {
      if (!drag || e.pointerId !== drag.id) return;
      var scale = svg.getScreenCTM().a, dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      if (!drag.moved) { drag.moved = true; svg.classList.add("dragging"); svg.setPointerCapture(e.pointerId); }
      tx = drag.tx + dx / scale;
      ty = drag.ty + dy / scale;
      clamp();
      apply();
    });
    function end() {
      if (drag && drag.moved) {  // a drag is not a click on the node it started on
        svg.addEventListener("click", function stop(e) { e.preventDefault(); e.stopPropagation(); }, { capture: true, once: true });
        setTimeout(function () { svg.classList.remove("dragging"); }, 0);
      }
      drag = null;
    }
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", function () { drag = null; svg.classList.remove("dragging"); });
    function key(e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "+" || e.key === "=") zoomAt(1.5, middle());
      else if (e.key === "-" || e.key === "_") zoomAt(1 / 1.5, middle());
      else if (e.key === "0") reset();
      else return;
      e.preventDefault();
    }
    svg.addEventListener("keydown", key);
    tools.addEventListener("keydown", function (e) { if (e.target.tagName !== "INPUT") key(e); });
    tools.addEventListener("click", function (e) {
      var b = e.target.closest && e.target.closest("button[data-zoom]");
      if (!b) return;
      var z = b.getAttribute("data-zoom");
      if (z === "reset") reset();
      else zoomAt(z === "in" ? 1.5 : 1 / 1.5, middle());
    });
    tools.addEventListener("change", function (e) {
      var box = e.target;
      if (box.type === "checkbox") svg.classList.toggle("hide-" + box.value, !box.checked);
    });
    apply();
    // A node reached by keyboard outside the view is brought into it.
    return function (a) {
      var r = svg.getBoundingClientRect(), c = centre(a);
      if (c.x >= r.left && c.x <= r.right && c.y >= r.top && c.y <= r.bottom) return;
      var u = user(c.x, c.y), m = middle();
      tx += m.x - u.x; ty += m.y - u.y;
      clamp();
      apply();
    };
  }

  Array.prototype.forEach.call(document.querySelectorAll("svg.graph"), function (svg) {
    var figure = svg.closest(".whole-graph"), follow = null;
    var tools = figure && document.querySelector(".graph-tools");
    if (figure && tools) {
      follow = zoomable(figure, svg, tools);
      tools.hidden = false;
    }
    roving(svg, follow);
  });
})();
