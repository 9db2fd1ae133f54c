// The judge's sandbox: a board or a deck, decided by the glossary's own rules engine.
// The engine is the project's Python (engine/), run in the browser by Pyodide in a worker
// (sandbox-worker.js); this script is the page around it: the forms, the board kept in the
// URL, the outcome and the engine's trace with every rule linked.
// Its strings, the game's terms in the page's language and the rules' links come from the
// page (#ar-sandbox-data), written at build time by altered_rules.site_assets.sandbox.

const DATA = JSON.parse(document.getElementById("ar-sandbox-data").textContent);
const KINDS = ["hero", "companion"];
const STATISTICS = ["forest", "mountain", "water"];
const CARD_TYPES = ["character", "hero", "spell", "permanent", "token"];
const RARITIES = ["common", "rare", "unique"];
const RULE = new RegExp(DATA.rule_pattern, "gu");
// A trace is drawn this many lines at a time: the engine's work budget allows tens of thousands of
// lines, and drawing them all at once froze the page for seconds (issue 23).
const TRACE_PAGE = 200;

// ---- words --------------------------------------------------------------------------------
function say(key, values = {}) {
  let text = DATA.strings[key] ?? key;
  for (const [name, value] of Object.entries(values)) text = text.split(`{${name}}`).join(String(value));
  return text;
}
const term = (id) => DATA.terms[id] || id;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const expeditionName = (player, kind) => `${player} · ${term(kind + "-expedition")}`;
const rarityName = (rarity) => term("rarity-" + rarity);
const subtypeName = (subtype) => term(subtype.toLowerCase());

// A sub-type typed in the page's language (Soldat, Soldato) is given to the engine in English.
const SUBTYPE_WORDS = new Map();
for (const subtype of DATA.subtypes) {
  SUBTYPE_WORDS.set(subtype.toLowerCase(), subtype);
  SUBTYPE_WORDS.set(subtypeName(subtype).toLowerCase(), subtype);
}

// ---- elements -----------------------------------------------------------------------------
let uid = 0;
const nextId = (stem) => `ar-sb-${stem}-${++uid}`;

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  let value;
  for (const [key, item] of Object.entries(attrs)) {
    if (item === null || item === undefined || item === false) continue;
    if (key === "class") node.className = item;
    else if (key === "text") node.textContent = item;
    else if (key === "value") value = item;
    else if (key === "checked") node.checked = item;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), item);
    else node.setAttribute(key, item === true ? "" : item);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  if (value !== undefined) node.value = value; // after the options of a select
  return node;
}

function field(label, control, extra = {}) {
  control.id = control.id || nextId("f");
  return h("div", { class: `ar-sb-field ${extra.class || ""}`.trim() },
    h("label", { for: control.id, text: label }), control, extra.hint ? h("span", { class: "ar-sb-hint", text: extra.hint }) : null);
}

function select(options, value, onchange, attrs = {}) {
  return h("select", { ...attrs, value, onchange: (event) => onchange(event.target.value) },
    options.map(([key, label]) => h("option", { value: key, text: label })));
}

// ---- the URL: a judge shares a situation by sending the page's address --------------------
// ?s= a board or a scenario, ?d= a deck: base64url of the JSON, whole in the address.
// ?scenario= one of the glossary's scenarios by its id, as the rule pages link them: read from
// the file this language's build publishes (DATA.scenarios). The address names it until the
// judge edits it; then, as any board, it is written out in ?s=.
function encode(data) {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The text a ?s= or ?d= carries (the engine's side reads it: sandbox_runtime's `link`), or an
// Error whose code says why there is none, which the page says in its language.
function decode(value) {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  let binary;
  try {
    if (!/^[A-Za-z0-9+/]*$/.test(base64)) throw new Error("not base64");
    binary = atob(base64 + "===".slice((base64.length + 3) % 4));
  } catch (error) {
    throw Object.assign(new Error("not base64url"), { code: "not_base64" });
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch (error) {
    throw Object.assign(new Error("not UTF-8"), { code: "not_text" });
  }
}

// Why a link's scenario could not be opened, in the page's language (the detail, a YAML error of
// the scenario file, is the reader's, in English).
function linkWhy(error) {
  const number = (n) => Number(n).toLocaleString(document.documentElement.lang || undefined);
  const detail = (error.line ? `${say("at_line", { line: error.line })}: ` : "") + (error.message || "");
  return say(`link_${error.code}`, { size: number(error.size), limit: number(error.limit), detail });
}

function writeUrl() {
  const params = new URLSearchParams();
  if (state.opened !== null) {
    params.set("scenario", state.opened);
  } else {
    const board = currentBoard();
    if (board !== null) params.set("s", encode(board));
    if (state.deckTouched || state.deckFromUrl) params.set("d", encode(deckData()));
  }
  // A shared link being read, or that could not be: the address keeps it as it came, until an edit.
  const query = state.keptQuery !== null ? state.keptQuery : params.toString();
  history.replaceState(null, "", location.pathname + (query ? `?${query}` : ""));
  // The language switch keeps the situation: the same page in French or Italian opens it too.
  document.querySelectorAll("a.ar-language-link").forEach((link) => {
    link.href = link.href.split(/[?#]/)[0] + location.search;
  });
}

let urlTimer = null;
function writeUrlSoon() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(writeUrl, 250);
}

// An edit (or a new board) makes the situation the judge's own: the address no longer names the
// glossary's scenario but holds the board, as for any board.
function leaveOpened() {
  state.opened = null;
  state.keptQuery = null;
}

// The glossary's scenario `id` from this language's scenario file; null if the site has none by
// that id. A failed download (offline before the sandbox was kept offline) is thrown.
async function publishedScenario(id) {
  if (!DATA.scenarios) return null;  // a build without verification publishes no scenario
  const response = await fetch(new URL(DATA.scenarios, location.href));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const scenarios = await response.json();
  const found = Object.prototype.hasOwnProperty.call(scenarios, id) ? scenarios[id] : null;
  return found !== null && typeof found === "object" ? found : null;
}

// ---- the cards: the pool's (or the glossary's), from the card index ---------------------------
// The index (DATA.cards, content/pool/card_index.py) is a file beside this page, loaded when the
// board form's card names or the decklist are first used: a pool of thousands of cards stays out
// of the page (a phone downloads it only if the judge picks a card). Every text of it is the card
// data's: shown as text (h's `text`, textContent), never as markup.
const SUGGESTIONS = 20;   // the names the form suggests at once, for what is typed

// A name as the form compares it: case, accents and spacing ignored (content/pool/model.py's fold).
function fold(text) {
  return String(text).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/’/g, "'").split(/\s+/).filter(Boolean).join(" ");
}

const cardIndex = {
  loading: null,
  index: null,       // the file as it came (given to the engine for the decklist)
  entries: [],       // each card as the form reads it
  byKey: new Map(),  // a folded name or code -> its cards
  sent: null,        // the engine's copy of the pool (the `pool` command), once sent

  load() {
    if (!DATA.cards) return Promise.resolve(this);
    if (!this.loading) {
      this.loading = fetch(new URL(DATA.cards, location.href)).then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      }).then((index) => { this.take(index); return this; });
      this.loading.catch(() => { this.loading = null; });   // tried again at the next use
    }
    return this.loading;
  },

  take(index) {
    this.index = index;
    const { types, factions, rarities } = index;
    this.entries = index.cards.map(([code, names, type, faction, rarity, hand, reserve, stats, subtypes, suspended]) => ({
      code, names, name: names.find(Boolean) || code,
      type: types[type] || null, typeCode: type, faction: factions[faction] ?? null, rarity: rarities[rarity] ?? null, rarityCode: rarity,
      hand, reserve, stats: stats ? stats.split("/").map((n) => Number(n) || 0) : null, subtypes, suspended: Boolean(suspended),
      keys: [...new Set([...names.filter(Boolean).map(fold), ...(code ? [fold(code)] : [])])],
    }));
    this.byKey = new Map();
    for (const entry of this.entries) {
      for (const key of entry.keys) {
        if (!this.byKey.has(key)) this.byKey.set(key, []);
        this.byKey.get(key).push(entry);
      }
    }
  },

  // The cards a name or code typed names exactly (in any language), of the kinds `wanted`.
  named(text, wanted) {
    return (this.byKey.get(fold(text)) || []).filter((entry) => wanted(entry));
  },

  // The cards whose name (any language) or code holds what is typed; those it starts first.
  matching(text, wanted) {
    const key = fold(text);
    if (!key) return [];
    const first = [];
    const then = [];
    for (const entry of this.entries) {
      if (!wanted(entry)) continue;
      if (entry.keys.some((k) => k.startsWith(key))) first.push(entry);
      else if (then.length < SUGGESTIONS && entry.keys.some((k) => k.includes(key))) then.push(entry);
      if (first.length >= SUGGESTIONS) break;
    }
    return [...first, ...then].slice(0, SUGGESTIONS);
  },

  // The pool, given once to the engine, which reads the decklist against it (decklist.py).
  async toEngine() {
    await this.load();
    if (!this.sent) {
      this.sent = engine.call("pool", { index: this.index }).then((answer) => {
        if (answer.error) throw new Error(answer.error.message);
        return answer;
      });
      this.sent.catch(() => { this.sent = null; });
    }
    return this.sent;
  },
};

