/* Altered Rules: the site's search worker (issue 14), in place of Material's lunr worker.
 *
 * Material's page code is unchanged: it fetches search/search_index.json, sends it here
 * ({type: 0, data: index}), and sends each query ({type: 2, data: query}); this worker answers
 * {type: 1} when ready and {type: 3, data: {items}} with the results in groups of one page, in
 * the shape Material draws (the search box, ?q= links and the page's highlighting stay Material's).
 * Why not lunr: Material's query syntax makes every word a prefix wildcard ("a", "de", "il" match
 * almost everything), it ranks pages as wholes, and Material folds a page's matches under "N more".
 * The judge's benchmark (benchmarks/search-queries.yaml) measured lunr, Pagefind and this worker:
 * ENGINE_CHOICE in benchmarks/run.py, written into benchmarks/results.md and search-results.md.
 *
 * How a query is answered:
 * - Words are folded (lower case, no accents), split on anything but letters and digits (so the
 *   elided articles l', d', dell', un', qu' come apart), stop words dropped, and stemmed with a
 *   light stemmer of the page's language (plural and gender endings, common verb endings); two
 *   forms of one word in a question ("reazione ... reazioni") are one word of it.
 * - Every entry (a rule paragraph, a section, a page's heading) is scored with BM25F over its title,
 *   its quoted card names and its text (a word's counts in the fields saturate together), so a
 *   short paragraph that holds the words beats a long tool page that mentions them once. Entries
 *   that hold more of the query's words come first, each word weighed by its rarity, and counted
 *   only where the words stand together in the entry's text (nearShare()).
 * - A word also finds the term the termbase gives for it (its `avoid` variants and `search`
 *   words: index.config.altered.synonyms; words of several words when typed together), a word's beginning finds the words it begins (typed "gigant",
 *   "personagg"), and a word no entry holds is looked for without its "again" prefix
 *   ("revérifie", "ricontrollano") or else finds the words one letter away (a typo).
 * - A rule number ("4.2.4.c") finds that rule first, then the rules under it.
 * - A card's code (ALT_CORE_B_AX_04_C, or alt-core-b-ax-04-c as in its page's address) is one
 *   word, which only its card holds: its parts are no words of every card of the pool.
 * - Results keep their order: Material draws a group per page, so each run of results from one
 *   page is a group (a page may have several); nothing is folded under "N more". Each result
 *   shows its rule number and section, and the answering words marked in context.
 * All text from the index is escaped here before it becomes markup; a query is never markup, and
 * only its first 1,000 characters and MAX_TERMS words are read, so any input answers quickly.
 *
 * The theme names this file in place of Material's worker (docs/overrides/main.html).
 */
"use strict";

const RESULTS = 60;         // entries kept after ranking
const MAX_TERMS = 24;       // query words considered (a pasted paragraph must not stall)
const SNIPPET = 180;        // characters of context around the matching words
const K1 = 1.2, B = 0.9;   // BM25F (bm25())
// jargon: the other games' words for what an entry answers (glossary/jargon.yaml), searched as its title.
const FIELDS = {title: 2, cards: 2, jargon: 2, text: 1};
const SYNONYM = 0.9, BROADER = 0.5, PREFIX = 0.6, TYPO = 0.5;
// The prefixes that say a verb again, per language (folded).
const AGAIN = {en: ["re"], fr: ["re"], it: ["ri", "re"]};
const NEAR = 8;             // words of an entry's text within which a question's words count together

// ---- language analysis -------------------------------------------------------------------
// Function words, and the words of a question that say nothing of its subject ("what happens",
// "how many", "combien", "cosa succede"): searching them only adds noise.
const STOP = {
  en: "a also an and any are as at be been but by can could did do does for from had happen happened happens has have how i if in into is it its just many me much my no not of on or our so some still than that the their them then there these they this those to us was we were what when where which who why will with would you your",
  fr: "a au aux avec c ca ce ces cet cette d dans de des du elle elles en est et il ils j je l la le les leur leurs lui m ma me mes moi mon n ne nos notre nous on ou par pas peut pour qu quand que quel quelle quelles quels qui quoi combien faut avoir ont etre ete s sa se ses si son sont sur t ta te tes toi ton tu un une vos votre vous y",
  it: "a ad agli ai al all alla alle allo anche c che chi ci come con cosa succede quanti quante quanto devo avere essere stato stata stati d da dai dal dall dalla dalle degli dei del dell della delle dello di e ed gli ha hanno i il in io l la le lei li lo loro lui ma mi ne negli nei nel nell nella nelle nello noi non o per posso puo quale quali quando quel quella quelle questo se si sono su sul sull sulla sulle ti tra tu un una uno vi voi",
};

function fold(text) {
  return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/œ/g, "oe").replace(/æ/g, "ae");
}

