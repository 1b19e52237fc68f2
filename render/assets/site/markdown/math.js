// anthology site: renders the page's math with KaTeX (katex/katex.min.js, from Debian's libjs-katex,
// loaded just before). Each <span class="math inline"> or "math display" holds its TeX between \( \)
// or \[ \], which is what a reader without script sees.
(function () {
  "use strict";
  if (typeof katex === "undefined") return;
  var spans = document.querySelectorAll("span.math");
  for (var i = 0; i < spans.length; i++) {
    var el = spans[i];
    var display = el.classList.contains("display");
    var tex = el.textContent.replace(/^\\[\(\[]/, "").replace(/\\[\)\]]$/, "");
    try {
      katex.render(tex, el, { displayMode: display, throwOnError: false, output: "htmlAndMathml" });
    } catch (e) {
      el.classList.add("math-error");  // the TeX stays as written
    }
  }
})();