// A board's Character: the cards that can be one (a Character, a token Character).
const onBoard = (entry) => entry.type === "character" || (entry.type === "token" && entry.stats !== null);

// What the form says of a card picked: its code, type, faction, rarity, costs and statistics.
function cardSummary(entry) {
  const parts = [];
  if (entry.code) parts.push(entry.code);
  if (entry.type) parts.push(capital(term(entry.type)));
  parts.push(entry.faction || say("neutral"));
  if (entry.rarity) parts.push(capital(rarityName(entry.rarity)));
  else if (entry.rarityCode && !["hero", "token"].includes(entry.type)) parts.push(entry.rarityCode.toLowerCase());
  if (entry.hand) parts.push(`${capital(term("hand-cost"))} ${entry.hand}`);
  if (entry.reserve) parts.push(`${capital(term("reserve-cost"))} ${entry.reserve}`);
  if (entry.stats) parts.push(entry.stats.join("/"));
  return parts.join(" · ");
}

// ---- the engine -----------------------------------------------------------------------------
const engine = {
  worker: null,
  pending: new Map(),
  next: 1,
  ready: null,
  failed: null,
  status: null,
  stopReady: null,       // rejects `ready` of a worker stopped before it was ready

  start(status) {
    this.status = status;
    const total = DATA.runtime.bytes;
    const megabytes = (bytes) => (bytes / 1e6).toLocaleString(document.documentElement.lang || undefined,
      { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const progress = h("progress", { max: total, value: 0, "aria-hidden": "true" });
    const text = h("span", { text: say("loading", { done: megabytes(0), total: megabytes(total) }) });
    status.replaceChildren(progress, text);
    status.dataset.state = "loading";
    this.ready = new Promise((resolve, reject) => {
      this.stopReady = reject;
      // The page's head started the first worker (sandbox_boot.js, inline): it is taken over with
      // the messages it sent meanwhile; a Cancel starts the next one the same way.
      const boot = window.arSandboxBoot;
      let started;
      try {
        started = boot.first || boot.start();
      } catch (error) {
        reject(error);
        return;
      }
      boot.first = null;
      const { worker, early } = started;
      this.worker = worker;
      worker.onerror = (event) => reject(new Error(event.message || "worker"));
      worker.onmessage = (event) => {
        const message = event.data;
        if (message.progress) {
          const { stage, done, error, timings } = message.progress;
          if (stage === "download") {
            progress.value = Math.min(done, total);
            text.textContent = say("loading", { done: megabytes(Math.min(done, total)), total: megabytes(total) });
          } else if (stage === "engine") {
            progress.value = total;
            text.textContent = say("starting");
          } else if (stage === "ready") {
            this.timings = timings;
            resolve();
          } else if (stage === "kept") {   // the memory snapshot for the next visit is kept, whole
            this.kept = timings;
          } else if (stage === "failed") {
            reject(new Error(error));
          }
          return;
        }
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if (message.failed !== undefined) waiting.reject(new Error(message.failed));
        else waiting.resolve(message.answer);
      };
      for (const event of early.splice(0)) (event.type === "error" ? worker.onerror : worker.onmessage)(event);
    });
    const ready = this.ready;
    ready.then(() => {
      if (ready !== this.ready) return;
      status.dataset.state = "ready";
      status.replaceChildren(h("span", { text: say("ready") }));
      keepOffline(status);
    }, (error) => {
      if (error.cancelled) return;  // a worker stopped by Cancel: a new one is starting
      this.failed = error;
      status.dataset.state = "failed";
      status.replaceChildren(h("span", { text: say("load_failed", { error: error.message }) }));
    });
    return this.ready;
  },

  // Cancel: the worker is stopped at once, whatever Python is doing (a Worker's terminate does not
  // wait for it), and a new one starts; every call waiting on the old one is told it was cancelled.
  restart() {
    const cancelled = Object.assign(new Error("cancelled"), { cancelled: true });
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (this.stopReady) this.stopReady(cancelled);
    for (const waiting of this.pending.values()) waiting.reject(cancelled);
    this.pending.clear();
    this.failed = null;
    return this.start(this.status);
  },

  async call(command, request) {
    await this.ready;
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, command, request });
    });
  },
};

// Once the engine runs, the service worker keeps this page and the runtime for offline use.
function keepOffline(status) {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  navigator.serviceWorker.ready.then((registration) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      if (event.data && event.data.kept) {
        status.dataset.offline = "yes";
        status.append(" ", h("span", { class: "ar-sb-offline", text: say("offline_ready") }));
      }
    };
    // The whole address: a path such as "//en/sandbox/" would name another host (security probe F-8).
    registration.active.postMessage({ type: "keep-sandbox", page: location.href.split("#")[0] }, [channel.port2]);
  });
}

// ---- state ----------------------------------------------------------------------------------
const state = {
  tab: "board",          // board | deck
  boardView: "form",     // form | scenario
  form: null,            // the board as the form shows it
  kept: null,            // name, rules, note and then: of a scenario opened from a link, until an edit
  scenarioText: "",      // the Scenario tab's text
  scenarioData: null,    // what the Scenario tab holds, as data (for the URL)
  deck: null,            // {format, cards: [...]}
  deckKept: null,
  deckTouched: false,
  deckFromUrl: false,
  opened: null,          // the id of the glossary's scenario the address names (?scenario=), until an edit
  glossaryNames: new Set(),  // the `name:` of each glossary scenario opened: English, as its author wrote it
  keptQuery: null,       // the address's query while its ?s= / ?d= is being read, or could not be, until an edit
};

function character(name, stats, subtypes = []) {
  return { name, stats, subtypes, keywords: [], token: false, exhausted: false };
}

function newBoard() {
  return {
    players: ["Alice", "Bob"],
    first_player: "Alice",
    day: null,
    tiebreakers: false,
    // Tumult cards face down with known types, so that an expedition can move into them.
    tumults: [
      { face: "down", types: [["forest"], ["mountain"]] },
      { face: "down", types: [["water"], ["forest"]] },
      { face: "down", types: [["mountain"], ["water"]] },
    ],
    sides: [
      { hero: { region: 0, characters: [character("Ordis Recruit", [2, 1, 0], ["Soldier"])] }, companion: { region: 7, characters: [] } },
      { hero: { region: 0, characters: [character("Kelon Elemental", [1, 1, 1], ["Elemental"])] }, companion: { region: 7, characters: [] } },
    ],
    action: { kind: "dusk", expedition: null },
  };
}

function newDeck() {
  return { format: "standard", cards: [{ count: 1, name: "", type: "hero", faction: "Axiom", rarity: "" }] };
}

// The form's board as a scenario in the glossary's format.
function boardData(form) {
  const [first, second] = form.players;
  const given = { players: [first, second] };
  if (form.first_player && form.first_player !== first) given.first_player = form.first_player;
  if (form.day) given.day = Number(form.day);
  if (form.tiebreakers) {
    given.tiebreakers = true;
  } else if (form.tumults.some((tumult) => tumult.face !== "unknown")) {
    const halves = [];
    for (const tumult of form.tumults) {
      for (const types of tumult.types) {
        if (tumult.face === "unknown") halves.push({ face: "down" });
        else if (tumult.face === "down") halves.push({ face: "down", types: [...types] });
        else halves.push({ types: [...types] });
      }
    }
    given.adventure = ["hero", ...halves, "companion"];
  }
  form.players.forEach((player, index) => {
    const block = {};
    for (const kind of KINDS) {
      const expedition = form.sides[index][kind];
      const written = {};
      if (!form.tiebreakers) written.region = Number(expedition.region);
      const characters = expedition.characters.map((c, n) => characterData(c, n));
      if (characters.length) written.characters = characters;
      if (Object.keys(written).length) block[kind] = written;
    }
    // A player's name is data: "__proto__" written with `=` would set the object's prototype,
    // which JSON.stringify leaves out, and the board would be lost in silence (F-7).
    Object.defineProperty(given, player, { value: block, enumerable: true, writable: true, configurable: true });
  });
  const action = form.action;
  const when = action.kind === "dusk" || action.kind === "check_victory" ? action.kind : { [action.kind]: action.expedition };
  const data = { name: (state.kept && state.kept.name) || say("default_name") };
  if (state.kept && state.kept.rules) data.rules = state.kept.rules;
  data.given = given;
  data.when = when;
  if (state.kept && state.kept.then) data.then = state.kept.then;
  if (state.kept && state.kept.note) data.note = state.kept.note;
  return data;
}