// A card's code (ALT_CORE_B_AX_04_C) is one word: split at its underscores, its parts ("alt",
// "core", "b") were words of every card of the pool, and a search by code scored thousands of
// entries (issue 40: 154 ms with 5,000 cards).
const WORD = /[\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)*/gu;
// A card's code as typed: its parts joined by underscores, or by dashes as in its page's address.
const CARD_CODE = /^[a-z]{2,8}(?:[_-][a-z0-9]{1,8}){4,8}$/;
const RULE = /^\d+(?:\.\d+)*(?:\.[a-z])?$/;
// A paragraph's number written without the dot before its letter ("7.3.22b").
const GLUED_LETTER = /^(\d+(?:\.\d+)+)([a-z])$/;

/** The words of a text, folded; a rule number ("4.2.4.c", "7.3.22b") is one word, a sentence's full stop is not. */
function words(text) {
  const out = [];
  for (const match of fold(text).matchAll(WORD)) {
    const word = match[0].replace(GLUED_LETTER, "$1.$2");
    if (RULE.test(word) || CARD_CODE.test(word)) out.push(word);
    else out.push(...word.split(/[._]/));
  }
  return out.filter(Boolean);
}

// A rule number as judges type it (issue 40): "7.3.22b", "6-4-g", "4,3,b", "r4.1f", "§7.3",
// "regle 4-2-4", "1.3.3 e", "1.3.3(e)", "4f". The word before it says "rule" in the site's
// languages (folded: "règle" is "regle"); the parts are split by dots, dashes, commas or slashes.
const RULE_WORD = /^(?:§+|(?:rules?|regles?|regola|regole|art(?:icle|icolo)?|r)\b\.?|r(?=\d))\s*/;
const RULE_TYPED = /^(\d+(?:\s*[.,\/-]\s*\d+)*)(?:\s*[.,\/-]?\s*\(?\s*([a-z])\s*\)?)?\s*\.?$/;

/** The rule number a whole query types ("6-4-g" -> "6.4.g"), or null when it is not one. */
function typedRule(text) {
  const typed = fold(String(text || "").slice(0, 40)).trim().replace(/^§+\s*/, "§").replace(RULE_WORD, "");
  const found = RULE_TYPED.exec(typed);
  if (!found || (!found[2] && !/[.,\/-]/.test(found[1]) && typed !== found[1])) return null;
  const number = found[1].split(/\s*[.,\/-]\s*/).join(".") + (found[2] ? "." + found[2] : "");
  return RULE.test(number) ? number : null;
}

/** A card's code typed alone, in any of its forms ("alt-core-b-ax-04-c"), as the index writes it
 *  (one word, its parts joined by underscores), or null. */
function cardCode(text) {
  const typed = fold(String(text || "").slice(0, 60)).trim();
  return CARD_CODE.test(typed) && /\d/.test(typed) ? typed.replace(/-/g, "_") : null;
}

function strip(word, suffixes, min) {
  for (const suffix of suffixes) {
    if (word.length - suffix.length >= min && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

// French verbs whose forms share no beginning with their infinitive ("il sait" / "savoir", "elles
// s'écrivent" / "écrit"): a form is searched as its infinitive (folded, before stemming).
const FRENCH_IRREGULAR = new Map(Object.entries({
  savoir: ["sait", "sais", "savent", "su", "sue"], ecrire: ["ecrit", "ecrite", "ecrits", "ecrites", "ecrivent", "ecrivez"],
  mettre: ["met", "mets", "mettent", "mis", "mise", "mises"], faire: ["fait", "fais", "font", "faite", "faites"],
  prendre: ["prend", "prends", "prennent", "pris", "prise"], voir: ["voit", "vois", "voient", "vu", "vue"],
  devoir: ["doit", "dois", "doivent", "du"], venir: ["vient", "viennent", "venu", "venue"],
}).flatMap(([infinitive, forms]) => forms.map(form => [form, infinitive])));

const STEMMERS = {
  en(word) {
    if (word.length <= 3) return word;
    if (word.endsWith("ies") && word.length > 4) word = word.slice(0, -3) + "y";
    else if (/(?:ss|x|ch|sh)es$/.test(word)) word = word.slice(0, -2);
    else if (word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) word = word.slice(0, -1);
    word = strip(word, ["ingly", "edly", "ing", "ed", "ly"], 3);
    if (/([b-df-hj-np-tv-z])\1$/.test(word) && !/(?:ll|ss|zz)$/.test(word)) word = word.slice(0, -1);
    return word.length > 3 && word.endsWith("e") ? word.slice(0, -1) : word;
  },
  fr(word) {
    word = FRENCH_IRREGULAR.get(word) || word;
    if (word.length <= 3) return word;
    if (/[sx]$/.test(word)) word = word.slice(0, -1);
    return strip(word, ["issement", "ements", "ement", "atrice", "ateur", "ation", "aient", "euse", "ance", "ence",
                        "able", "ite", "ive", "eur", "ant", "ent", "ait", "ez", "er", "ee", "e"], 3);
  },
  it(word) {
    if (word.length <= 3) return word;
    word = strip(word, ["azioni", "azione", "amenti", "amento", "mente", "ando", "endo", "ano", "ono", "are", "ere",
                        "ire", "ato", "ata", "ati", "ate", "ito", "ita", "iti", "ite"], 3);
    if (/[cg]h[ei]$/.test(word)) return word.slice(0, -2);
    word = strip(word, ["a", "e", "i", "o"], 3);
    return word.length > 3 && /i$/.test(word) ? word.slice(0, -1) : word;
  },
};

// ---- the index ---------------------------------------------------------------------------
let engine = null;

const ENTITIES = {amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " "};

/** The words of an index field (HTML-escaped text, maybe with markup) as plain text. */
function plain(html) {
  return String(html || "").replace(/<[^>]*>/g, " ").replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, name) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : " ";
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  }).replace(/\s+/g, " ").trim();
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
}

