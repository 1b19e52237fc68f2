// anthology site: small enhancements that work without any network access.
// Escape hides an open glossary tooltip (WCAG 1.4.13); moving the pointer or focus shows them again.
(function () {
  "use strict";
  var root = document.documentElement;
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") root.classList.add("tips-hidden");
  });
  function show() { root.classList.remove("tips-hidden"); }
  document.addEventListener("pointermove", show, { passive: true });
  document.addEventListener("focusin", show);
})();
