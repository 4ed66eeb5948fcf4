// What happened, in game terms: the game log, the "since your last turn" summary, and the board's highlights of
// what changed. All three read the view's `events` (server/narration.py): one entry per decision, oldest first,
// each {ply, seat, events: [{kind, seat, params, marks}]}, as this seat may know them.
import { h } from "./dom.js";
import { t, eventText } from "./i18n.js";

const SUMMARY_MAX = 40;

// The decisions this viewer has not yet seen made: those since its own last decision; a spectator (or a seat
// that has not decided yet, at the start) is shown the last turn, the run of decisions by the last seat to play.
export function sinceEntries(view) {
  const entries = view.events || [];
  if (view.seat !== null && view.since > 0) {
    // what others did inside my own last decision (the Automa plays its turn within the human's) counts too
    const mine = entries.filter((e) => e.ply < view.since && e.seat === view.seat).pop();
    const others = mine ? mine.events.filter((ev) => ev.seat !== null && ev.seat !== undefined && ev.seat !== view.seat) : [];
    return [...(others.length ? [{ ...mine, events: others }] : []), ...entries.filter((e) => e.ply >= view.since)];
  }
  if (view.seat !== null && entries.some((e) => e.seat === view.seat)) return [];
  if (view.seat !== null) return entries.filter((e) => e.seat !== view.seat);
  const last = entries[entries.length - 1];
  if (!last) return [];
  let i = entries.length - 1;
  while (i > 0 && entries[i - 1].seat === last.seat) i--;
  return entries.slice(i);
}

function sentences(entry, names) {
  return entry.events.map((e) => h("bdi", { class: "event", dataset: { kind: e.kind } }, eventText(e, names)));
}

// The log, newest first; each line numbered by its decision (numbers of any length fit: they are not list markers).
export function logPanel(view, ctx, module) {
  const names = ctx.names;
  const entries = view.events;
  let items;
  if (Array.isArray(entries)) {
    const first = view.moves - entries.length + 1;
    items = entries.map((e, i) => h("li", { dataset: { seat: e.seat ?? "", ply: e.ply }, class: e.ply >= (view.since || 0) && view.since > 0 ? "new" : null },
      h("span", { class: "n", dir: "ltr" }, String(first + i)), h("span", { class: "what" }, sentences(e, names)))).reverse();
  } else {  // a server without narration: the notations, described by the game's view
    const first = view.moves - view.log.length + 1;
    items = view.log.map((e, i) => h("li", { dataset: { seat: e.seat } }, h("span", { class: "n", dir: "ltr" }, String(first + i)),
      h("span", { class: "what" }, h("bdi", { class: "who" }, ctx.seatName(e.seat)), ": ", h("bdi", {}, module.describe(e.action, view))))).reverse();
  }
  return h("section", { class: "panel log", id: "log" }, h("h3", {}, t("game.log"), ` (${view.moves})`), h("ol", { class: "log-list" }, items));
}

// The short summary of what the others did since this seat's last decision.
export function sincePanel(view, ctx, state) {
  const entries = sinceEntries(view);
  if (!entries.length || view.over) return null;
  const events = entries.flatMap((e) => e.events);
  const shown = events.slice(-SUMMARY_MAX);
  const title = view.seat === null ? t("table.lastTurn") : t("table.sinceYourTurn");
  const box = h("details", { class: "panel since", id: "since", open: state.sinceOpen !== false, ontoggle: (e) => { state.sinceOpen = e.target.open; } },
    h("summary", {}, title, ` (${events.length})`),
    h("ul", { class: "since-list" },
      events.length > shown.length ? h("li", { class: "muted" }, t("table.earlier", { n: events.length - shown.length })) : null,
      shown.map((e) => h("li", {}, h("bdi", { class: "event", dataset: { kind: e.kind } }, eventText(e, ctx.names))))));
  return box;
}

// Mark the board's elements that the events since this seat's last decision touched; those touched by decisions
// it has not been shown yet also flash once (CSS; never in the way of a click, and still under reduced motion).
export function highlight(root, view, state) {
  const entries = sinceEntries(view);
  const marks = new Set(entries.flatMap((e) => e.events.flatMap((ev) => ev.marks || [])));
  const fresh = new Set(entries.filter((e) => e.ply >= (state.animatedFrom ?? 0)).flatMap((e) => e.events.flatMap((ev) => ev.marks || [])));
  if (marks.size) {
    for (const el of root.querySelectorAll("[data-mark]")) {
      const own = el.getAttribute("data-mark").split(" ");  // one mark, or several separated by spaces
      if (!own.some((m) => marks.has(m))) continue;
      el.classList.add("changed");
      if (own.some((m) => fresh.has(m))) el.classList.add("flash");
    }
  }
  state.animatedFrom = view.ply;
}