function build(index) {
  // Material sends only the index's config and docs: our part of the index is in its config.
  const altered = (index.config && index.config.altered) || {};
  // The words are analysed as `analysis` says where a language has none of its own (altered_rules/languages.py).
  const language = altered.analysis || altered.language || (index.config && index.config.lang && index.config.lang[0]) || "en";
  const stem = STEMMERS[language] || STEMMERS.en;
  const stop = new Set((STOP[language] || STOP.en).split(" "));
  const docs = [];
  const postings = new Map();      // stem -> Map(doc index -> {title, cards, text} counts)
  const totals = {title: 0, cards: 0, jargon: 0, text: 0};
  const surfaces = new Map();      // a word as written (folded) -> its stem
  for (const raw of index.docs || []) {
    const location = String(raw.location || "");
    const doc = {
      location, title: plain(raw.title), text: plain(raw.text), cards: plain(raw.cards), jargon: plain(raw.jargon),
      boost: Number(raw.boost) > 0 ? Number(raw.boost) : 1, lengths: {}, page: location.split("#")[0],
    };
    const id = location.includes("#") ? location.split("#")[1] : "";
    if (RULE.test(id)) doc.rule = id;
    // A page's own entry is known by its name: a card's, a ruling's, a term's (see search()).
    if (!id) doc.names = [doc.title, ...(Array.isArray(raw.names) ? raw.names : [])].map(name => words(plain(name)).join(" "));
    for (const field of Object.keys(FIELDS)) {
      const list = words(doc[field]).filter(w => !stop.has(w)).map(w => {
        if (!surfaces.has(w)) surfaces.set(w, stem(w));
        return surfaces.get(w);
      });
      doc.lengths[field] = list.length;
      if (field === "text") doc.stems = list;   // in order, for nearShare()
      totals[field] += list.length;
      for (const s of list) {
        let entry = postings.get(s);
        if (!entry) postings.set(s, entry = new Map());
        let counts = entry.get(docs.length);
        if (!counts) entry.set(docs.length, counts = {title: 0, cards: 0, jargon: 0, text: 0});
        counts[field] += 1;
      }
    }
    docs.push(doc);
  }
  const average = {};
  for (const field of Object.keys(FIELDS)) average[field] = Math.max(1, totals[field] / Math.max(1, docs.length));
  // A judge's word (or words: "tie-break", "Coleottero di Bronzo"), as stems joined by a space
  // -> the stems of the rules' term.
  // Each with its weight: the judge's words as the term (SYNONYM). A zone's name also finds "zone",
  // the word of the rules about any zone (BROADER, index.config.altered.broader), kept apart: it
  // counts only beside another word of the question (search()).
  const synonyms = new Map(), broader = new Map();
  for (const [list, weight, into] of [[altered.synonyms, SYNONYM, synonyms], [altered.broader, BROADER, broader]]) {
    for (const pair of list || []) {
      if (!Array.isArray(pair) || pair.length !== 2) continue;
      const [word, term] = pair.map(w => words(String(w)).filter(x => !stop.has(x)).map(stem));
      if (!word.length || !term.length) continue;
      const key = word.join(" ");
      if (!into.has(key)) into.set(key, new Map());
      for (const s of term) if (!(into.get(key).get(s) >= weight)) into.get(key).set(s, weight);
    }
  }
  // What a query that finds nothing is offered instead (suggest()): the rules' terms, and the
  // judge's words for them, each with the term it means.
  const names = new Map();
  for (const pair of altered.synonyms || []) {
    if (!Array.isArray(pair) || pair.length !== 2) continue;
    for (const name of pair) if (!names.has(fold(String(name)))) names.set(fold(String(name)), String(pair[1]));
  }
  const pages = new Map(docs.map((doc, i) => [doc.location, i]).filter(([location]) => !location.includes("#")));
  engine = {language, stem, stop, docs, postings, average, synonyms, broader, pages, vocabulary: [...postings.keys()], surfaces,
            variants: new Map(), written: new Map(), names, nothing: String(altered.nothing || "No match for “{query}”. Nearest: {near}"),
            noRule: String(altered.no_rule || altered.nothing || "No rule {rule}. Nearest: {near}"),
            nothingFar: String(altered.nothing_far || "No match for “{query}”."), termsPage: String(altered.terms_page || "")};
}