function characterData(c, index) {
  const data = { name: c.name.trim() || say("character_n", { n: index + 1 }) };
  data.stats = (c.stats || [0, 0, 0]).map((n) => Number(n) || 0).join("/");
  const subtypes = c.subtypes.map((s) => SUBTYPE_WORDS.get(s.trim().toLowerCase()) || s.trim()).filter(Boolean);
  if (subtypes.length) data.subtypes = subtypes;
  if (c.keywords.length) data.keywords = [...c.keywords];
  if (c.token) data.token = true;
  if (c.exhausted) data.exhausted = true;
  return data;
}

function currentBoard() {
  if (state.boardView === "scenario") return state.scenarioData;
  return state.form ? boardData(state.form) : null;
}

// The board of the engine's form view (players by name) as the form's (players by seat).
function fromFormView(view) {
  const form = {
    players: [...view.players],
    first_player: view.first_player,
    day: view.day,
    tiebreakers: view.tiebreakers,
    tumults: view.tumults,
    sides: view.players.map((player) => view.expeditions[player]),
    action: view.action,
  };
  return form;
}

// An edit makes the board the judge's own: the expected outcome of the scenario it came from no longer applies.
function boardEdited() {
  if (state.kept) state.kept = { name: state.kept.name, rules: state.kept.rules };
  leaveOpened();
  writeUrlSoon();
}

// ---- the board form ---------------------------------------------------------------------------
const ui = {};

function renderForm() {
  const form = state.form;
  const container = ui.form;
  container.replaceChildren();
  const rerender = () => { renderForm(); boardEdited(); };

  // Players, the first player, the day, tiebreakers.
  const players = h("fieldset", { class: "ar-sb-group" }, h("legend", { text: say("players") }));
  const row = h("div", { class: "ar-sb-row" });
  form.players.forEach((player, index) => {
    const input = h("input", { type: "text", value: player, required: true, autocomplete: "off",
      onchange: (event) => {
        const name = event.target.value.trim() || `Player${index + 1}`;
        if (form.players.includes(name) && form.players[index] !== name) { event.target.value = form.players[index]; return; }
        const old = form.players[index];
        form.players[index] = name;
        if (form.first_player === old) form.first_player = name;
        if (form.action.expedition && form.action.expedition.startsWith(old + ".")) {
          form.action.expedition = name + form.action.expedition.slice(old.length);
        }
        rerender();
      } });
    row.append(field(say("player", { n: index + 1 }), input));
  });
  row.append(field(capital(term("first-player")), select(form.players.map((p) => [p, p]), form.first_player,
    (value) => { form.first_player = value; boardEdited(); })));
  row.append(field(capital(term("day")), h("input", { type: "number", min: 1, step: 1, inputmode: "numeric", value: form.day ?? "",
    oninput: (event) => { form.day = event.target.value ? Number(event.target.value) : null; boardEdited(); } }), { class: "ar-sb-narrow" }));
  players.append(row);
  const tiebreakers = h("input", { type: "checkbox", checked: form.tiebreakers,
    onchange: (event) => { form.tiebreakers = event.target.checked; rerender(); } });
  tiebreakers.id = nextId("tb");
  players.append(h("div", { class: "ar-sb-check" }, tiebreakers, h("label", { for: tiebreakers.id, text: say("tiebreakers") })));
  container.append(players);

  // The Adventure: regions 0 and 7, and the three Tumult cards.
  if (!form.tiebreakers) {
    const adventure = h("fieldset", { class: "ar-sb-group" }, h("legend", { text: say("adventure") }));
    adventure.append(h("p", { class: "ar-sb-fixed", text: say("fixed_region", { n: 0, name: term("hero-region") }) }));
    form.tumults.forEach((tumult, index) => {
      const first = 2 * index + 1;
      const card = h("fieldset", { class: "ar-sb-tumult" }, h("legend", { text: say("tumult", { first, second: first + 1 }) }));
      card.append(select([["unknown", say("face_unknown")], ["down", say("face_down")], ["up", say("face_up")]], tumult.face,
        (value) => { tumult.face = value; rerender(); }, { "aria-label": say("tumult", { first, second: first + 1 }) }));
      if (tumult.face !== "unknown") {
        tumult.types.forEach((types, half) => {
          const region = first + half;
          const group = h("div", { class: "ar-sb-types", role: "group", "aria-label": say("region_types", { n: region }) },
            h("span", { class: "ar-sb-types__label", text: say("region_n", { n: region }) }));
          for (const type of STATISTICS) {
            const box = h("input", { type: "checkbox", checked: types.includes(type), onchange: (event) => {
              const list = tumult.types[half];
              if (event.target.checked && !list.includes(type)) list.push(type);
              if (!event.target.checked) tumult.types[half] = list.filter((t) => t !== type);
              boardEdited();
            } });
            box.id = nextId("rt");
            group.append(h("span", { class: "ar-sb-check" }, box, h("label", { for: box.id, text: term(type) })));
          }
          card.append(group);
        });
      }
      adventure.append(card);
    });
    adventure.append(h("p", { class: "ar-sb-fixed", text: say("fixed_region", { n: 7, name: term("companion-region") }) }));
    container.append(adventure);
  }

  // Each player's expeditions and their characters.
  form.players.forEach((player, index) => {
    for (const kind of KINDS) container.append(expeditionForm(form, index, player, kind, rerender));
  });

  // What happens.
  const actions = [["dusk", capital(term("dusk"))], ["check_victory", say("check_victory")]];
  for (const player of form.players) {
    for (const kind of KINDS) {
      actions.push([`move_forward:${player}.${kind}`, say("moves_forward", { expedition: expeditionName(player, kind) })]);
      actions.push([`move_backward:${player}.${kind}`, say("moves_backward", { expedition: expeditionName(player, kind) })]);
    }
  }
  const current = form.action.expedition ? `${form.action.kind}:${form.action.expedition}` : form.action.kind;
  const action = select(actions, current, (value) => {
    const [kind, expedition] = value.split(":");
    form.action = { kind, expedition: expedition || null };
    boardEdited();
  }, { name: "action" });
  const run = h("button", { type: "button", class: "md-button md-button--primary ar-sb-run", text: say("run"), onclick: () => runBoard() });
  container.append(h("div", { class: "ar-sb-group ar-sb-actions" }, field(say("what_happens"), action), run));
}

function expeditionForm(form, index, player, kind, rerender) {
  const expedition = form.sides[index][kind];
  const box = h("fieldset", { class: "ar-sb-group ar-sb-expedition" }, h("legend", { text: expeditionName(player, kind) }));
  if (!form.tiebreakers) {
    const regions = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => [String(n), say("region_n", { n })]);
    box.append(field(capital(term("region")), select(regions, String(expedition.region),
      (value) => { expedition.region = Number(value); boardEdited(); }, { "data-expedition": `${player}.${kind}` }), { class: "ar-sb-narrow" }));
  }
  const list = h("div", { class: "ar-sb-characters" });
  expedition.characters.forEach((c, n) => list.append(characterForm(expedition, c, n, rerender)));
  box.append(list);
  box.append(h("button", { type: "button", class: "ar-sb-add", text: say("add_character"), "data-add": `${player}.${kind}`, onclick: () => {
    expedition.characters.push(character("", [0, 0, 0]));
    rerender();
    const names = box.ownerDocument.querySelectorAll(`[data-add="${player}.${kind}"]`);
    const inputs = names.length ? names[0].closest("fieldset").querySelectorAll("input.ar-sb-name") : [];
    if (inputs.length) inputs[inputs.length - 1].focus();
  } }));
  return box;
}

