// Altered Rules: small behaviours on top of Material for MkDocs.
// Interface strings come from the page (#ar-ui), in the page's language.
(function () {
  "use strict";

  var ui = null;
  function say(key, rule) {
    if (ui === null) {
      try { ui = JSON.parse(document.getElementById("ar-ui").textContent); } catch (e) { ui = {}; }
    }
    return (ui[key] || key).replace("{rule}", rule || "");
  }
  // A copy icon drawn here: a font may lack the glyph on a judge's phone.
  var COPY_ICON = '<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true"><path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z"/></svg>';
  var DONE_ICON = '<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true"><path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2z"/></svg>';

  // ---- The language switch keeps the rule: /en/.../#4.2.4.c -> /fr/.../#4.2.4.c ---------------
  // Capture phase, so that the theme's own handler (which needs each language's sitemap,
  // not there offline) does not send the reader to the other language's home page.
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a.ar-language-link") : null;
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    window.location.href = link.href.split("#")[0] + window.location.hash;
  }, true);

  // ---- The hreflang alternates stay in the page, without the theme's sitemap lookups ----------
  // Material (9.8.1, setupAlternate) fetches "sitemap.xml" next to every <link rel=alternate>,
  // made for alternates that point at a language's home. Ours point at this same page in each
  // language (issue 5), so every lookup is a 404 (three or four a page, each a 404 page on a
  // real host), and we have no use for the answer: the click handler above does the switch.
  // The theme looks the links up when DOMContentLoaded fires, in a listener it registered
  // before this script ran (its bundle comes first); so the links are hidden from its selector
  // until then, and put back by our own listener, which runs right after the theme's. The
  // served HTML, which is what crawlers read, is unchanged; tests/browser checks both.
  if (document.readyState === "loading") {
    var alternates = Array.prototype.slice.call(document.querySelectorAll("link[rel=alternate][hreflang]"));
    alternates.forEach(function (link) { link.setAttribute("rel", "ar-alternate"); });
    document.addEventListener("DOMContentLoaded", function () {
      alternates.forEach(function (link) { link.setAttribute("rel", "alternate"); });
    }, { once: true });
  }

  // ---- Copy a rule: its number, its text and its permalink, ready for a ruling ----------------
  function ruleText(rule) {
    var parts = [];
    rule.querySelectorAll(":scope > .ar-rule__text, :scope > p:not(.ar-meta), :scope > .ar-list > li").forEach(function (node) {
      var clone = node.cloneNode(true);
      // A symbol is copied as its label (its .ar-sr text), not as its badge's glyph.
      clone.querySelectorAll(".ar-copy, .ar-edit, .ar-symbol__glyph").forEach(function (n) { n.remove(); });
      var text = clone.textContent.replace(/\s+/g, " ").trim();
      if (node.tagName === "LI") text = "- " + text;
      if (text) parts.push(text);
    });
    return parts.join("\n");
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = document.execCommand("copy");
      area.remove();
      if (ok) { resolve(); } else { reject(new Error("copy refused")); }
    });
  }

  // The site's root (Material's __config names it relative to the page).
  function siteBase() {
    try { return JSON.parse(document.getElementById("__config").textContent).base || "."; } catch (e) { return "."; }
  }

  // A citation names the release the reader read and links to that release's text of the rule
  // (v/<release>/r/<rule>/), which stays online when later releases change it (issue 19). Without
  // a release, or with changes not yet released, it links to the rule on this page.
  var release = null;
  function citation(id) {
    if (release === null) {
      try { release = JSON.parse(document.getElementById("ar-release").textContent) || {}; } catch (e) { release = {}; }
    }
    var here = location.href.split("#")[0] + "#" + id;
    if (!release.version) return here;
    if (release.unreleased) return release.cite + ": " + here;
    var path = siteBase() + "/" + release.prefix + "/" + encodeURIComponent(release.version) + "/r/" + encodeURIComponent(id) + "/";
    return release.cite + ": " + new URL(path, location.href).href;
  }

  function addCopyButtons(root) {
    root.querySelectorAll(".ar-rule[id]").forEach(function (rule) {
      var number = rule.querySelector(".ar-rule__number");
      if (!number || rule.querySelector(":scope > .ar-rule__text > .ar-copy")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "ar-copy";
      button.setAttribute("aria-label", say("copy_rule", rule.id));
      button.title = say("copy_rule", rule.id);
      button.innerHTML = COPY_ICON;
      button.addEventListener("click", function () {
        copyText(ruleText(rule) + "\n" + citation(rule.id)).then(function () {
          button.innerHTML = DONE_ICON;
          button.setAttribute("aria-label", say("copied"));
          setTimeout(function () { button.innerHTML = COPY_ICON; button.setAttribute("aria-label", say("copy_rule", rule.id)); }, 1500);
        }, function () { button.title = say("copy_failed"); });
      });
      number.insertAdjacentElement("afterend", button);
    });
  }

  // ---- Previews: the cited rule, shown without leaving the page -------------------------------
  var PREVIEWS_KEY = "altered-rules.previews";
  function previewsOn() { try { return localStorage.getItem(PREVIEWS_KEY) !== "off"; } catch (e) { return true; } }

  var pageCache = {};
  function fetchPage(url) {
    if (!pageCache[url]) {
      pageCache[url] = fetch(url).then(function (r) { return r.text(); })
        .then(function (text) { return new DOMParser().parseFromString(text, "text/html"); });
    }
    return pageCache[url];
  }

  function targetOf(link) {
    var url = new URL(link.href, location.href);
    var id = decodeURIComponent(url.hash.slice(1));
    url.hash = "";
    var here = location.href.split("#")[0];
    var doc = url.href === here ? Promise.resolve(document) : fetchPage(url.href);
    return doc.then(function (d) { return d.getElementById(id); });
  }

  var popover = null;
  var openFor = null;
  function closePreview() {
    if (popover) { popover.remove(); popover = null; }
    if (openFor) { openFor.removeAttribute("aria-describedby"); openFor = null; }
  }

  function showPreview(link) {
    var rule = link.textContent.trim();
    openFor = link;
    targetOf(link).then(function (target) {
      if (!target || openFor !== link) return;
      closePreviewBox();
      popover = document.createElement("div");
      popover.className = "ar-preview md-typeset";
      popover.id = "ar-preview";
      popover.setAttribute("role", "tooltip");
      popover.setAttribute("aria-label", say("preview_of", rule));
      var body = target.cloneNode(true);
      body.removeAttribute("id");
      body.querySelectorAll("[id]").forEach(function (n) { n.removeAttribute("id"); });
      body.querySelectorAll(".ar-meta, .ar-corrections, .ar-check, .ar-verified, .ar-illustrations, .ar-copy, .ar-edit, aside").forEach(function (n) { n.remove(); });
      popover.appendChild(body);
      var go = document.createElement("a");
      go.href = link.href;
      go.className = "ar-preview__go";
      go.textContent = say("go_to_rule", rule);
      popover.appendChild(go);
      document.body.appendChild(popover);
      var box = link.getBoundingClientRect();
      var top = window.scrollY + box.bottom + 6;
      var left = Math.max(8, Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - popover.offsetWidth - 8));
      popover.style.top = top + "px";
      popover.style.left = left + "px";
      link.setAttribute("aria-describedby", "ar-preview");
      popover.addEventListener("mouseleave", function () { closePreview(); });
    });
  }
  function closePreviewBox() { if (popover) { popover.remove(); popover = null; } }

  var touched = false;
  document.addEventListener("touchstart", function () { touched = true; }, { passive: true, capture: true });
  document.addEventListener("mouseover", function (event) {
    if (touched || !previewsOn()) return;
    var link = event.target instanceof Element ? event.target.closest("a.ar-ref") : null;
    if (link && link !== openFor) showPreview(link);
  });
  document.addEventListener("mouseout", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a.ar-ref") : null;
    var to = event.relatedTarget;
    if (link && !(to instanceof Element && (to.closest(".ar-preview") || to.closest("a.ar-ref") === link))) closePreview();
  });
  // Keyboard readers see the preview on focus; on a touch screen the tap below decides.
  document.addEventListener("focusin", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a.ar-ref") : null;
    if (link && !touched && previewsOn()) showPreview(link);
  });
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") closePreview(); });
  // On a phone: the first tap on a rule link shows its preview (with a link to go there).
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a.ar-ref") : null;
    if (link && touched && previewsOn() && openFor !== link) {
      event.preventDefault();
      showPreview(link);
      return;
    }
    if (!(event.target instanceof Element && event.target.closest(".ar-preview"))) closePreview();
  });

  function addPreviewSwitch(root) {
    var article = root.querySelector("article.md-content__inner");
    if (!article || article.querySelector(".ar-preview-switch") || !article.querySelector("a.ar-ref")) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "ar-preview-switch";
    function label() {
      button.textContent = say(previewsOn() ? "previews_on" : "previews_off");
      button.setAttribute("aria-pressed", previewsOn() ? "true" : "false");
    }
    label();
    button.addEventListener("click", function () {
      try { localStorage.setItem(PREVIEWS_KEY, previewsOn() ? "off" : "on"); } catch (e) { /* private mode */ }
      closePreview();
      label();
    });
    article.appendChild(button);
  }

  // ---- Offline: a service worker keeps what the reader visited --------------------------------
  function registerOffline() {
    if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
    navigator.serviceWorker.register(new URL(siteBase() + "/sw.js", location.href).href).catch(function () { /* no offline copy */ });
    offlineControl();
  }

  // ---- "Make this site available offline": the whole language kept on the device (issue 40) ----
  // At the bottom of every page: the worker (sw.js) keeps every page of this language, the search
  // and the sandbox with its runtime, then says what it kept; the page shows it ("Available
  // offline: 2026.1, 19.6 MB") on every later visit, from the worker's record of it.
  function filled(key, values) {
    return say(key).replace(/\{(\w+)\}/g, function (all, name) { return name in values ? String(values[name]) : all; });
  }
  function askWorker(message, onReply) {
    navigator.serviceWorker.ready.then(function (registration) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { onReply(event.data || {}); };
      registration.active.postMessage(message, [channel.port2]);
    });
  }
  function offlineControl() {
    var footer = document.querySelector(".md-copyright");
    if (!footer || footer.querySelector(".ar-offline")) return;
    var box = document.createElement("div");
    box.className = "ar-offline md-copyright__highlight";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "ar-offline__make";
    button.textContent = say("offline_make");
    var status = document.createElement("span");
    status.className = "ar-offline__status";
    status.setAttribute("role", "status");
    box.appendChild(button);
    box.appendChild(status);
    footer.insertBefore(box, footer.firstChild);
    function shown(copy) {
      if (!copy) return;
      var size = filled("offline_size_mb", { size: (copy.bytes / 1e6).toLocaleString(document.documentElement.lang || "en", { maximumFractionDigits: 1 }) });
      status.textContent = copy.release ? filled("offline_available", { release: copy.release, size: size }) : filled("offline_available", { release: "", size: size }).replace(/[:：]\s*,\s*/, ": ");
      button.hidden = true;
    }
    askWorker({ type: "offline-copy" }, function (answer) { shown(answer.copy); });
    button.addEventListener("click", function () {
      button.disabled = true;
      var others = keepOtherLanguagesShell();
      askWorker({ type: "keep-all" }, function (answer) {
        if (answer.progress) {
          status.textContent = filled("offline_making", answer.progress);
        } else if (answer.kept) {
          others.then(function () {
            button.disabled = false;
            shown(answer.copy);
          });
        } else {
          button.disabled = false;
          status.textContent = say("offline_failed");
        }
      });
    });
  }

  // The other languages' workers, registered with the copy: each keeps its language's shell (its
  // home page, styles, search index and offline page; sw.js PRECACHE), so that offline a page of a
  // language never visited gets that language's styled offline page, not the browser's error page
  // (a worker controls only the pages below its language's folder). Resolves once each is active,
  // or has failed: the copy of this language does not depend on them.
  function keepOtherLanguagesShell() {
    var here = document.documentElement.lang || "";
    var root = new URL(siteBase() + "/", location.href);
    var inLanguage = location.pathname.indexOf(root.pathname) === 0 ? location.pathname.slice(root.pathname.length) : "";
    var roots = {};
    document.querySelectorAll("a.ar-language-link[hreflang]").forEach(function (link) {
      var language = link.getAttribute("hreflang");
      if (!language || language === here) return;
      var url = new URL(link.href, location.href);
      if (url.origin !== location.origin) return;
      // The same page in that language: its root is its address without this page's part.
      var path = inLanguage && url.pathname.slice(-inLanguage.length) === inLanguage
        ? url.pathname.slice(0, url.pathname.length - inLanguage.length) : new URL("../" + language + "/", root).pathname;
      roots[path] = true;
    });
    return Promise.all(Object.keys(roots).map(function (path) {
      return navigator.serviceWorker.register(new URL(path + "sw.js", location.origin).href).then(function (registration) {
        var worker = registration.installing || registration.waiting;
        if (registration.active || !worker) return;
        return new Promise(function (resolve) {
          worker.addEventListener("statechange", function () {
            if (worker.state === "activated" || worker.state === "redundant") resolve();
          });
        });
      }).catch(function () { /* that language stays online only */ });
    }));
  }

  // The search dialog gets an accessible name: its input's placeholder, in the page's language.
  function nameSearchDialog() {
    var dialog = document.querySelector(".md-search[role=dialog]");
    var input = document.querySelector("input.md-search__input");
    if (dialog && input && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", input.getAttribute("placeholder") || "Search");
  }

  // ---- A pasted, dictated or autofilled query searches as a typed one -------------------------
  // Material (9.8.1) starts a search on the box's keyup and focus only: text that arrives by the
  // phone's paste menu, dictation or autofill is an `input` event alone, and showed "Type to start
  // searching" (issue 40). Each such event is passed on as the keyup Material listens for; a typed
  // key's own keyup then asks nothing more (Material drops a value it has already searched).
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (box instanceof HTMLInputElement && box.classList.contains("md-search__input")) {
      box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    }
  }, true);

  // ---- A query that found nothing says so, above what is offered instead ----------------------
  // Our search worker answers a query that finds nothing with a notice (.ar-search-nothing) and the
  // nearest terms' results; Material counted those ("54 matching documents" above "Nothing
  // matches"). The count is Material's own "none" in the page's language (its __config translations).
  function materialSays(key) {
    try { return JSON.parse(document.getElementById("__config").textContent).translations[key] || ""; } catch (e) { return ""; }
  }
  function honestCount() {
    var result = document.querySelector(".md-search-result");
    var meta = document.querySelector(".md-search-result__meta");
    if (!result || !meta) return;
    new MutationObserver(function () {
      var none = materialSays("search.result.none");
      if (none && result.querySelector(".md-search-result__list .ar-search-nothing") && meta.textContent !== none) meta.textContent = none;
    }).observe(result, { childList: true, subtree: true, characterData: true });
  }

  // ---- A printed page says which release it is, when it was printed and where it comes from ------
  // Material's print style leaves out the footer (and its release label): the stamp is drawn at the
  // top of the article for print only (altered-rules.css), from that label and the page's address.
  function addPrintStamp() {
    var article = document.querySelector("article.md-content__inner");
    var label = document.querySelector(".ar-release-label");
    if (!article || article.querySelector(".ar-print-stamp")) return;
    var stamp = document.createElement("p");
    stamp.className = "ar-print-stamp";
    function fill() {
      stamp.textContent = filled("print_stamp", {
        release: label ? label.textContent.replace(/\s+/g, " ").trim() : "",
        date: new Date().toISOString().slice(0, 10),
        address: location.href.split("#")[0]
      });
    }
    fill();
    window.addEventListener("beforeprint", fill);
    article.insertBefore(stamp, article.firstChild);
  }

  function init() {
    honestCount();
    addPrintStamp();
    nameSearchDialog();
    addCopyButtons(document);
    addPreviewSwitch(document);
    registerOffline();
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