// ---- a query -----------------------------------------------------------------------------
/** Whether two words are one edit apart (a letter added, dropped, changed, or two swapped). */
function oneEdit(a, b) {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    return sameRest(a, i + 1, b, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && sameRest(a, i + 2, b, i + 2));
  }
  return a.length > b.length ? sameRest(a, i + 1, b, i) : sameRest(a, i, b, i + 1);
}

/** Whether a from `from` and b from `to` are the same letters. */
function sameRest(a, from, b, to) {
  if (a.length - from !== b.length - to) return false;
  for (let k = 0; from + k < a.length; k++) if (a.charCodeAt(from + k) !== b.charCodeAt(to + k)) return false;
  return true;
}

/** The stems a query word finds, each with its weight: itself, the termbase's term for it,
 *  the words it begins, or (if no entry holds it) the words one letter away. */
function variants(word, last) {
  const key = `${word} ${last}`;
  if (engine.variants.has(key)) return engine.variants.get(key);
  if (engine.variants.size > 2000) engine.variants.clear();
  const found = findVariants(word, last);
  engine.variants.set(key, found);
  return found;
}

function findVariants(word, last) {
  const {stem, postings, synonyms, vocabulary} = engine;
  const own = stem(word);
  const found = new Map();
  const add = (s, weight) => { if (postings.has(s) && (found.get(s) || 0) < weight) found.set(s, weight); };
  add(own, 1);
  if (word !== own) add(word, 1);
  for (const [s, weight] of synonyms.get(own) || []) add(s, weight);
  // A number is read as typed: "5.1.a" is no mistyped 2.1.a (issue 40), nor the beginning of 5.1.a.1.
  if (/^\d/.test(word)) return found;
  // A word's beginning: what is typed last may be unfinished ("gigant", "personagg"), and a
  // word cut short ("stats") finds the longer ones (statistic).
  if (word.length >= (last ? 3 : 4) && !RULE.test(word)) {
    for (const [surface, s] of engine.surfaces) if (surface.length > word.length && surface.startsWith(word)) add(s, PREFIX);
    if (own.length >= 4) for (const s of vocabulary) if (s.length > own.length && s.startsWith(own)) add(s, PREFIX);
  }
  // A verb said again ("revérifie", "ricontrollano", "recheck"): the rules say the verb and
  // "again" (4.4.c "vérifiées à nouveau"), so a word no entry holds is looked for without it.
  for (const again of AGAIN[engine.language] || []) {
    if (found.size || word.length - again.length < 4 || !word.startsWith(again)) continue;
    for (const [s, weight] of findVariants(word.slice(again.length), last)) add(s, weight * SYNONYM);
  }
  if (!found.size && word.length >= 5) {
    // A word as written one edit from a word of the index as written, when that is confidently
    // the word meant (surelyMistyped): "graveyrd", "expedtion"; never French "lance" read as the
    // stem of Magic's "land", nor "forger" as "force" (issue 40).
    for (const [surface, s] of engine.surfaces) if (surelyMistyped(word, surface)) add(s, TYPO);
    for (const s of vocabulary) if (surelyMistyped(own, s)) add(s, TYPO);
    // A judge's word mistyped ("graveyrd"): the term it stands for.
    for (const [key, terms] of synonyms) {
      if (!key.includes(" ") && (surelyMistyped(word, key) || surelyMistyped(own, key))) for (const [s, weight] of terms) add(s, weight * TYPO);
    }
  }
  return found;
}

/** Whether `typed` is `meant` mistyped, confidently: one edit apart, and for a word of five or
 *  six letters only two letters swapped or a letter doubled or left single; a changed, added or
 *  dropped letter of a short word makes another word as often as a typo ("lance", "forger"). */
function surelyMistyped(typed, meant) {
  if (meant.length < 5 || !oneEdit(typed, meant)) return false;
  if (Math.min(typed.length, meant.length) >= 7) return true;
  if (typed.length === meant.length) return [...typed].filter((c, k) => c !== meant[k]).length === 2;
  const [longer, shorter] = typed.length > meant.length ? [typed, meant] : [meant, typed];
  let k = 0;
  while (k < shorter.length && longer[k] === shorter[k]) k++;
  return (k > 0 && longer[k] === longer[k - 1]) || longer[k] === longer[k + 1];
}

/** BM25F: a word's counts in the fields are weighted and length-normalised, then added, and the
 *  sum saturates once. Saturating each field apart counted a word twice when it stood in both the
 *  title and the text: every paragraph of "7.3.10 Move Backward" that says "move" outscored the
 *  paragraph holding the question's rare word ("can a tie move expeditions" -> 4.2.4.c). */