function characterForm(expedition, c, n, rerender) {
  const card = h("div", { class: "ar-sb-character", role: "group", "aria-label": say("character_n", { n: n + 1 }) });
  // The card's name: the cards of the index are offered as it is typed (in any language, or its
  // code); one named exactly fills the statistics and sub-types, and says its type, faction and costs.
  const info = h("p", { class: "ar-sb-card-info", "aria-live": "polite" });
  const nameInput = h("input", { type: "text", class: "ar-sb-name", value: c.name, autocomplete: "off",
    list: DATA.cards ? ui.cardList.id : null, placeholder: say("character_n", { n: n + 1 }),
    onfocus: () => { cardIndex.load().catch(() => {}); },
    oninput: (event) => { c.name = event.target.value; c.card = null; boardEdited(); offerCards(c, nameInput, info, statInputs, subtypeInput); } });
  card.append(field(say("name"), nameInput, { class: "ar-sb-wide" }));
  const statInputs = STATISTICS.map((statistic, s) => {
    const input = h("input", { type: "number", step: 1, inputmode: "numeric", value: (c.stats || [0, 0, 0])[s],
      class: "ar-sb-stat", "data-statistic": statistic, oninput: (event) => {
        c.stats = c.stats || [0, 0, 0];
        c.stats[s] = Number(event.target.value) || 0;
        boardEdited();
      } });
    card.append(field(capital(term(statistic)), input, { class: "ar-sb-narrow" }));
    return input;
  });
  const subtypeInput = h("input", { type: "text", value: c.subtypes.map(subtypeName).join(", "), class: "ar-sb-subtypes",
    list: ui.subtypeList.id, autocomplete: "off", oninput: (event) => {
      c.subtypes = event.target.value.split(",").map((s) => s.trim()).filter(Boolean);
      boardEdited();
    } });
  card.append(field(capital(term("sub-type")), subtypeInput, { class: "ar-sb-wide", hint: say("subtypes_hint") }));
  card.append(info);
  if (c.card) showCard(info, c.card);
  // A box for each keyword the engine models (engine.Keyword, in the page's data), then the rest.
  for (const keyword of DATA.keywords) {
    const box = h("input", { type: "checkbox", checked: c.keywords.includes(keyword), onchange: (event) => {
      c.keywords = DATA.keywords.filter((k) => (k === keyword ? event.target.checked : c.keywords.includes(k)));
      boardEdited();
    } });
    box.id = nextId("c");
    card.append(h("span", { class: "ar-sb-check" }, box, h("label", { for: box.id, text: capital(term(keyword)) })));
  }
  for (const [key, label] of [["token", capital(term("token"))], ["exhausted", say("exhausted")]]) {
    const box = h("input", { type: "checkbox", checked: c[key], onchange: (event) => { c[key] = event.target.checked; boardEdited(); } });
    box.id = nextId("c");
    card.append(h("span", { class: "ar-sb-check" }, box, h("label", { for: box.id, text: label })));
  }
  card.append(h("button", { type: "button", class: "ar-sb-remove", text: say("remove"),
    "aria-label": `${say("remove")}: ${c.name || say("character_n", { n: n + 1 })}`,
    onclick: () => { expedition.characters.splice(n, 1); rerender(); } }));
  return card;
}

// What is typed in a Character's name: the index's cards that hold it, in the shared list the
// field offers; a card named exactly (or by its code) is taken, or, when several printings of the
// name differ, the judge picks one.
async function offerCards(c, input, info, statInputs, subtypeInput) {
  const typed = input.value;
  let index;
  try {
    index = await cardIndex.load();
  } catch (error) {
    info.replaceChildren(say("cards_unavailable", { error: error.message }));
    return;
  }
  if (input.value !== typed) return;   // typed on meanwhile: the newer input answers
  const found = index.matching(typed, onBoard);
  const several = new Map();
  for (const entry of found) several.set(fold(entry.name), (several.get(fold(entry.name)) || 0) + 1);
  const key = fold(typed);
  ui.cardList.replaceChildren(...found.map((entry) => {
    // The name as typed when it is another language's (the list shows only what holds the text).
    const typedName = entry.names.find((name) => name && fold(name).includes(key) && name !== entry.name);
    return h("option", {
      // A name several printings share is offered by each code (the field then shows the name).
      value: several.get(fold(entry.name)) > 1 && entry.code ? entry.code : entry.name,
      label: `${typedName ? `${typedName} — ` : ""}${entry.name} · ${cardSummary(entry)}` });
  }));
  const named = index.named(typed, onBoard);
  const distinct = [...new Map(named.map((e) => [JSON.stringify([e.stats, e.subtypes]), e])).values()];
  if (distinct.length === 1) {
    takeCard(c, named[0], input, info, statInputs, subtypeInput);
  } else if (distinct.length > 1) {
    info.replaceChildren(say("several_cards"), " ", ...named.map((entry) => h("button", { type: "button", class: "ar-sb-pick",
      "data-code": entry.code, text: cardSummary(entry),
      onclick: () => takeCard(c, entry, input, info, statInputs, subtypeInput) })));
  } else {
    info.replaceChildren();
  }
}

function takeCard(c, entry, input, info, statInputs, subtypeInput) {
  if (entry.code && fold(input.value) === fold(entry.code)) input.value = entry.name;   // a code typed: its name
  c.name = input.value;
  if (entry.stats) {
    c.stats = [...entry.stats];
    statInputs.forEach((box, s) => { box.value = c.stats[s]; });
  }
  // The sub-types the engine knows (a card's other ones the scenario format would refuse).
  c.subtypes = entry.subtypes.map((subtype) => SUBTYPE_WORDS.get(String(subtype).toLowerCase())).filter(Boolean);
  subtypeInput.value = c.subtypes.map(subtypeName).join(", ");
  c.card = entry;
  showCard(info, entry);
  boardEdited();
}

function showCard(info, entry) {
  info.replaceChildren(h("span", { class: "ar-sb-card-summary", text: cardSummary(entry) }));
}

// ---- running a board ----------------------------------------------------------------------------
async function runBoard() {
  const request = state.boardView === "scenario" ? { yaml: ui.scenario.value } : { data: boardData(state.form) };
  request.language = pageLanguage();
  if (state.boardView === "scenario") {
    state.scenarioText = ui.scenario.value;
  }
  ui.boardResult.replaceChildren(waiting());
  try {
    if (state.boardView === "scenario") {
      const read = await engine.call("data", { yaml: ui.scenario.value });
      if (read.data !== null && read.data !== undefined) state.scenarioData = read.data;
    }
    writeUrl();
    const answer = await engine.call("run", request);
    showAnswer(ui.boardResult, answer);
  } catch (error) {
    ui.boardResult.replaceChildren(failed(error));
  }
}

// While the engine runs (or loads): what the judge waits for, and a button that stops it. The
// engine runs in a worker, so the page answers the click at once; the worker is then replaced.
function waiting() {
  return h("p", { class: "ar-sb-wait" }, h("span", { text: say("running") }), " ",
    h("button", { type: "button", class: "md-button ar-sb-cancel", text: say("cancel"), onclick: () => engine.restart() }));
}

function failed(error) {
  if (error.cancelled) return h("p", { class: "ar-sb-note ar-sb-cancelled", role: "status", text: say("cancelled") });
  return h("p", { class: "ar-sb-error", text: say("load_failed", { error: error.message }) });
}

// "Scenario 2: <name>": the name as its author wrote it, marked English where it is a rule page's
// scenario (the glossary's scenarios are written in English), so screen readers say it right.
function scenarioTitle(index, name) {
  const [before, after] = say("scenario_n", { n: index + 1, name: "\u0000" }).split("\u0000");
  const lang = state.glossaryNames.has(name) && pageLanguage() !== "en" ? "en" : null;
  return h("h3", {}, before, h("span", { class: "ar-sb-scenario-name", lang, text: name }), after ?? "");
}

// A result is focused for screen readers and shown from its heading, below the sticky header
// (.ar-sb-result's scroll-margin-top): focus alone scrolls a tall result to wherever the browser
// finds it "visible", and on a phone its heading once ended above the screen.
function showResult(container) {
  container.focus({ preventScroll: true });
  container.scrollIntoView({ block: "start" });
}

