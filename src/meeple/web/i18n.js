// Message catalogues from the server (meeple/i18n); the chosen language is remembered.
const KEY = "meeple.lang";
const SUPPORTED = ["en", "vi", "fa"];
let messages = {};
let english = {};
let current = "en";

export function language() { return current; }

export function preferred() {
  const saved = localStorage.getItem(KEY);
  if (SUPPORTED.includes(saved)) return saved;
  const nav = (navigator.language || "en").slice(0, 2);
  return SUPPORTED.includes(nav) ? nav : "en";
}

async function fetchCatalogue(lang) {
  const r = await fetch(`api/i18n/${lang}`);
  if (!r.ok) throw new Error(`cannot load language ${lang}`);
  return r.json();
}

// remember: store the choice for the next visit (a person chose it); the start of a page only reads it, so that a
// choice made meanwhile (another tab, a test) is never overwritten by the language the page started in.
export async function setLanguage(lang, remember = true) {
  if (!SUPPORTED.includes(lang)) lang = "en";
  if (!Object.keys(english).length) english = (await fetchCatalogue("en")).messages;
  const cat = lang === "en" ? { messages: english, dir: "ltr" } : await fetchCatalogue(lang);
  messages = cat.messages;
  current = lang;
  if (remember) localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  document.documentElement.dir = cat.dir;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

// t("game.turn", {name: "Ann"}); a missing key falls back to English, then to the key itself.
export function t(key, params = {}) {
  let text = messages[key] ?? english[key] ?? key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, v);
  return text;
}

// A game term if the catalogue has one (term.<word>), else the word as the game names it.
export function term(word) {
  const key = `term.${word}`;
  return key in messages || key in english ? t(key) : String(word).replaceAll("_", " ");
}


// "white, blue and green" as the language writes a list.
export function list(items) {
  try {
    return new Intl.ListFormat(current, { style: "long", type: "conjunction" }).format(items.map(String));
  } catch {
    return items.join(", ");
  }
}

// One event parameter written out (the forms are listed in meeple/core/events.py).
export function paramText(value, names = []) {
  if (value && typeof value === "object") {
    if ("term" in value) return term(value.term);
    if ("counts" in value) return list(Object.entries(value.counts).map(([k, n]) => `${n} ${term(k)}`)) || "—";
    if ("list" in value) return list(value.list.map((v) => paramText(v, names)));
    if ("seat" in value) return names[value.seat] ?? t("game.seat", { n: value.seat + 1 });
  }
  return String(value);
}

// An event from the server ({kind, seat, params, marks}) as a sentence in the current language.
export function eventText(event, names = []) {
  const params = { ...(event.params || {}) };
  if (event.seat !== null && event.seat !== undefined && !("player" in params)) params.player = { seat: event.seat };
  const key = `event.${event.kind}`;
  let text = messages[key] ?? english[key];
  if (text === undefined) return [event.kind, ...Object.entries(params).map(([k, v]) => `${k}=${paramText(v, names)}`)].join(" ");
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, paramText(v, names));
  return text;
}