function bm25(counts, doc, idf) {
  let tf = 0;
  for (const [field, weight] of Object.entries(FIELDS)) {
    // The jargon field is a list of names for the entry, not prose: never length-normalised.
    const b = field === "jargon" ? 0 : B;
    if (counts[field]) tf += weight * counts[field] / (1 - b + b * doc.lengths[field] / engine.average[field]);
  }
  return idf * tf * (K1 + 1) / (tf + K1);
}

/** The share of the question an entry holds, each word counted by its rarity ("tie" in "can a
 *  tie move expeditions" says more than "expeditions", which half the rules hold), and counted
 *  only where the question's words stand together: within NEAR words of the entry's text (its
 *  title and quoted cards count anywhere). A long entry (a ruling, a game mode's deck rules, a
 *  paragraph with its example) holds many words of any question somewhere; that alone does not
 *  make it the answer over the short paragraph that says them in one sentence. */
function nearShare(doc, titled, wordsOf, weights) {
  let base = 0;
  for (const word of titled || []) base += weights.get(word);
  const hits = [];
  (doc.stems || []).forEach((s, at) => {
    for (const word of wordsOf.get(s) || []) if (!(titled && titled.has(word))) hits.push([at, word]);
  });
  const inWindow = new Map();
  let sum = 0, best = 0;
  for (let right = 0, left = 0; right < hits.length; right++) {
    const [at, word] = hits[right];
    if (!inWindow.get(word)) sum += weights.get(word);
    inWindow.set(word, (inWindow.get(word) || 0) + 1);
    for (; at - hits[left][0] >= NEAR; left++) {
      const gone = hits[left][1];
      inWindow.set(gone, inWindow.get(gone) - 1);
      if (!inWindow.get(gone)) sum -= weights.get(gone);
    }
    best = Math.max(best, sum);
  }
  return base + best;
}

function search(query) {
  // A rule number typed in any of its forms is searched as the glossary writes it.
  const text = typedRule(query) || cardCode(query) || String(query || "").slice(0, 1000);
  const all = words(text);
  const content = all.filter(w => !engine.stop.has(w));
  // Only stop words ("je", "il"): searched as they are, never as prefixes.
  // One word per stem: "reazione ... reazioni" is one word of the question, not two that
  // each count (the share of the question an entry holds is weighed by word).
  const byStem = new Map();
  for (const word of content.length ? content : all) if (!byStem.has(engine.stem(word))) byStem.set(engine.stem(word), word);
  const terms = [...byStem.values()].slice(0, MAX_TERMS);
  if (!terms.length) return [];
  const {docs, postings} = engine;
  const scores = new Map();
  const stems = new Set();         // every stem the query found, to mark in the results
  const matched = new Map();       // doc -> set of query words it holds
  const weights = new Map();       // query word -> how rare its best match is (idf)
  const wordsOf = new Map();       // stem -> the query words that find it
  const everywhere = new Map();    // doc -> the query words in its title or quoted cards
  const titled = new Map();        // doc -> the query words in its title itself (headingsFirst())
  // A judge's words of several words ("tie-break") find the term when typed side by side.
  const extra = terms.map(() => []);
  const stemmed = terms.map(word => engine.stem(word));
  for (let a = 0; a < terms.length; a++) {
    for (let b = a + 2; b <= Math.min(terms.length, a + 4); b++) {
      for (const found of engine.synonyms.get(stemmed.slice(a, b).join(" ")) || []) for (let k = a; k < b; k++) extra[k].push(found);
    }
    // A zone's name asks about that zone when typed alone; beside other words ("token sent to the
    // Reserve") it may be asked as any zone: 2.1.d says "its new zone".
    for (let b = a + 1; terms.length > 1 && b <= Math.min(terms.length, a + 4); b++) {
      if (b - a === terms.length) continue;
      for (const found of engine.broader.get(stemmed.slice(a, b).join(" ")) || []) for (let k = a; k < b; k++) extra[k].push(found);
    }
  }
  terms.forEach((word, position) => {
    const found = new Map(variants(word, position === terms.length - 1 && /[\p{L}\p{N}]$/u.test(text)));
    for (const [s, weight] of extra[position]) if (postings.has(s) && (found.get(s) || 0) < weight) found.set(s, weight);
    const best = new Map();
    let rarity = 0;
    for (const [s, weight] of found) {
      stems.add(s);
      if (!wordsOf.has(s)) wordsOf.set(s, []);
      wordsOf.get(s).push(word);
      const entry = postings.get(s);
      const idf = Math.log(1 + (docs.length - entry.size + 0.5) / (entry.size + 0.5));
      rarity = Math.max(rarity, weight * idf);
      for (const [i, counts] of entry) {
        const score = weight * bm25(counts, docs[i], idf);
        if (score > (best.get(i) || 0)) best.set(i, score);
        if (counts.title || counts.cards || counts.jargon) {
          if (!everywhere.has(i)) everywhere.set(i, new Set());
          everywhere.get(i).add(word);
        }
        if (counts.title && weight === 1) {
          if (!titled.has(i)) titled.set(i, new Set());
          titled.get(i).add(word);
        }
      }
    }
    weights.set(word, rarity);
    for (const [i, score] of best) {
      scores.set(i, (scores.get(i) || 0) + score);
      if (!matched.has(i)) matched.set(i, new Set());
      matched.get(i).add(word);
    }
  });
  const total = [...weights.values()].reduce((a, b) => a + b, 0) || 1;
  const ranked = [];
  for (const [i, score] of scores) {
    const share = nearShare(docs[i], everywhere.get(i), wordsOf, weights) / total;
    // The numbered rules (boost 2) ahead of other pages, pages about the site (0.5) after them.
    ranked.push({i, score: score * share * docs[i].boost});
  }
  // A rule number: that rule first, then the rules it holds.
  const number = fold(text.trim()).replace(/\.$/, "");
  if (RULE.test(number)) {
    const top = ranked.reduce((m, r) => Math.max(m, r.score), 1);
    docs.forEach((doc, i) => {
      if (doc.rule && (doc.rule === number || doc.rule.startsWith(number + "."))) {
        ranked.push({i, score: top * (doc.rule === number ? 3 : 2) - doc.rule.length * 1e-6});
        // It answers the number: not drawn as "Missing: 7.3" when its text does not repeat it.
        if (!matched.has(i)) matched.set(i, new Set());
        matched.get(i).add(number);
      }
    });
  }
  // A page's whole name typed ("Kuwat, the Dissenter", "Rulings"): that page first, as a rule
  // number lands on its rule; the paragraphs that mention it follow.
  const asked = all.join(" ");
  if (asked && !RULE.test(number)) {
    const top = ranked.reduce((m, r) => Math.max(m, r.score), 1);
    docs.forEach((doc, i) => { if (doc.names && doc.names.includes(asked)) ranked.push({i, score: top * 3}); });
  }
  const seen = new Set();
  const list = headingsFirst(ranked.sort((a, b) => b.score - a.score).filter(r => !seen.has(r.i) && seen.add(r.i)), matched, titled);
  return list.slice(0, RESULTS).map(r => ({...r, words: matched.get(r.i) || new Set(), terms, stems}));
}