function showAnswer(container, answer) {
  container.replaceChildren();
  container.append(h("h2", { text: say("outcome") }));
  if (answer.error) {
    container.append(errorBlock(answer.error));
    showResult(container);
    return;
  }
  const several = answer.scenarios.length > 1;
  answer.scenarios.forEach((scenario, index) => {
    const part = h("section", { class: "ar-sb-scenario" });
    if (several) part.append(scenarioTitle(index, scenario.name));
    if (scenario.deck) part.append(deckOutcome(scenario.deck));
    else if (scenario.board) part.append(boardOutcome(scenario));
    if (!scenario.explored || scenario.error) part.append(expectedBlock(scenario));
    if (scenario.trace.length) {
      part.append(h("p", { class: "ar-sb-what", text: say("trace") }), traceList(scenario.trace));
    }
    container.append(part);
  });
  showResult(container);
}

function errorBlock(error) {
  const where = error.line ? `${say("at_line", { line: error.line })}: ` : "";
  return h("div", { class: "ar-sb-error", role: "alert" }, h("p", { text: say("cannot_run") }), h("p", {}, h("code", { text: where + error.message })));
}

function expectedBlock(scenario) {
  if (scenario.error) return errorBlock(scenario.error);
  const box = h("div", { class: "ar-sb-expected", "data-status": scenario.status },
    h("p", { class: "ar-sb-what", text: say("expected") }));
  if (scenario.status === "passed") {
    box.append(h("p", { class: "ar-sb-pass", text: `✓ ${say("expected_met")}` }));
  } else {
    box.append(h("p", { class: "ar-sb-fail", text: `✗ ${say("expected_not_met")}` }));
    box.append(h("ul", {}, scenario.differences.map((d) => h("li", {}, h("code", {
      text: say("difference", { path: d.path, expected: d.expected, actual: d.actual }) + (d.line ? ` (${say("at_line", { line: d.line })})` : ""),
    })))));
  }
  return box;
}

function boardOutcome(scenario) {
  const board = scenario.board;
  const box = h("div", { class: "ar-sb-board" });
  let headline;
  // Already in the Arena before: tiebreakers go on; otherwise the game has just gone to tiebreakers.
  const alreadyInArena = board.expeditions.every((e) => e.before === "arena");
  if (board.winner && board.winner.length) headline = say("winner", { names: board.winner.join(", ") });
  else if (board.tiebreakers && !alreadyInArena) headline = say("goes_to_tiebreakers");
  else if (board.winner) headline = say("no_winner");
  if (headline) box.append(h("p", { class: "ar-sb-headline", text: headline }));
  if (board.readings) box.append(readingsBlock(board.readings));
  if (board.tiebreakers && board.statistics && Object.values(board.statistics).every(Boolean)) {
    const totals = board.players.map((p) => `${p} ${board.statistics[p]}`).join(", ");
    box.append(h("p", { text: say("in_tiebreakers", { totals }) }));
  }
  const head = h("tr", {}, [say("expedition"), capital(term("region")), capital(term("statistics")), say("moved")].map((t) => h("th", { scope: "col", text: t })));
  const rows = board.expeditions.map((e) => {
    let moved = "—";
    if (e.moved_forward) {
      const due = (e.moved_forward_due_to || []).map(term).join(", ");
      moved = `✓ ${due ? say("due_to", { statistics: due }) : ""}`.trim();
    } else if (e.failed_to_move_forward) moved = say("failed_to_move");
    else if (e.moved_forward === false && scenarioRanDusk(scenario)) moved = say("stayed");
    // "3 → 4": where the expedition was and where it is (the Arena by its name).
    const region = (value) => (value === null || value === undefined ? "—" : value === "arena" ? term("arena") : String(value));
    const moves = e.after !== e.before && e.after !== null && e.after !== undefined;
    return h("tr", { "data-expedition": `${e.player}.${e.kind}` },
      h("th", { scope: "row", text: expeditionName(e.player, e.kind) }),
      h("td", { "data-cell": "region", "data-before": region(e.before), "data-after": region(e.after) },
        region(e.before), moves ? " → " : null, moves ? h("strong", { text: region(e.after) }) : null),
      h("td", { text: e.statistics || e.statistics_before || "—" }),
      h("td", { "data-cell": "moved", text: moved }));
  });
  box.append(h("div", { class: "md-typeset__scrollwrap" }, h("div", { class: "md-typeset__table" },
    h("table", { class: "ar-sb-table" }, h("thead", {}, head), h("tbody", {}, rows)))));
  if (board.error && !scenario.error) box.append(h("p", { class: "ar-sb-note", text: say("board_unknown", { message: board.error }) }));
  return box;
}

// Where the sources leave a question open: the engine ran every reading they allow. When the
// readings agree it says the question did not matter; otherwise each reading and its outcome.
function readingsBlock(readings) {
  const questions = readings.questions.join("; ");
  const box = h("div", { class: "ar-sb-readings", "data-decided": String(readings.decided) });
  if (readings.decided) {
    box.append(h("p", { class: "ar-sb-note", text: say("readings_agree", { questions }) }));
    return box;
  }
  box.append(h("p", { class: "ar-sb-headline", text: say("readings_differ", { questions }) }));
  box.append(h("ul", {}, readings.outcomes.map((outcome) => h("li", { "data-reading": outcome.reading },
    h("strong", { text: outcome.reading }), ": ",
    outcome.values.map((v) => (v.path === "winner" ? say("reading_winner", { names: v.value }) : `${v.path} ${v.value}`)).join("; ")))));
  return box;
}

// The engine says what it does as messages (an id and its parameters), rendered in the page's
// language by the runtime: the page reads the message, never the sentence.
function pageLanguage() {
  return document.documentElement.lang || "en";
}

function scenarioRanDusk(scenario) {
  // "When: Dusk": a phase of the scenario's `when:` (when.phase, its term the phase's word).
  const phase = (line) => {
    const action = line.message && line.message.id === "scenario.when" ? line.message.params.action.value : null;
    return action && action.id === "when.phase" ? action.params.phase.value : null;
  };
  return scenario.trace.some((line) => line.depth === 0 && phase(line) === "dusk");
}

// The trace, TRACE_PAGE lines at a time: a button under the list draws the next ones, so that a
// trace of tens of thousands of lines never makes the page draw them all at once.
function traceList(lines) {
  const list = h("ul", { class: "ar-trace", lang: pageLanguage() });
  const more = h("button", { type: "button", class: "ar-sb-more" });
  let shown = 0;
  const next = () => {
    const end = Math.min(lines.length, shown + TRACE_PAGE);
    list.append(...lines.slice(shown, end).map(traceLine));
    shown = end;
    more.hidden = shown >= lines.length;
    const left = lines.length - shown;
    more.textContent = say("trace_more", { count: Math.min(TRACE_PAGE, left).toLocaleString(document.documentElement.lang || undefined),
      left: left.toLocaleString(document.documentElement.lang || undefined) });
  };
  more.addEventListener("click", next);
  next();
  return h("div", { class: "ar-sb-trace" }, list, more);
}

// A trace line as the rule pages show it: rule numbers in the sentence are links, and the
// rules and rulings it cites besides follow in parentheses.
function traceLine(line) {
  const item = h("li", { style: `--ar-depth:${line.depth}` });
  item.append(...linked(line.text));
  const extra = [];
  for (const rule of line.rules) if (!line.text.includes(rule)) extra.push(ruleLink(rule));
  for (const ruling of line.rulings) {
    const href = DATA.links[`ruling:${ruling}`];
    if (href) extra.push(h("a", { href, text: DATA.rulings[ruling] ?? `${say("ruling")} ${ruling}` }));
  }
  if (extra.length) {
    const span = h("span", { class: "ar-trace__rules" }, " (");
    extra.forEach((node, i) => { if (i) span.append(", "); span.append(node); });
    span.append(")");
    item.append(span);
  }
  return item;
}

// A rule as a release had it ("4.3.b@2026.1", its text there, read "4.3.b (2026.1)") or as it is
// now: the links and the words the rule pages give them (site_assets/sandbox.py's rule_links).
function ruleLink(rule) {
  const href = DATA.links[rule];
  const pinned = DATA.pinned[rule];
  if (pinned) return h("a", { class: "ar-ref ar-ref--pinned", href, text: pinned });
  return href ? h("a", { class: "ar-ref", href, text: rule }) : document.createTextNode(rule);
}

// The rule numbers of a text as links (RULE is render.ANY_REFERENCE: a pinned number is
// groups 1 and 2, one as it is now group 3).
function linked(text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(RULE)) {
    const rule = match[1] ? `${match[1]}@${match[2]}` : match[3];
    if (!DATA.links[rule]) continue;
    parts.push(document.createTextNode(text.slice(last, match.index)), ruleLink(rule));
    last = match.index + match[0].length;
  }
  parts.push(document.createTextNode(text.slice(last)));
  return parts;
}

