// Altered Rules: small behaviours on top of Material for MkDocs.

// The language selector keeps the reader on the same rule: /en/.../#4.2.4.c
// leads to /fr/.../#4.2.4.c. Handled in the capture phase so that the theme's
// own handler (which needs each language's sitemap, not there offline) does
// not send the reader to the other language's home page instead.
document.addEventListener("click", function (event) {
  var link = event.target instanceof Element ? event.target.closest("a.ar-language-link") : null;
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  event.stopPropagation();
  window.location.href = link.href.split("#")[0] + window.location.hash;
}, true);