/** A section's heading before its own paragraphs when they answer only by its name: every word of
 *  the question a paragraph holds is written in the paragraph's title (its section's name, not a
 *  judge's word for it) and in the heading. "Gigantic" lands on 7.4.3 Gigantic, then 7.4.3.a, not
 *  on 7.4.3.d with the heading after its paragraphs (issue 40); "infinite loop reaction" stays on
 *  6.3.f, whose jargon holds the loop. The heading takes its paragraph's score: a group stays in order. */
function headingsFirst(list, matched, titled) {
  for (let at = list.length - 1; at > 0; at--) {
    const section = engine.docs[list[at].i];
    if (!section.rule || /[a-z]$/.test(section.rule)) continue;
    const own = matched.get(list[at].i) || new Set();
    const first = list.findIndex((r, k) => k < at && (engine.docs[r.i].rule || "").startsWith(section.rule + ".")
      && [...(matched.get(r.i) || [])].every(word => own.has(word) && (titled.get(r.i) || new Set()).has(word)));
    if (first < 0 || !own.size) continue;
    const [moved] = list.splice(at, 1);
    list.splice(first, 0, {...moved, score: list[first].score});
    at++;   // the entry now at `at` was before it: looked at again
  }
  return list;
}

// ---- what Material draws -----------------------------------------------------------------
/** The stem of a word as written, remembered: a result's words are mostly the index's. */
function stemOf(raw) {
  let known = engine.written.get(raw);
  if (known === undefined) {
    const word = fold(raw);
    known = engine.surfaces.get(word) ?? (RULE.test(word) ? word : engine.stem(word));
    if (engine.written.size > 50000) engine.written.clear();
    engine.written.set(raw, known);
  }
  return known;
}

/** Marks the words of `text` whose stem the query found, escaped; `window` cuts it around them. */
function marked(text, found, window) {
  const spans = [];
  for (const match of text.matchAll(WORD)) {
    if (found.has(stemOf(match[0]))) spans.push([match.index, match.index + match[0].length]);
  }
  let start = 0, end = text.length;
  if (window && text.length > window) {
    // The window that holds the most marked words.
    let best = 0, from = 0;
    for (let a = 0; a < spans.length; a++) {
      let n = 0;
      for (let b = a; b < spans.length && spans[b][1] - spans[a][0] <= window; b++) n++;
      if (n > best) { best = n; from = spans[a][0]; }
    }
    start = Math.max(0, Math.min(from - 40, text.length - window));
    while (start > 0 && /\S/.test(text[start - 1])) start--;
    end = Math.min(text.length, start + window);
    while (end < text.length && /\S/.test(text[end])) end++;
  }
  let out = start > 0 ? "… " : "", at = start;
  for (const [a, b] of spans) {
    if (a < start || b > end) continue;
    out += escapeHtml(text.slice(at, a)) + "<mark>" + escapeHtml(text.slice(a, b)) + "</mark>";
    at = b;
  }
  return out + escapeHtml(text.slice(at, end)) + (end < text.length ? " …" : "");
}