// ---- the scenario tab ---------------------------------------------------------------------------
async function showBoardView(view, why) {
  state.boardView = view;
  ui.formTab.setAttribute("aria-selected", String(view === "form"));
  ui.scenarioTab.setAttribute("aria-selected", String(view === "scenario"));
  ui.form.hidden = view !== "form";
  ui.scenarioPane.hidden = view !== "scenario";
  ui.notForm.hidden = !why;
  if (why) ui.notForm.textContent = say("not_form", { why });
  writeUrlSoon();
}

async function toScenario() {
  const data = boardData(state.form);
  state.scenarioData = data;
  const json = ui.scenario.value = JSON.stringify(data, null, 2);
  showBoardView("scenario");
  try {
    const answer = await engine.call("yaml", { data });
    // The same board as YAML, unless the judge typed meanwhile (the engine may still have been
    // loading) or is in the text: a new value would drop their caret or selection, and a paste over
    // "select all" would land after the old text. The JSON runs the same: it is YAML too.
    if (state.scenarioData === data && ui.scenario.value === json && document.activeElement !== ui.scenario) {
      ui.scenario.value = answer.yaml;
    }
  } catch (error) { /* the JSON stays: it is YAML too */ }
}

async function toForm() {
  let data = state.scenarioData;
  try {
    const read = await engine.call("data", { yaml: ui.scenario.value });
    if (read.error) { showBoardView("scenario", read.error.message); return; }
    data = read.data;
    const view = await engine.call("form", { data });
    if (!view.form) { showBoardView("scenario", view.why); return; }
    openForm(view.form);
  } catch (error) {
    showBoardView("scenario", error.message);
  }
}

function openForm(view) {
  state.form = fromFormView(view);
  state.kept = { name: view.name, rules: view.rules, then: view.then, note: view.note };
  renderForm();
  showBoardView("form");
}

// ---- the deck checker -----------------------------------------------------------------------------
const FACTION_WORDS = new Map(DATA.factions.map((f) => [f.toLowerCase(), f]));
const TYPE_WORDS = new Map();
for (const type of CARD_TYPES) { TYPE_WORDS.set(type, type); TYPE_WORDS.set(term(type).toLowerCase(), type); }
const RARITY_WORDS = new Map();
for (const rarity of RARITIES) { RARITY_WORDS.set(rarity, rarity); RARITY_WORDS.set(rarityName(rarity).toLowerCase(), rarity); }
const NEUTRAL_WORDS = new Set(["neutral", say("neutral").toLowerCase()]);

// "3 Kelon Elemental, Axiom, rare": the count, the name, then the type, faction and rarity in any order.
function readList(text) {
  const cards = [];
  const errors = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const counted = /^(\d+)\s*[x×]?\s+(.+)$/i.exec(line);
    const count = counted ? Number(counted[1]) : 1;
    const [name, ...words] = (counted ? counted[2] : line).split(",").map((part) => part.trim());
    if (!name) { errors.push(say("list_line", { line: index + 1, message: say("no_name") })); return; }
    const card = { count, name, type: "character", faction: "", rarity: "" };
    for (const word of words.filter(Boolean)) {
      const key = word.toLowerCase();
      if (TYPE_WORDS.has(key)) card.type = TYPE_WORDS.get(key);
      else if (FACTION_WORDS.has(key)) card.faction = FACTION_WORDS.get(key);
      else if (RARITY_WORDS.has(key)) card.rarity = RARITY_WORDS.get(key);
      else if (NEUTRAL_WORDS.has(key)) card.faction = "";
      else errors.push(say("list_line", { line: index + 1, message: say("unknown_word", { word }) }));
    }
    cards.push(card);
  });
  return { cards, errors };
}

function deckData() {
  const deck = state.deck.cards.map((card) => {
    const written = { name: card.name.trim() };
    if (card.type !== "character") written.type = card.type;
    if (card.faction) written.faction = card.faction;
    if (card.rarity) written.rarity = card.rarity;
    if (Number(card.count) !== 1) written.count = Number(card.count);
    return written;
  });
  const data = { name: (state.deckKept && state.deckKept.name) || say("default_deck_name") };
  if (state.deckKept && state.deckKept.rules) data.rules = state.deckKept.rules;
  data.given = { format: state.deck.format, deck };
  data.when = "check_deck";
  if (state.deckKept && state.deckKept.then) data.then = state.deckKept.then;
  return data;
}

function deckEdited() {
  state.deckTouched = true;
  if (state.deckKept) state.deckKept = { name: state.deckKept.name, rules: state.deckKept.rules };
  leaveOpened();
  writeUrlSoon();
}

// A deck scenario's list as the checker's rows; null if it holds more than the rows show.
function deckFromData(data) {
  const scenario = Array.isArray(data) ? (data.length === 1 ? data[0] : null) : data;
  const given = scenario && scenario.given;
  if (!given || !Array.isArray(given.deck) || !DATA.formats.includes(given.format)) return null;
  const cards = [];
  for (const item of given.deck) {
    if (!item || typeof item !== "object" || Object.keys(item).some((k) => !["name", "type", "faction", "rarity", "count"].includes(k))) return null;
    cards.push({ count: item.count ?? 1, name: String(item.name ?? ""), type: item.type || "character", faction: item.faction || "", rarity: item.rarity || "" });
  }
  state.deckKept = { name: scenario.name, rules: scenario.rules, then: scenario.then };
  return { format: given.format, cards };
}

function renderDeck() {
  const deck = state.deck;
  const container = ui.deckForm;
  container.replaceChildren();
  const rerender = () => { renderDeck(); deckEdited(); };
  const formats = DATA.formats.map((f) => [f, say(`format_${f}`)]);
  container.append(h("div", { class: "ar-sb-group" }, field(say("format"),
    select(formats, deck.format, (value) => { deck.format = value; deckEdited(); }, { name: "format" }))));
  const cards = h("fieldset", { class: "ar-sb-group" }, h("legend", { text: say("cards") }));
  deck.cards.forEach((card, n) => {
    const row = h("div", { class: "ar-sb-card", role: "group", "aria-label": say("card_n", { n: n + 1 }) });
    row.append(field(say("count"), h("input", { type: "number", min: 1, step: 1, inputmode: "numeric", value: card.count, class: "ar-sb-count",
      oninput: (event) => { card.count = Number(event.target.value) || 1; deckEdited(); } }), { class: "ar-sb-narrow" }));
    row.append(field(say("name"), h("input", { type: "text", value: card.name, autocomplete: "off", class: "ar-sb-name",
      oninput: (event) => { card.name = event.target.value; deckEdited(); } }), { class: "ar-sb-wide" }));
    row.append(field(say("type"), select(CARD_TYPES.map((t) => [t, capital(term(t))]), card.type,
      (value) => { card.type = value; deckEdited(); })));
    row.append(field(say("faction"), select([["", say("neutral")], ...DATA.factions.map((f) => [f, f])], card.faction,
      (value) => { card.faction = value; deckEdited(); })));
    row.append(field(say("rarity"), select([["", say("no_rarity")], ...RARITIES.map((r) => [r, rarityName(r)])], card.rarity,
      (value) => { card.rarity = value; deckEdited(); })));
    row.append(h("button", { type: "button", class: "ar-sb-remove", text: say("remove"),
      "aria-label": `${say("remove")}: ${card.name || say("card_n", { n: n + 1 })}`,
      onclick: () => { deck.cards.splice(n, 1); rerender(); } }));
    cards.append(row);
  });
  cards.append(h("button", { type: "button", class: "ar-sb-add", text: say("add_card"), onclick: () => {
    deck.cards.push({ count: 1, name: "", type: "character", faction: deck.cards[0] ? deck.cards[0].faction : "", rarity: "common" });
    rerender();
    const names = container.querySelectorAll("input.ar-sb-name");
    if (names.length) names[names.length - 1].focus();
  } }));
  container.append(cards);
}

async function checkDeck() {
  ui.deckResult.replaceChildren(waiting());
  state.deckTouched = true;
  writeUrl();
  try {
    showAnswer(ui.deckResult, await engine.call("run", { data: deckData(), language: pageLanguage() }));
  } catch (error) {
    ui.deckResult.replaceChildren(failed(error));
  }
}

