// anthology site search: runs from file:// with no network and no fetch. The build writes the index
// as scripts (search/meta.js, search/t-<key>.js, search/d-<n>.js) that assign into globals; this
// file loads them only when a query needs them (the meta on the first keystroke, then the shards of
// the query's terms) and answers as the reader types, on the search page and in the header of every
// page (site.js loads this file when the header's box is first used). Ranking: the exact id first,
// then notes whose title holds the query as typed, then every word of it, then a title word starting
// with each, then aliases and authors, then the body by BM25; within each, BM25 (title, aliases and authors weigh triple).
// Text from notes only ever reaches the page as text nodes.
(function () {
  "use strict";
  if (window.ANTH_SEARCH_UI) return;
  window.ANTH_SEARCH_UI = true;
  var STOP = ["an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "its", "of", "on",
              "or", "that", "the", "this", "to", "was", "with"];
  var K1 = 1.2, B = 0.75, TITLE_WEIGHT = 3, MAX_RESULTS = 50, POPUP_RESULTS = 8, DEBOUNCE_MS = 120;
  var encoder = new TextEncoder();
  var me = document.currentScript && document.currentScript.getAttribute("src") || "search.js";
  var root = me.slice(0, me.length - "search.js".length);

  // The words the build indexed, by the same rule (core/util/search_words.h, cjk_pairs.h): a word is
  // a run of letters, marks and digits, anything else separates words; each is lowercased, its
  // accents dropped (ς as σ); a run of CJK letters is its pairs and its last character. Terms of two
  // to forty UTF-8 bytes, stopwords dropped (kept when `all`). The ranges are cjk_pairs.cpp's.
  var RUN = /[\p{L}\p{M}\p{N}]+/gu, MARK = /^\p{M}$/u;
  var CJK = /^[\u1100-\u11ff\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3038-\u303c\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uffdc\u{1b000}-\u{1b16f}\u{20000}-\u{3ffff}]$/u;
  var ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
  function fold(word) {
    return word.toLowerCase().normalize("NFD").replace(ACCENTS, "").normalize("NFC").replace(/\u03c2/g, "\u03c3");
  }
  // A CJK segment's units (a character with the marks after it), each with its place in `text`.
  function units(seg, at) {
    var out = [], pos = at;
    for (var ch of seg) {
      if (out.length && MARK.test(ch)) { out[out.length - 1].s += ch; out[out.length - 1].to += ch.length; }
      else out.push({ s: ch, from: pos, to: pos + ch.length });
      pos += ch.length;
    }
    return out;
  }
  // Calls f(term, from, to) for each term of the text, with its place there. `query`: a run of two or
  // more CJK characters gives its pairs only (its last character alone would only widen the match).
  function eachTerm(text, f, query) {
    function segment(seg, at, cjk) {
      var folded = fold(seg);
      if (!cjk) { f(folded, at, at + seg.length); return; }
      var u = units(folded, 0), orig = units(seg, at), n = u.length;
      var place = function (i) { return orig.length === n ? orig[i] : { from: at, to: at + seg.length }; };
      for (var i = 0; i + 1 < n; i++) f(u[i].s + u[i + 1].s, place(i).from, place(i + 1).to);
      if (n && (n === 1 || !query)) f(u[n - 1].s, place(n - 1).from, place(n - 1).to);
    }
    var re = new RegExp(RUN.source, "gu"), m;
    while ((m = re.exec(text)) !== null) {
      var from = m.index, pos = m.index, cjk = false, first = true;
      for (var ch of m[0]) {
        var k = MARK.test(ch) ? !first && cjk : CJK.test(ch);
        if (first) cjk = k;
        else if (k !== cjk) { segment(text.slice(from, pos), from, cjk); from = pos; cjk = k; }
        first = false;
        pos += ch.length;
      }
      segment(text.slice(from, pos), from, cjk);
    }
  }
  function keep(term, all) {
    var n = encoder.encode(term).length;
    return n >= 2 && n <= 40 && (all || STOP.indexOf(term) < 0);
  }
  function words(text, all, query) {
    var out = [];
    eachTerm(String(text), function (t) { if (keep(t, all)) out.push(t); }, query);
    return out;
  }
  // A query's lone CJK character matches as a prefix: the pairs it begins, and itself ending a run.
  function lone(term) { var u = units(term, 0); return u.length === 1 && CJK.test(Array.from(u[0].s)[0]); }

  window.ANTH_SEARCH_WORDS = words;  // the rule itself, for the tests that hold it to the build's

  function shardKey(term) {
    var bytes = encoder.encode(term), key = "";
    for (var i = 0; i < 2 && i < bytes.length; i++) {
      var b = bytes[i];
      if ((b >= 97 && b <= 122) || (b >= 48 && b <= 57)) key += String.fromCharCode(b);
      else key += "x" + (b < 16 ? "0" : "") + b.toString(16);
    }
    return key;
  }

  var loaded = {};
  function load(src, done) {
    if (loaded[src]) { loaded[src].push(done); return; }
    loaded[src] = [done];
    var s = document.createElement("script");
    s.src = root + src;
    s.async = true;
    function finish() { var cbs = loaded[src]; loaded[src] = { push: function (f) { f(); } }; cbs.forEach(function (f) { f(); }); }
    s.onload = finish;
    s.onerror = finish;  // a shard that does not exist: no term has that prefix
    document.head.appendChild(s);
  }
  function loadAll(srcs, done) {
    var left = srcs.length;
    if (!left) { done(); return; }
    srcs.forEach(function (src) { load(src, function () { if (--left === 0) done(); }); });
  }

  // Every document matching a term (the last one also as a prefix unless followed by a space): its
  // BM25 score, how many terms it matched, how many in its title, aliases, authors or id, and the
  // words it matched (for highlighting).
  function score(terms, prefix, meta, shards) {
    var n = meta.n, avgdl = meta.avgdl || 1, docs = {};
    terms.forEach(function (term, ti) {
      var shard = shards[shardKey(term)] || {};
      var variants = [];
      if (Object.prototype.hasOwnProperty.call(shard, term)) variants.push([term, 1]);
      if ((prefix && ti === terms.length - 1) || lone(term)) {
        var weight = lone(term) ? 1 : 0.6;  // each pair a lone character begins is that character
        Object.keys(shard).forEach(function (t) { if (t !== term && t.indexOf(term) === 0) variants.push([t, weight]); });
      }
      var best = {};
      variants.forEach(function (v) {
        var postings = shard[v[0]], df = postings.length;
        var idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        postings.forEach(function (p) {
          var doc = p[0], tf = TITLE_WEIGHT * p[1] + p[2], len = meta.docs[doc][4] || 0;
          var s = v[1] * idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len / avgdl));
          var b = best[doc] || (best[doc] = { s: 0, title: false, words: [] });
          b.s = Math.max(b.s, s);
          b.title = b.title || p[1] > 0;
          b.words.push(v[0]);
        });
      });
      Object.keys(best).forEach(function (doc) {
        var d = docs[doc] || (docs[doc] = { doc: +doc, score: 0, matched: 0, inTitle: 0, words: [] });
        d.score += best[doc].s;
        d.matched += 1;
        if (best[doc].title) d.inTitle += 1;
        d.words = d.words.concat(best[doc].words);
      });
    });
    return Object.keys(docs).map(function (k) { return docs[k]; });
  }

  // 0 the exact id, 1 the query as typed in the title, 2 every word in the title, 3 a title word
  // starting with each, 4 every word in the title, aliases, authors or id, 5 the body.
  function tier(hit, query, terms, meta) {
    var d = meta.docs[hit.doc];
    if (String(d[0]).toLowerCase() === query) return 0;
    var title = words(d[1], true);
    if (terms.length > 1 && (" " + title.join(" ") + " ").indexOf(" " + words(query, true, true).join(" ") + " ") >= 0 &&
        String(d[1]).toLowerCase().indexOf(query) >= 0) return 1;
    if (terms.every(function (t) { return title.indexOf(t) >= 0; })) return 2;
    if (terms.every(function (t) { return title.some(function (w) { return w.indexOf(t) === 0; }); })) return 3;
    return hit.inTitle === terms.length ? 4 : 5;
  }

  function rank(query, terms, prefix) {
    var meta = window.ANTH_SEARCH_META;
    var hits = score(terms, prefix, meta, window.ANTH_SEARCH_SHARDS || {});
    // Every word must match; only when no note has them all do notes with some of them answer.
    var all = hits.filter(function (h) { return h.matched === terms.length; });
    if (all.length) hits = all;
    var q = query.trim().toLowerCase();
    hits.forEach(function (h) { h.tier = tier(h, q, terms, meta); });
    return hits.sort(function (a, b) {
      return a.tier - b.tier || b.matched - a.matched || b.score - a.score ||
        (meta.docs[a.doc][0] < meta.docs[b.doc][0] ? -1 : 1);
    });
  }

  // The places in the text of its terms that are among `marked`, overlapping ones (a run's pairs) merged.
  function markedSpans(text, marked) {
    var spans = [];
    eachTerm(text, function (t, from, to) {
      if (!marked[t]) return;
      var last = spans[spans.length - 1];
      if (last && from <= last[1]) last[1] = Math.max(last[1], to); else spans.push([from, to]);
    });
    return spans;
  }

  // The text with its words that are among `marked` (whole words only) as <mark>, the rest as text.
  function appendMarked(el, text, marked) {
    var last = 0;
    markedSpans(text, marked).forEach(function (span) {
      if (span[0] > last) el.appendChild(document.createTextNode(text.slice(last, span[0])));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(span[0], span[1]);
      el.appendChild(mark);
      last = span[1];
    });
    if (last < text.length) el.appendChild(document.createTextNode(text.slice(last)));
  }

  // A window of the text around the first matched word.
  function snippet(text, marked) {
    var p = document.createElement("p");
    p.className = "snippet";
    if (!text) return p;
    var spans = markedSpans(text, marked), first = spans.length ? spans[0][0] : -1;
    var from = 0, to = Math.min(text.length, 240);
    if (first > 80) {
      from = text.lastIndexOf(" ", first - 80);
      from = from < 0 ? first - 80 : from + 1;
      to = Math.min(text.length, first + 180);
    }
    var end = text.indexOf(" ", to);
    if (to < text.length && end > 0 && end - to < 30) to = end;
    appendMarked(p, (from > 0 ? "\u2026" : "") + text.slice(from, to).replace(/\s+/g, " ") + (to < text.length ? "\u2026" : ""), marked);
    return p;
  }

  function hitItem(hit, terms) {
    var meta = window.ANTH_SEARCH_META, docs = window.ANTH_SEARCH_DOCS || {}, d = meta.docs[hit.doc];
    var marked = {};
    terms.concat(hit.words).forEach(function (w) { marked[w] = true; });
    var li = document.createElement("li");
    li.className = "hit kind-" + String(d[2]).toLowerCase();
    var head = document.createElement("p");
    head.className = "hit-head";
    var badge = document.createElement("span");
    badge.className = "badge kind-" + String(d[2]).toLowerCase();
    badge.textContent = d[2];
    var a = document.createElement("a");
    a.className = "hit-title";
    a.href = root + d[3];
    appendMarked(a, d[1], marked);
    var id = document.createElement("span");
    id.className = "node-id";
    id.textContent = d[0];
    head.appendChild(badge);
    head.appendChild(document.createTextNode(" "));
    head.appendChild(a);
    head.appendChild(document.createTextNode(" "));
    head.appendChild(id);
    li.appendChild(head);
    var chunk = docs[Math.floor(hit.doc / meta.chunk)];
    li.appendChild(snippet(chunk ? chunk[hit.doc % meta.chunk] : "", marked));
    return li;
  }

  // One search box with its status line and result list: the search page's, or the header's popup.
  function attach(input, status, list, limit, onShow) {
    var seq = 0, timer = 0, active = -1;
    function say(text) { status.textContent = text; }
    function clear(text) { list.textContent = ""; active = -1; say(text); if (onShow) onShow(false); }
    function show(query, terms, hits) {
      list.textContent = "";
      active = -1;
      hits.slice(0, limit).forEach(function (h) { list.appendChild(hitItem(h, terms)); });
      var shown = Math.min(hits.length, limit);
      say(hits.length === 0 ? "No notes match \u201c" + query + "\u201d." :
        hits.length + (hits.length === 1 ? " note matches" : " notes match") + " \u201c" + query + "\u201d" +
        (shown < hits.length ? "; the first " + shown + " are shown." : "."));
      if (onShow) onShow(true);
    }
    function search(query) {
      var mine = ++seq, q = query.trim();
      var terms = words(query, false, true);
      if (!q) { clear("Type a query: every word is matched, the last one also as a prefix."); return; }
      if (!terms.length) { clear("\u201c" + q + "\u201d is too common a word to search for: add another."); return; }
      load("search/meta.js", function () {
        if (mine !== seq) return;
        if (!window.ANTH_SEARCH_META) { clear("The search index is missing from this site."); return; }
        var keys = {};
        terms.forEach(function (t) { keys["search/t-" + shardKey(t) + ".js"] = true; });
        loadAll(Object.keys(keys), function () {
          if (mine !== seq) return;
          var hits = rank(query, terms, !/\s$/.test(query)), meta = window.ANTH_SEARCH_META, chunks = {};
          hits.slice(0, limit).forEach(function (h) { chunks["search/d-" + Math.floor(h.doc / meta.chunk) + ".js"] = true; });
          loadAll(Object.keys(chunks), function () { if (mine === seq) show(q, terms, hits); });
        });
      });
    }
    function pick(step) {
      var items = list.querySelectorAll("li");
      if (!items.length) return;
      if (active >= 0) items[active].classList.remove("active");
      active = (active + step + items.length) % items.length;
      items[active].classList.add("active");
      items[active].scrollIntoView({ block: "nearest" });
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { search(input.value); }, DEBOUNCE_MS);
    });
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") { e.preventDefault(); pick(e.key === "ArrowDown" ? 1 : -1); }
      else if (e.key === "Enter") {
        var links = list.querySelectorAll("li .hit-title");
        if (!links.length) return;  // nothing yet: the form goes to the search page
        e.preventDefault();
        window.location.href = links[Math.max(active, 0)].href;
      } else if (e.key === "Escape" && onShow) { clear(""); }
    });
    return search;
  }

  var pageInput = document.getElementById("search-q");
  if (pageInput) {
    var search = attach(pageInput, document.getElementById("search-status"), document.getElementById("search-results"), MAX_RESULTS);
    var form = document.getElementById("search-form");
    var query = new URLSearchParams(window.location.search).get("q") || "";
    pageInput.value = query;
    if (query.trim()) search(query); else pageInput.focus();
    if (form) form.addEventListener("submit", function (e) {
      e.preventDefault();
      try { history.replaceState(null, "", "?q=" + encodeURIComponent(pageInput.value)); } catch (err) { /* file:// may refuse */ }
      search(pageInput.value);
    });
  }

  // The header's box on every other page: its answers in a popup under it.
  var headerInput = document.getElementById("header-q");
  if (headerInput && !pageInput) {
    var pop = document.createElement("div");
    pop.className = "search-pop";
    pop.hidden = true;
    var status = document.createElement("p");
    status.className = "search-status";
    status.setAttribute("role", "status");
    var list = document.createElement("ol");
    list.className = "search-results";
    pop.appendChild(status);
    pop.appendChild(list);
    headerInput.parentNode.appendChild(pop);
    var headerSearch = attach(headerInput, status, list, POPUP_RESULTS, function (open) { pop.hidden = !open; });
    document.addEventListener("click", function (e) { if (!headerInput.parentNode.contains(e.target)) pop.hidden = true; });
    if (headerInput.value.trim()) headerSearch(headerInput.value);
  }
})();