function resultDoc(doc, score, found, termsShown, withText = true) {
  // A long page's context is looked for in its beginning: the time to answer stays bounded.
  const text = withText && doc.text ? doc.text.slice(0, 20 * SNIPPET) : "";
  return {
    location: doc.location,
    title: marked(doc.title, found, 0),
    text: text ? `<p>${marked(text, found, SNIPPET)}</p>` : "",
    score,
    terms: termsShown,
  };
}

// ---- nothing found: the nearest terms and rule numbers ------------------------------------
/** Letters to change to turn a into b (Levenshtein), or more than `most` when farther. */
function distance(a, b, most) {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let row = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let low = i;
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      low = Math.min(low, next[j]);
    }
    if (low > most) return most + 1;
    row = next;
  }
  return row[b.length];
}

const SUGGESTIONS = 3;
const NEAR_TERM = 0.25;     // the share of a word's letters changed for a term to be offered for it

/** When a query finds nothing, what to offer instead (the search page is never empty, issue 27):
 *  for a rule number the glossary does not hold, the rules nearest it (its section's, or its
 *  chapter's); for words, the terms nearest them as written (a term, or a judge's word for one),
 *  and the results of searching those terms. {ranked, near: the terms or numbers offered}. */
function suggest(query) {
  const text = String(query || "").slice(0, 1000);
  const number = typedRule(text) || "";
  if (number) {
    const rules = engine.docs.map((doc, i) => ({doc, i})).filter(({doc}) => doc.rule);
    const offer = near => ({near: near.slice(0, SUGGESTIONS).map(({doc}) => doc.rule),
                            ranked: near.slice(0, RESULTS).map(({i}, k) => ({i, score: RESULTS - k, words: new Set(), terms: [], stems: new Set()}))});
    // The rules of the nearest section that holds some ("4.2.9": 4.2's)...
    for (let prefix = number; prefix.includes(".");) {
      prefix = prefix.slice(0, prefix.lastIndexOf("."));
      if (!prefix.includes(".")) break;   // a whole chapter is no nearest number: the same shape's are
      const near = rules.filter(({doc}) => doc.rule.startsWith(prefix + "."));
      if (near.length) return offer(near);
    }
    // ...or the rules of the same shape nearest it, a part nearer the start weighing more
    // ("5.1.a", with no chapter 5: 4.1.a, 6.1.a, 4.1.b)...
    const parts = number.split(".");
    const shaped = rules.filter(({doc}) => doc.rule.split(".").length === parts.length
      && doc.rule.split(".").every((part, k) => /\d/.test(part) === /\d/.test(parts[k])));
    const apart = rule => rule.split(".").reduce((sum, part, k) => sum * 100 + Math.abs(
      (/\d/.test(part) ? Number(part) : part.charCodeAt(0)) - (/\d/.test(parts[k]) ? Number(parts[k]) : parts[k].charCodeAt(0))), 0);
    if (shaped.length) return offer(shaped.map(r => ({...r, apart: apart(r.doc.rule)})).sort((a, b) => a.apart - b.apart));
    // ...or the sections of the nearest chapter ("9.9": chapter 7's).
    const chapter = Number(number.split(".")[0]);
    const sections = rules.filter(({doc}) => !/[a-z]$/.test(doc.rule));
    const by = ({doc}) => Math.abs(Number(doc.rule.split(".")[0]) - chapter);
    if (sections.length) return offer(sections.filter(r => by(r) === Math.min(...sections.map(by))));
  }
  // Words of two letters too ("ko"): a short word is offered only a term as near as a long one's.
  const asked = [...new Set(words(text).filter(w => !engine.stop.has(w) && w.length >= 2))].slice(0, SUGGESTIONS * 3);
  if (!asked.length) return {ranked: [], near: []};
  // Each term by its nearest word to any word asked: the letters to change, for the longer's length.
  const scored = [];
  for (const [name, term] of engine.names) {
    let best = Infinity;
    for (const word of asked) {
      for (const part of new Set([name, ...name.split(" ")])) {
        const longer = Math.max(word.length, part.length);
        best = Math.min(best, distance(word, part, longer) / longer);
      }
    }
    scored.push([best, term]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].length - b[1].length);
  // Only terms confidently near a word asked (NEAR_TERM: a letter in four changed at most), and
  // never the word asked itself (a term no entry holds): "pokemon" is offered nothing rather than
  // "statistics, Mana Orb, Expedition" and their 50 results (issue 40).
  const typed = new Set(asked);
  // A word asked that is itself a term no entry holds (a keyword of cards the glossary has no rule
  // about): the terms page says what it is; a word one letter from it means another thing.
  if ([...engine.names].some(([name, term]) => typed.has(name) && fold(term) === name)) return {ranked: [], near: []};
  const near = [...new Set(scored.filter(([ratio, term]) => ratio <= NEAR_TERM && !typed.has(words(term).join(" ")))
    .map(([, term]) => term))].slice(0, SUGGESTIONS);
  const seen = new Set();
  const ranked = [];
  const lists = near.map(term => search(term));
  for (let k = 0; ranked.length < RESULTS && lists.some(list => k < list.length); k++) {
    for (const list of lists) if (k < list.length && !seen.has(list[k].i)) { seen.add(list[k].i); ranked.push(list[k]); }
  }
  return {ranked, near};
}