// A pasted decklist, checked by the engine against the card pool (decklist.py, deck check's code).
async function checkDecklist() {
  ui.deckResult.replaceChildren(waiting());
  try {
    await cardIndex.toEngine();
    const answer = await engine.call("decklist", { text: ui.decklist.value, format: state.deck.format, language: pageLanguage() });
    ui.deckResult.replaceChildren(h("h2", { text: say("outcome") }));
    ui.deckResult.append(answer.error ? errorBlock(answer.error) : decklistOutcome(answer));
    showResult(ui.deckResult);
  } catch (error) {
    ui.deckResult.replaceChildren(failed(error));
  }
}

// A card of the pool as the deck check read it: its name in the page's language, code, type, faction, rarity.
function readCard(card) {
  const named = card.names[pageLanguage()] || card.name;
  const rarity = card.rarity ? rarityName(card.rarity) : ["hero", "token"].includes(card.type) ? null : card.rarity_code.toLowerCase();
  return [named, card.code, capital(term(card.type)), card.faction || say("neutral"), rarity].filter(Boolean).join(" · ");
}

function decklistOutcome(deck) {
  const format = say(`format_${deck.format}`);
  const box = h("div", { class: "ar-sb-deck ar-sb-decklist-result", "data-legal": String(deck.legal) });
  let headline;
  if (deck.legal === true) headline = `✓ ${say("legal", { format })}`;
  else if (deck.legal === false && deck.violations.length) headline = `✗ ${say("not_legal", { format, count: deck.violations.length })}`;
  else if (deck.legal === false) headline = `✗ ${say("not_legal_suspended", { format })}`;
  else headline = `? ${say("no_verdict", { format })}`;
  box.append(h("p", { class: "ar-sb-headline", text: headline }));
  box.append(h("p", { text: say("decklist_read", { count: deck.cards, lines: deck.read.length, unread: deck.unread.length }) }));
  if (deck.unread.length) {
    // Every line not read, with why: never skipped in silence.
    box.append(h("p", { class: "ar-sb-what", text: say("unread_lines", { count: deck.unread.length }) }),
      h("ul", { class: "ar-sb-unread" }, deck.unread.map((u) => h("li", { "data-line": u.line },
        say("list_line", { line: u.line, message: "" }), h("code", { text: u.text.trim() }), " — ",
        DATA.strings[`unread_${u.code}`] ? say(`unread_${u.code}`, u.params) : u.why))));
  }
  if (deck.violations.length) {
    box.append(h("ul", { class: "ar-sb-violations" }, deck.violations.map((v) => h("li", { "data-rule": v.rule },
      ruleLink(v.rule), " ", DATA.deck_rules[v.rule] ? linked(DATA.deck_rules[v.rule]) : v.requires,
      v.why ? h("span", { class: "ar-sb-why" }, h("br"), say("engine_says", { why: v.why })) : null))));
  }
  for (const card of deck.suspended) {
    box.append(h("p", { class: "ar-sb-suspended", "data-line": card.line, text: say("list_line", { line: card.line,
      message: say(deck.suspension_applies ? "suspended_applies" : "suspended_flagged", { card: readCard(card), format }) }) }));
  }
  for (const card of deck.unranked) {
    box.append(h("p", { class: "ar-sb-note", "data-line": card.line, text: say("list_line", { line: card.line,
      message: say("unranked", { card: readCard(card), rarity: card.rarity_code.toLowerCase() }) }) }));
  }
  if (deck.read.length) {
    box.append(h("p", { class: "ar-sb-what", text: say("read_lines") }),
      h("ul", { class: "ar-sb-read" }, deck.read.map((card) => h("li", { "data-line": card.line, "data-code": card.code },
        `${card.count} × ${readCard(card)}`, card.read_off_code ? ` (${say("read_off_code")})` : ""))));
  }
  if (deck.trace.length) box.append(h("p", { class: "ar-sb-what", text: say("trace") }), traceList(deck.trace));
  return box;
}

function deckOutcome(deck) {
  const format = say(`format_${deck.format}`);
  const box = h("div", { class: "ar-sb-deck", "data-legal": String(deck.legal) });
  box.append(h("p", { class: "ar-sb-headline", text: deck.legal ? `✓ ${say("legal", { format })}` : `✗ ${say("not_legal", { format, count: deck.violations.length })}` }));
  box.append(h("p", { text: say("counted", { count: deck.cards }) }));
  if (deck.violations.length) {
    box.append(h("ul", { class: "ar-sb-violations" }, deck.violations.map((v) => h("li", { "data-rule": v.rule },
      ruleLink(v.rule), " ", DATA.deck_rules[v.rule] ? linked(DATA.deck_rules[v.rule]) : v.requires,
      v.why ? h("span", { class: "ar-sb-why" }, h("br"), say("engine_says", { why: v.why })) : null))));
  }
  return box;
}

// ---- the page ---------------------------------------------------------------------------------------
function tabs(name, entries, onselect) {
  const list = h("div", { class: `ar-sb-tabs ar-sb-tabs--${name}`, role: "tablist" });
  const buttons = entries.map(([key, label]) => h("button", { type: "button", role: "tab", "data-tab": key, text: label,
    onclick: () => onselect(key) }));
  list.append(...buttons);
  return [list, buttons];
}

function showTab(tab) {
  state.tab = tab;
  ui.boardTab.setAttribute("aria-selected", String(tab === "board"));
  ui.deckTab.setAttribute("aria-selected", String(tab === "deck"));
  ui.boardPane.hidden = tab !== "board";
  ui.deckPane.hidden = tab !== "deck";
}

