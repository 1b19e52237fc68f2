// anthology site: small enhancements that work without any network access.
// Escape hides an open glossary tooltip (WCAG 1.4.13); moving the pointer or focus shows them again.
// Ctrl/Cmd+K or "/" (outside a text field) goes to the search box; the header's box loads search.js
// (answers as you type) the first time it is focused, so a page that is only read loads no index.
(function () {
  "use strict";
  var root = document.documentElement;
  var me = document.currentScript && document.currentScript.getAttribute("src") || "site.js";
  var base = me.slice(0, me.length - "site.js".length);
  function typing(el) {
    return el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
  }
  function searchBox() { return document.getElementById("search-q") || document.getElementById("header-q"); }
  function loadSearch() {
    if (window.ANTH_SEARCH_UI || document.getElementById("search-script")) return;
    var s = document.createElement("script");
    s.id = "search-script";
    s.src = base + "search.js";
    document.head.appendChild(s);
  }
  var header = document.getElementById("header-q");
  if (header) header.addEventListener("focus", loadSearch);
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") root.classList.add("tips-hidden");
    var k = (e.key || "").toLowerCase();
    if (((e.ctrlKey || e.metaKey) && k === "k") || (e.key === "/" && !typing(e.target) && !e.ctrlKey && !e.metaKey && !e.altKey)) {
      var box = searchBox();
      if (!box) return;
      e.preventDefault();
      box.focus();
      box.select();
    }
  });
  function show() { root.classList.remove("tips-hidden"); }
  document.addEventListener("pointermove", show, { passive: true });
  document.addEventListener("focusin", show);

  // Link previews: hovering or focusing a link to another page of the site shows, after a short
  // delay, the target's kind, title and opening text (or, for a link to a heading, that heading and the
  // opening of its section), read from the search index's scripts (no
  // request leaves the site; works from file://). Escape hides it. On touch the first tap on such a
  // link (a glossary term included) shows the preview, the second follows the link.
  var DELAY = 250, pop = null, timer = 0, current = null, touched = false, shownFor = null;
  var siteRoot = new URL(base || "./", location.href).href;
  var scripts = {};
  function script(src, done) {
    if (scripts[src] === true) { done(); return; }
    if (scripts[src]) { scripts[src].push(done); return; }
    scripts[src] = [done];
    var s = document.createElement("script");
    s.src = base + src;
    s.onload = s.onerror = function () { var w = scripts[src]; scripts[src] = true; w.forEach(function (f) { f(); }); };
    document.head.appendChild(s);
  }
  // Glossary terms: the definitions are not on the page but in the glossary's shared scripts
  // (glossary/g-<n>.js, render/site/glossary_tips.h), a shard for each term's page by an FNV-1a hash of
  // its file name, as the build computes it. Each term link is wrapped here, before anyone can focus
  // it, with its tooltip element (.gloss > a.term + .tip); the shards this page's terms need load at
  // once, each filling its tooltips. Without script a term is a link to its page, which defines it.
  var SHARDS = 64, tips = {};
  function shardOf(file) {
    var h = 0x811c9dc5;
    for (var i = 0; i < file.length; ++i) h = Math.imul(h ^ file.charCodeAt(i), 0x01000193) >>> 0;
    return h % SHARDS;
  }
  Array.prototype.forEach.call(document.querySelectorAll("a.term"), function (a, i) {
    var file = (a.getAttribute("href") || "").split("#")[0].split("/").pop();
    if (!file || (a.parentNode.classList && a.parentNode.classList.contains("gloss"))) return;
    var gloss = document.createElement("span"), tip = document.createElement("span");
    gloss.className = "gloss";
    tip.className = "tip";
    tip.setAttribute("role", "tooltip");
    tip.id = "tip_" + (i + 1);
    a.parentNode.insertBefore(gloss, a);
    gloss.appendChild(a);
    gloss.appendChild(tip);
    var n = shardOf(file);
    (tips[n] = tips[n] || []).push({ a: a, file: file, tip: tip });
  });
  Object.keys(tips).forEach(function (n) {
    script("glossary/g-" + n + ".js", function () {
      var defs = window.ANTH_GLOSSARY || {};
      tips[n].forEach(function (t) {
        if (!Object.prototype.hasOwnProperty.call(defs, t.file)) return;
        t.tip.textContent = defs[t.file];
        t.a.setAttribute("aria-describedby", t.tip.id);
      });
    });
  });
  function target(a) {  // none for a graph's nodes: SVG links, named by their <title>
    if (!a || !a.href || a.closest(".site-header, .search-results, .preview, svg") || a.hasAttribute("download")) return null;
    var href = a.href.split("#")[0];
    if (href.indexOf(siteRoot) !== 0 || !/\.html$/.test(href) || href === location.href.split("#")[0]) return null;
    return href.slice(siteRoot.length);
  }
  var byHref = null;
  function lookup(page, done) {
    script("search/meta.js", function () {
      var meta = window.ANTH_SEARCH_META;
      if (!meta) return;
      if (!byHref) { byHref = {}; meta.docs.forEach(function (d, i) { byHref[d[3]] = i; }); }
      var i = byHref[page];
      if (i === undefined) return;
      var chunk = Math.floor(i / meta.chunk);
      script("search/d-" + chunk + ".js", function () {
        var texts = (window.ANTH_SEARCH_DOCS || {})[chunk], heads = (window.ANTH_SEARCH_HEADS || {})[chunk] || {};
        done(meta.docs[i], texts ? texts[i % meta.chunk] : "", heads[i % meta.chunk] || []);
      });
    });
  }
  // The heading a link's fragment names and the opening of its section, from the target's headings in
  // the search index ([id, start, length] into its text, or [id, text]: render/site/search_headings.h).
  function section(a, text, heads) {
    var id;
    try { id = decodeURIComponent(a.hash.slice(1)); } catch (e) { return null; }
    for (var k = 0; id && k < heads.length; ++k) {
      if (heads[k][0] !== id) continue;
      var s = typeof heads[k][1] === "number" ? String(text || "").substr(heads[k][1], heads[k][2]) : String(heads[k][1]);
      var nl = s.indexOf("\n");
      return nl < 0 ? null : { heading: s.slice(0, nl), text: s.slice(nl + 1) };
    }
    return null;
  }
  function opening(text) {
    text = String(text || "").replace(/\s+/g, " ").trim();
    if (text.length <= 320) return text;
    var cut = text.lastIndexOf(" ", 320);
    return text.slice(0, cut > 200 ? cut : 320) + "\u2026";
  }
  function hide() {
    clearTimeout(timer);
    if (pop) pop.hidden = true;
    shownFor = null;
  }
  function place(a) {
    var r = a.getBoundingClientRect(), w = Math.min(360, document.documentElement.clientWidth - 16);
    pop.style.width = w + "px";
    var left = Math.max(8, Math.min(r.left, document.documentElement.clientWidth - w - 8));
    pop.style.left = (left + window.scrollX) + "px";
    var below = r.bottom + 6, h = pop.offsetHeight;
    var top = below + h > window.innerHeight && r.top - h - 6 > 0 ? r.top - h - 6 : below;
    pop.style.top = (top + window.scrollY) + "px";
  }
  function open(a, page) {
    lookup(page, function (d, text, heads) {
      if (current !== a) return;
      if (!pop) {
        pop = document.createElement("div");
        pop.className = "preview";
        pop.id = "link-preview";
        pop.setAttribute("role", "tooltip");
        document.body.appendChild(pop);
        pop.addEventListener("mouseleave", hide);
      }
      pop.textContent = "";
      var head = document.createElement("p");
      head.className = "preview-head";
      var badge = document.createElement("span");
      badge.className = "badge kind-" + String(d[2]).toLowerCase();
      badge.textContent = d[2];
      var title = document.createElement("strong");
      title.className = "preview-title";
      title.textContent = d[1];
      head.appendChild(badge);
      head.appendChild(document.createTextNode(" "));
      head.appendChild(title);
      pop.appendChild(head);
      var sec = section(a, text, heads);
      if (sec) {
        var h = document.createElement("p");
        h.className = "preview-section";
        h.textContent = "\u00a7 " + sec.heading;
        pop.appendChild(h);
      }
      var body = document.createElement("p");
      body.className = "preview-text";
      body.textContent = opening(sec ? sec.text : text);
      pop.appendChild(body);
      pop.hidden = false;
      place(a);
      a.setAttribute("aria-describedby", "link-preview");
      shownFor = a;
    });
  }
  function arm(a) {
    var page = target(a);
    if (!page) return;
    clearTimeout(timer);
    current = a;
    timer = setTimeout(function () { open(a, page); }, DELAY);
  }
  // A glossary term has its definition in a tooltip of its own already, but on touch.
  document.addEventListener("mouseover", function (e) {
    var a = e.target.closest && e.target.closest("a");
    if (a && a !== current && !a.classList.contains("term")) arm(a);
  });
  document.addEventListener("mouseout", function (e) {
    var a = e.target.closest && e.target.closest("a");
    if (!a || a !== current || (e.relatedTarget && (a.contains(e.relatedTarget) || (pop && pop.contains(e.relatedTarget))))) return;
    current = null;
    hide();
  });
  document.addEventListener("focusin", function (e) { if (e.target.tagName === "A" && !e.target.classList.contains("term")) arm(e.target); });
  document.addEventListener("focusout", function (e) { if (e.target === current) { current = null; hide(); } });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") hide(); });
  document.addEventListener("pointerdown", function (e) { touched = e.pointerType === "touch"; }, true);
  // A glossary term's first tap opens its own definition (.gloss.tip-open), not a second popover.
  var tipOpen = null;
  function closeTip() { if (tipOpen) tipOpen.classList.remove("tip-open"); tipOpen = null; }
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") closeTip(); });
  document.addEventListener("click", function (e) {
    if (!touched) return;
    var a = e.target.closest && e.target.closest("a"), page = target(a);
    if (!page) { if (!(pop && pop.contains(e.target))) { hide(); closeTip(); } return; }
    if (shownFor === a) return;  // the second tap follows the link
    e.preventDefault();
    current = a;
    closeTip();
    var gloss = a.classList.contains("term") && a.closest(".gloss");
    if (!gloss) { open(a, page); return; }
    hide();
    root.classList.remove("tips-hidden");
    gloss.classList.add("tip-open");
    tipOpen = gloss;
    shownFor = a;
  });
})();
