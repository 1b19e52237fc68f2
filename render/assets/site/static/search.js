// anthology site search: runs from file:// with no network and no fetch. The build writes the index
// as scripts (search/meta.js, search/t-<key>.js, search/d-<n>.js) that assign into globals; this
// file loads only the shards a query needs, ranks with BM25 (title matches weigh triple) and shows
// each hit's title and a snippet. Text from notes only ever reaches the page as text nodes.
(function () {
  "use strict";
  var STOP = ["an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "its", "of", "on",
              "or", "that", "the", "this", "to", "was", "with"];
  var K1 = 1.2, B = 0.75, TITLE_WEIGHT = 3, MAX_RESULTS = 50;
  var meta = window.ANTH_SEARCH_META;
  var form = document.getElementById("search-form");
  var input = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  if (!input || !status || !list) return;

  var encoder = new TextEncoder();
  var baseTitle = document.title;

  // The same words the build indexed: lowercase runs of ASCII letters and digits and non-ASCII
  // characters, two to forty UTF-8 bytes long, stopwords dropped.
  function tokenize(text) {
    var out = [], word = "";
    function flush() {
      var n = encoder.encode(word).length;
      if (n >= 2 && n <= 40 && STOP.indexOf(word) < 0) out.push(word);
      word = "";
    }
    for (var ch of text.toLowerCase()) {
      var c = ch.codePointAt(0);
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c >= 128) word += ch; else flush();
    }
    flush();
    return out;
  }

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
    s.src = src;
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

  function rank(terms, prefix) {
    var shards = window.ANTH_SEARCH_SHARDS || {};
    var n = meta.n, avgdl = meta.avgdl || 1, scores = {}, matched = {};
    terms.forEach(function (term, ti) {
      var shard = shards[shardKey(term)] || {};
      var variants = [];
      if (Object.prototype.hasOwnProperty.call(shard, term)) variants.push([term, 1]);
      if (prefix && ti === terms.length - 1) {
        Object.keys(shard).forEach(function (t) { if (t !== term && t.indexOf(term) === 0) variants.push([t, 0.6]); });
      }
      var best = {};
      variants.forEach(function (v) {
        var postings = shard[v[0]], df = postings.length;
        var idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        postings.forEach(function (p) {
          var doc = p[0], tf = TITLE_WEIGHT * p[1] + p[2], len = meta.docs[doc][4] || 0;
          var s = v[1] * idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len / avgdl));
          if (!best[doc] || s > best[doc]) best[doc] = s;
        });
      });
      Object.keys(best).forEach(function (doc) {
        scores[doc] = (scores[doc] || 0) + best[doc];
        matched[doc] = (matched[doc] || 0) + 1;
      });
    });
    return Object.keys(scores).map(function (doc) {
      return { doc: +doc, score: scores[doc], matched: matched[doc] };
    }).sort(function (a, b) {
      return b.matched - a.matched || b.score - a.score || (meta.docs[a.doc][0] < meta.docs[b.doc][0] ? -1 : 1);
    });
  }

  function escapeRegExp(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  // A window of the text around the first match, with every match marked.
  function snippet(text, terms) {
    var p = document.createElement("p");
    p.className = "snippet";
    if (!text) return p;
    var re = new RegExp("(" + terms.map(escapeRegExp).join("|") + ")", "gi");
    var first = text.search(re);
    var from = 0, to = Math.min(text.length, 240);
    if (first > 80) {
      from = text.lastIndexOf(" ", first - 80);
      from = from < 0 ? first - 80 : from + 1;
      to = Math.min(text.length, first + 180);
    }
    var end = text.indexOf(" ", to);
    if (to < text.length && end > 0 && end - to < 30) to = end;
    var part = (from > 0 ? "\u2026" : "") + text.slice(from, to).replace(/\s+/g, " ") + (to < text.length ? "\u2026" : "");
    var last = 0, m;
    re.lastIndex = 0;
    while ((m = re.exec(part)) !== null) {
      if (m.index > last) p.appendChild(document.createTextNode(part.slice(last, m.index)));
      var mark = document.createElement("mark");
      mark.textContent = m[0];
      p.appendChild(mark);
      last = m.index + m[0].length;
      if (m[0].length === 0) re.lastIndex++;
    }
    if (last < part.length) p.appendChild(document.createTextNode(part.slice(last)));
    return p;
  }

  function show(query, terms, hits) {
    list.textContent = "";
    var docs = window.ANTH_SEARCH_DOCS || {};
    hits.slice(0, MAX_RESULTS).forEach(function (hit) {
      var d = meta.docs[hit.doc];
      var li = document.createElement("li");
      li.className = "hit kind-" + String(d[2]).toLowerCase();
      var head = document.createElement("p");
      head.className = "hit-head";
      var badge = document.createElement("span");
      badge.className = "badge kind-" + String(d[2]).toLowerCase();
      badge.textContent = d[2];
      var a = document.createElement("a");
      a.className = "hit-title";
      a.href = d[3];
      a.textContent = d[1];
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
      li.appendChild(snippet(chunk ? chunk[hit.doc % meta.chunk] : "", terms));
      list.appendChild(li);
    });
    var shown = Math.min(hits.length, MAX_RESULTS);
    status.textContent = hits.length === 0 ? "No notes match \u201c" + query + "\u201d." :
      hits.length + (hits.length === 1 ? " note matches" : " notes match") + " \u201c" + query + "\u201d" +
      (shown < hits.length ? "; the first " + shown + " are shown." : ".");
    document.title = query + " \u00b7 " + baseTitle;
  }

  function search(query) {
    if (!meta) { status.textContent = "The search index is missing from this site."; return; }
    var terms = tokenize(query);
    if (!terms.length) { list.textContent = ""; return; }
    var prefix = !/\s$/.test(query);
    var keys = {};
    terms.forEach(function (t) { keys["search/t-" + shardKey(t) + ".js"] = true; });
    status.textContent = "Searching\u2026";
    loadAll(Object.keys(keys), function () {
      var hits = rank(terms, prefix);
      var chunks = {};
      hits.slice(0, MAX_RESULTS).forEach(function (h) { chunks["search/d-" + Math.floor(h.doc / meta.chunk) + ".js"] = true; });
      loadAll(Object.keys(chunks), function () { show(query.trim(), terms, hits); });
    });
  }

  var query = new URLSearchParams(window.location.search).get("q") || "";
  input.value = query;
  if (query.trim()) search(query); else input.focus();
  if (form) form.addEventListener("submit", function (e) {
    e.preventDefault();
    var q = input.value;
    try { history.replaceState(null, "", "?q=" + encodeURIComponent(q)); } catch (err) { /* file:// may refuse */ }
    search(q);
  });
})();