function build(root) {
  ui.subtypeList = h("datalist", { id: nextId("subtypes") }, DATA.subtypes.map((s) => h("option", { value: subtypeName(s) })));
  ui.cardList = h("datalist", { id: nextId("cards") });   // the cards a name field offers (offerCards)
  const total = (DATA.runtime.bytes / 1e6).toFixed(0);
  const [mainTabs, [boardTab, deckTab]] = tabs("main", [["board", say("board")], ["deck", say("deck")]], showTab);
  Object.assign(ui, { boardTab, deckTab });

  // The board: a form, or a scenario's text.
  const [viewTabs, [formTab, scenarioTab]] = tabs("view", [["form", say("form")], ["scenario", say("scenario")]],
    (view) => (view === "scenario" ? toScenario() : toForm()));
  Object.assign(ui, { formTab, scenarioTab });
  ui.notForm = h("p", { class: "ar-sb-note", hidden: true });
  ui.form = h("div", { class: "ar-sb-form" });
  ui.scenario = h("textarea", { rows: 18, spellcheck: "false", autocomplete: "off", class: "ar-sb-yaml",
    oninput: () => { state.scenarioText = ui.scenario.value; leaveOpened(); } });
  ui.scenario.id = nextId("yaml");
  // The scenario's text is in the format's English words (and, opened from a rule page, its author's
  // English `name:`): screen readers of a French or Italian page read it as English, as the rule pages' scenarios.
  if (pageLanguage() !== "en") ui.scenario.setAttribute("lang", "en");
  ui.scenarioPane = h("div", { class: "ar-sb-scenario-pane", hidden: true },
    h("label", { for: ui.scenario.id, text: say("scenario_help") }), ui.scenario,
    h("div", { class: "ar-sb-actions" }, h("button", { type: "button", class: "md-button md-button--primary ar-sb-run", text: say("run"),
      onclick: () => runBoard() })));
  ui.boardResult = h("div", { class: "ar-sb-result", tabindex: "-1", "aria-live": "polite" });
  const share = h("button", { type: "button", class: "ar-sb-share", text: say("share"), onclick: () => {
    // A shared link holds the board itself: an id may name another scenario in a later glossary.
    leaveOpened();
    writeUrl();
    const done = () => { share.textContent = say("link_copied"); setTimeout(() => { share.textContent = say("share"); }, 1500); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(location.href).then(done, () => {});
  } });
  const fresh = h("button", { type: "button", class: "ar-sb-new", text: say("new_board"), onclick: () => {
    state.form = newBoard();
    state.kept = null;
    leaveOpened();
    renderForm();
    showBoardView("form");
    ui.boardResult.replaceChildren();
  } });
  ui.boardPane = h("section", { class: "ar-sb-pane", "aria-label": say("board") }, viewTabs, ui.notForm, ui.form, ui.scenarioPane,
    h("div", { class: "ar-sb-tools" }, share, fresh), ui.boardResult);

  // The deck.
  ui.deckForm = h("div", { class: "ar-sb-deck-form" });
  const paste = ui.paste = h("textarea", { rows: 6, spellcheck: "false", autocomplete: "off", placeholder: "1 Sierra & Oddball, hero, Axiom\n3 Kelon Elemental, Axiom, rare" });
  paste.id = nextId("list");
  const pasteNote = h("p", { class: "ar-sb-note", "aria-live": "polite" });
  const readButton = h("button", { type: "button", class: "ar-sb-add", text: say("read_list"), onclick: () => {
    const { cards, errors } = readList(paste.value);
    if (cards.length) { state.deck.cards = cards; renderDeck(); deckEdited(); }
    pasteNote.replaceChildren(say("list_read", { count: cards.length }), ...errors.map((e) => [h("br"), e]).flat());
  } });
  // With card data, the decklist as people paste it (codes with counts, or names in any of the
  // five languages) is read against the pool by the engine, as `altered-rules deck check` reads it.
  const decklist = ui.decklist = h("textarea", { rows: 8, spellcheck: "false", autocomplete: "off", class: "ar-sb-decklist",
    placeholder: "1 ALT_CORE_B_AX_01_C\n3 ALT_CORE_B_AX_04_C", onfocus: () => { cardIndex.load().catch(() => {}); } });
  decklist.id = nextId("decklist");
  const pasteBox = ui.pasteBox = DATA.pool
    ? h("details", { class: "ar-sb-paste", open: true }, h("summary", { text: say("paste_decklist") }),
      h("label", { for: decklist.id, text: say("decklist_help") }), decklist,
      h("button", { type: "button", class: "md-button md-button--primary ar-sb-check-decklist", text: say("check_decklist"),
        onclick: () => checkDecklist() }),
      h("details", { class: "ar-sb-paste-rows" }, h("summary", { text: say("paste_list") }),
        h("label", { for: paste.id, text: say("paste_help") }), paste, readButton, pasteNote))
    : h("details", { class: "ar-sb-paste" }, h("summary", { text: say("paste_list") }),
      h("label", { for: paste.id, text: say("paste_help") }), paste, readButton, pasteNote);
  ui.deckResult = h("div", { class: "ar-sb-result", tabindex: "-1", "aria-live": "polite" });
  ui.deckPane = h("section", { class: "ar-sb-pane", "aria-label": say("deck"), hidden: true }, pasteBox, ui.deckForm,
    h("div", { class: "ar-sb-actions" }, h("button", { type: "button", class: "md-button md-button--primary ar-sb-check-deck", text: say("check_deck"),
      onclick: () => checkDeck() })), ui.deckResult);

  root.replaceChildren(ui.subtypeList, ui.cardList, h("p", { class: "ar-sb-download", text: say("download_note", { total }) }), ui.status,
    mainTabs, ui.boardPane, ui.deckPane);
}

// ---- what the address opens -----------------------------------------------------------------------
// A board or a scenario: in the form when it can show it, else as a scenario; then run. A deck
// scenario opens in the deck checker.
async function openBoard(board, ready) {
  if (openDeck(board, ready)) {
    showTab("deck");
    return;
  }
  // Until the engine says whether the form can show it, the scenario is shown as it came.
  state.scenarioData = board;
  ui.scenario.value = JSON.stringify(board, null, 2);
  showBoardView("scenario");
  await ready;
  const view = await engine.call("form", { data: board });
  if (view.form) {
    openForm(view.form);
  } else {
    ui.scenario.value = (await engine.call("yaml", { data: board })).yaml;
    showBoardView("scenario", view.why);
  }
  await runBoard();
}

// A deck scenario in the deck checker, checked once the engine is ready; false if the checker cannot show it.
function openDeck(data, ready) {
  const deck = deckFromData(data);
  if (!deck) return false;
  state.deck = deck;
  state.deckFromUrl = true;
  renderDeck();
  ready.then(() => checkDeck()).catch(() => {});
  return true;
}

// ?s= and ?d=: the text each carries, or why it has none (an error with a code).
function linksOf(params) {
  const links = [];
  for (const param of ["s", "d"]) {
    const value = params.get(param);
    if (!value) continue;
    try {
      links.push({ param, text: decode(value), error: null });
    } catch (error) {
      links.push({ param, text: value, error: { code: error.code } });
    }
  }
  return links;
}

// A link that could not be opened: the sandbox says why, in the page's language, and keeps its
// text where the judge can correct it (a board's in the Scenario tab, a deck's under "Paste a list").
function linkFailed(link, others) {
  const why = linkWhy(link.error);
  const alert = (key) => h("div", { class: "ar-sb-error ar-sb-bad-link", role: "alert", "data-link": link.param },
    h("p", { text: say(key, { why }) }));
  if (link.param === "s") {
    state.scenarioData = null;
    state.scenarioText = ui.scenario.value = link.text;
    showBoardView("scenario");
    ui.boardResult.replaceChildren(alert("bad_board_link"));
    showTab("board");
  } else {
    ui.paste.value = link.text;
    ui.pasteBox.open = true;
    ui.deckResult.replaceChildren(alert("bad_deck_link"));
    if (!others.some((other) => other.param === "s" && other.error)) showTab("deck");
  }
}

async function openLinks(links, ready) {
  // The address keeps the links until they are open, or, for one that cannot be, until an edit.
  state.keptQuery = location.search.replace(/^\?/, "");
  const board = links.find((link) => link.param === "s");
  if (board && !board.error) {
    // The text as it came, while the engine loads.
    state.scenarioText = ui.scenario.value = board.text;
    showBoardView("scenario");
  }
  if (links.some((link) => link.param === "d" && !link.error)) {
    ui.deckResult.replaceChildren(h("p", { class: "ar-sb-wait", text: say("starting") }));
  }
  links.filter((link) => link.error).forEach((link) => linkFailed(link, links));
  await ready;
  for (const link of links.filter((item) => !item.error)) {
    const answer = await engine.call("link", { text: link.text });
    link.error = answer.error;
    if (!link.error && link.param === "d" && !openDeck(answer.data, ready)) {
      link.error = { code: "not_deck" };
    }
    if (link.error) {
      linkFailed(link, links);
    } else if (link.param === "s") {
      await openBoard(answer.data, ready);
    }
  }
  if (!links.some((link) => link.error)) {
    state.keptQuery = null;
    writeUrl();
  }
}

// The engine's worker, started by the page's head (sandbox_boot.js), is taken over as soon as this
// script runs (the page loads it `async`); the form is built once the page is parsed.
ui.status = h("div", { class: "ar-sb-status", role: "status", "aria-live": "polite" });
const starting = engine.start(ui.status);

async function init() {
  const root = document.getElementById("ar-sandbox");
  if (!root) return;
  build(root);
  const params = new URLSearchParams(location.search);
  const links = linksOf(params);
  // The engine downloads meanwhile: a rule page's scenario named by its id is read first.
  const ready = starting;
  // The engine's commands, for automation: the project's browser tests compare the sandbox's
  // answers with the command line's on every scenario, in one go.
  window.arSandbox = { get ready() { return engine.ready; }, get timings() { return engine.timings; }, get kept() { return engine.kept; },
    call: (command, request) => engine.call(command, request) };
  const wanted = params.get("s") ? null : params.get("scenario");  // ?s= is the board itself: it wins
  let board = null;
  let missing = null;
  if (wanted !== null) {
    // The address keeps naming it, even one this site lacks: a reload says the same again.
    state.opened = wanted;
    try {
      board = await publishedScenario(wanted);
      if (board === null) missing = say("unknown_scenario", { id: wanted });
      else if (typeof board.name === "string") state.glossaryNames.add(board.name);
    } catch (error) {
      missing = say("scenario_unavailable", { id: wanted, error: error.message });
    }
  }
  state.deck = newDeck();
  state.deckKept = null;
  renderDeck();
  state.form = newBoard();
  renderForm();
  showBoardView("form");
  const deckOnly = links.length === 1 && links[0].param === "d";
  showTab(deckOnly || (board && deckFromData(board)) ? "deck" : "board");
  if (missing) {
    // Never a blank page: the sandbox opens on a new board, and says why it is not the one asked for.
    ui.boardResult.replaceChildren(h("div", { class: "ar-sb-error ar-sb-missing", role: "alert" }, h("p", { text: missing })));
  }
  if (board) openBoard(board, ready).catch(() => {});
  if (links.length) openLinks(links, ready).catch(() => {});
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init, { once: true });
else init();