function answer(query) {
  if (!engine) return {items: []};
  const rule = typedRule(query);
  // A rule number the glossary does not hold is said so, with the nearest numbers, even where a
  // text mentions it (issue 40: "5.1.a" came back as 2.1.a and 4.1.a, with no word that it is missing).
  const missing = rule && !engine.docs.some(doc => doc.rule && (doc.rule === rule || doc.rule.startsWith(rule + ".")));
  let ranked = missing ? [] : search(query), near = null;
  if (!ranked.length) ({ranked, near} = suggest(query));
  if (!ranked.length) return nothingNear(query);
  const found = ranked[0].stems;
  const items = [];
  // Results in their order: Material draws a group per page, so each run of results from one
  // page is a group, and a page whose results are not next to each other has several groups.
  // Nothing is folded: within a group every entry scores as the first, which Material shows open.
  let page = null;
  for (const r of ranked) {
    if (engine.docs[r.i].page !== page) {
      page = engine.docs[r.i].page;
      items.push([]);
    }
    items[items.length - 1].push(r);
  }
  const groups = items.map(list => group(list, found));
  if (near) {
    // Said first, in the first suggestion's group, leading to it.
    groups[0].unshift({location: engine.docs[ranked[0].i].location, title: notice(missing ? engine.noRule : engine.nothing, query, near, rule), text: "",
                       score: groups[0][0].score, terms: {}});
  }
  return {items: groups};
}

/** The notice of a query that found nothing, as the query was typed (never its stem), marked
 *  `ar-search-nothing` so that the page says "No matching documents" above it, not a count of
 *  the suggestions' results (altered-rules.js). */
function notice(said, query, near, rule = "") {
  const shown = String(query).trim().slice(0, 60);
  // Replaced by functions: a "$&" in a query is text, not a replacement pattern.
  const title = escapeHtml(said).replace("{rule}", () => escapeHtml(rule || "")).replace("{query}", () => escapeHtml(shown))
    .replace("{near}", () => near.map(n => `<mark>${escapeHtml(n)}</mark>`).join(", "));
  return `<span class="ar-search-nothing">${title}</span>`;
}

/** Nothing found and no term near: the notice alone, leading to the terms page (the Altered terms
 *  and the other games' words), never an empty page nor unrelated results. */
function nothingNear(query) {
  const page = engine.termsPage;
  // A query of no words at all (an emptied box, "\\ ^$ .* ?") is answered by no results.
  if (!page || !engine.pages.has(page) || !words(String(query || "").slice(0, 1000)).length) return {items: []};
  const header = resultDoc(engine.docs[engine.pages.get(page)], 0, new Set(), {}, false);
  return {items: [[{location: page + "#", title: notice(engine.nothingFar, query, []), text: "", score: 1, terms: {}}, header]]};
}

function group(list, found) {
  const page = engine.docs[list[0].i].page;
  const best = list[0].score;
  const termsShown = Object.fromEntries(list[0].terms.map(w => [w, list.some(r => r.words.has(w))]));
  const own = list.find(r => engine.docs[r.i].location === page);
  const docs = list.filter(r => r !== own).map(r => resultDoc(engine.docs[r.i], best, found, termsShown));
  // Material draws a group under its page, and the page's own entry first: scored 0 (a heading
  // only) when only its parts matched, and when one of them ranks above it (issue 40: a game
  // mode's page was drawn as the answer above its group's best section).
  const first = own !== undefined && own === list[0];
  const pageDoc = engine.pages.has(page) ? engine.docs[engine.pages.get(page)] : {location: page, title: page, text: ""};
  return [...docs, resultDoc(pageDoc, first ? best : 0, found, termsShown, first)];
}

self.addEventListener("message", event => {
  const message = event.data || {};
  if (message.type === 0) {
    build(message.data || {});
    self.postMessage({type: 1});
  } else if (message.type === 2) {
    let data;
    try {
      data = answer(message.data);
    } catch (error) {
      // A query the engine cannot read finds nothing; it never breaks the search box.
      console.warn("altered-rules-search:", error);
      data = {items: []};
    }
    self.postMessage({type: 3, data});
  }
});
