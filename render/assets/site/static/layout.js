// anthology site: the page's layout helpers (docs/site.md "Layout"). Loaded in <head>, before the body,
// so that the reader's chosen theme is on <html> before anything is painted (no flash of the other
// theme); the rest waits for the document. Without script every page still reads: the theme follows
// the system, Properties and the contents are one click away and code stays as written.
(function () {
  "use strict";
  var root = document.documentElement;
  var KEY = "anthology-theme";
  function stored() {
    // localStorage may be refused (some browsers' file:// or privacy settings): then the system decides.
    try { return localStorage.getItem(KEY) || "system"; } catch (e) { return "system"; }
  }
  function apply(theme) {
    if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
    else root.removeAttribute("data-theme");
  }
  apply(stored());

  var NAMES = { system: "Theme: system", light: "Theme: light", dark: "Theme: dark" };
  var MARKS = { system: "\u25d0", light: "\u2600", dark: "\u263e" };
  var NEXT = { system: "light", light: "dark", dark: "system" };
  function themeButton() {
    var inner = document.querySelector(".site-header-inner");
    if (!inner) return;
    var b = document.createElement("button");
    b.type = "button";
    b.className = "theme-toggle";
    function label() {
      var t = NAMES[stored()] ? stored() : "system";
      b.textContent = MARKS[t];
      b.title = NAMES[t];
      b.setAttribute("aria-label", NAMES[t] + " (change)");
    }
    b.addEventListener("click", function () {
      var t = NEXT[stored()] || "system";
      try { localStorage.setItem(KEY, t); } catch (e) { /* the choice lasts for this page only */ }
      apply(t);
      label();
    });
    label();
    inner.appendChild(b);
  }

  // Properties and the table of contents: <details> the page sends closed; wide screens open them at
  // once, narrow ones keep their one-line summaries so the note's body comes first.
  var wide = window.matchMedia("(min-width: 62rem)");
  function properties() {
    if (!wide.matches) return;
    var ds = document.querySelectorAll("details.properties, .toc > details");
    Array.prototype.forEach.call(ds, function (d) { d.open = true; });
  }

  // Copy buttons on the body's code blocks.
  function copyText(text, done) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallback(text); done(); });
    } else {
      fallback(text);
      done();
    }
  }
  function fallback(text) {
    var t = document.createElement("textarea");
    t.value = text;
    t.setAttribute("readonly", "");
    t.style.position = "fixed";
    t.style.opacity = "0";
    document.body.appendChild(t);
    t.select();
    try { document.execCommand("copy"); } catch (e) { /* nothing more to try */ }
    document.body.removeChild(t);
  }
  function copyButtons() {
    var blocks = document.querySelectorAll(".prose pre, pre.kernel-source");
    Array.prototype.forEach.call(blocks, function (pre) {
      var code = pre.querySelector("code") || pre;
      var wrap = document.createElement("div");
      wrap.className = "code-wrap";
      pre.parentNode.insertBefore(wrap, pre);
      wrap.appendChild(pre);
      var b = document.createElement("button");
      b.type = "button";
      b.className = "copy-code";
      b.textContent = "Copy";
      b.setAttribute("aria-label", "Copy the code");
      b.addEventListener("click", function () {
        copyText(code.textContent, function () {
          b.textContent = "Copied";
          setTimeout(function () { b.textContent = "Copy"; }, 1500);
        });
      });
      wrap.appendChild(b);
    });
  }

  // Wide tables: mark the ones that scroll, for the cue at their edge.
  function tables() {
    var wraps = document.querySelectorAll(".table-wrap, .prose table, .query-block");
    Array.prototype.forEach.call(wraps, function (w) {
      w.classList.toggle("scrolls", w.scrollWidth > w.clientWidth + 1);
    });
  }

  // An id that starts a link's text ("LIT-088 — ...") goes in a span that never wraps at its hyphen.
  var ID = /^[A-Z]+-[0-9A-Za-z]+/;
  function ids() {
    var links = document.querySelectorAll("main a.wikilink, main a.ref");
    Array.prototype.forEach.call(links, function (a) {
      var t = a.firstChild;
      if (!t || t.nodeType !== 3) return;
      var m = ID.exec(t.nodeValue);
      if (!m) return;
      var span = document.createElement("span");
      span.className = "nid";
      span.textContent = m[0];
      t.nodeValue = t.nodeValue.slice(m[0].length);
      a.insertBefore(span, t);
    });
  }

  function ready() {
    themeButton();
    ids();
    properties();
    copyButtons();
    tables();
    window.addEventListener("resize", tables);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
