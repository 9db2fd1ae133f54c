/* Altered Rules: Material's search worker, with a limit on what one page's results draw (issue 8).
 *
 * Material groups the matches of a search by page and draws every one of them: the page, the
 * matches that score as high as its best, and every other match folded under "N more on this
 * page". A chapter page holds a whole chapter of rules, so a common word draws hundreds of
 * entries (the ten-times glossary: 727 for "expedition", 85 ms before anything shows). Here a page
 * with more than DRAWN matches shows its DRAWN best, in Material's order and all open, then one
 * last entry that says how many more matches the page holds and opens the page with them
 * highlighted. A page with fewer is left as Material draws it. Nothing is lost: every match is
 * one tap away, highlighted where it stands.
 *
 * The theme's configuration names this file with two parameters (docs/overrides/main.html):
 * `material`, the name of Material's worker beside it, and `more`, Material's own translation of
 * "# more on this page" in the site's language. Material's worker finds its stemmers at ../lunr/,
 * relative to the worker: this file sits beside it so that the path stays the same.
 */
"use strict";

const DRAWN = 6;

const params = new URL(self.location.href).searchParams;
const material = params.get("material") || "";
const more = params.get("more") || "# more on this page";

/** One page's matches, best first as Material sent them: at most DRAWN, then how many more. */
function limited(group) {
  if (group.length <= DRAWN + 1) return group;
  // Material draws the group under its page: the entry whose location has no anchor.
  const page = group.find(doc => !String(doc.location).includes("#"));
  const matches = group.filter(doc => doc !== page);
  // Material folds what scores below a group's first entry under "N more on this page"; here
  // the best DRAWN are shown open and the fold is the link below, so every kept one is raised
  // to the first one's score. The page goes last, where Material puts it when only its rules
  // matched: it is drawn as the group's header wherever it stands.
  const best = matches[0].score;
  const kept = matches.slice(0, DRAWN).map(doc => ({ ...doc, score: Math.max(doc.score, best) }));
  const location = String((page || group[0]).location).split("#")[0];
  kept.push({
    // An anchor, even empty, keeps this entry from being taken for the page itself.
    location: `${location}#`,
    title: more.replace("#", String(matches.length - DRAWN)),
    text: "",
    score: best,
    // The query's terms, so that the page opens with the matches highlighted (?h=).
    terms: { ...(matches[0].terms || {}) },
  });
  return page ? [...kept, page] : kept;
}

/** Material's result message with each page's group limited; any other message as it is. */
function shaped(message) {
  const result = message && message.data;
  if (!result || !Array.isArray(result.items)) return message;
  return { ...message, data: { ...result, items: result.items.map(limited) } };
}

// Material's worker answers with the global postMessage: this one is found first.
const post = self.postMessage.bind(self);
self.postMessage = (message, transfer) => post(shaped(message), transfer);

if (!/^search\.[0-9a-f]+\.min\.js$/.test(material)) {
  throw new Error(`altered-rules-search.js: 'material' must name Material's search worker (search.<hash>.min.js), not '${material}'`);
}
importScripts(new URL(material, self.location.href).href);
