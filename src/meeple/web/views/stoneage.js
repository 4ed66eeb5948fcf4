// Stone Age's table, drawn as the game looks: the places with their spaces and everyone's figures, the four
// civilisation cards with their slot costs, the building stacks, the dice, and each player's board. Every
// decision is made on the board: click a place (and choose how many), one of your own places to resolve it,
// your tool tiles, the resources of a payment builder or of your board to feed, a die of a dice-for-all roll.
// The list of moves under the board stays as a fallback. Board elements carry `data-mark` (the events' marks,
// docs/rules/stoneage.md "Events") so the page can highlight what changed. Icons are our own SVG.
import { h } from "../dom.js";
import { list, t, term } from "../i18n.js";

const RESOURCE_PLACES = ["hunt", "forest", "clay", "quarry", "river"];
const VILLAGE = ["toolmaker", "hut", "field"];
const PLACES = [...RESOURCE_PLACES, ...VILLAGE];
const PLACE_TERM = { hunt: "hunt", forest: "forest", clay: "clay_pit", quarry: "quarry", river: "river", toolmaker: "toolmaker", hut: "hut", field: "field" };
const PLACE_ICON = { hunt: "food", forest: "wood", clay: "clay", quarry: "stone", river: "gold", toolmaker: "tool", hut: "hut", field: "agriculture" };
const SPACES = { forest: 7, clay: 7, quarry: 7, river: 7, toolmaker: 1, hut: 2, field: 1 };
const RESOURCES = ["wood", "clay", "stone", "gold"];
const LETTER = { wood: "w", clay: "c", stone: "s", gold: "g" };
const OF_LETTER = { w: "wood", c: "clay", s: "stone", g: "gold" };
const DIVISOR = { food: 2, wood: 3, clay: 4, stone: 5, gold: 6 };
const SEAT_COLOURS = ["#c0392b", "#1e5bb8", "#1e8a4a", "#d4a017"];
const SEAT_SHAPES = ["circle", "square", "triangle", "diamond"];  // colour-blind players tell seats apart by shape
const DIE_ITEM = [null, "wood", "clay", "stone", "gold", "tool", "agriculture"];
const SHARERS = { 2: 1, 3: 2, 4: 4 };  // §4.3: seats that may share one resource place

// ------------------------------------------------------------------ icons (our own drawings)

const ICONS = {
  food: '<path d="M5 14c0-5 5-9 10-8 3 1 4 4 3 7-1 4-6 6-10 5l-3 3-2-2 3-3c-1 0-1-1-1-2z" fill="#b5542d"/><circle cx="13" cy="10" r="2" fill="#e8a07a"/>',
  wood: '<rect x="3" y="7" width="18" height="10" rx="5" fill="#8b5a2b"/><ellipse cx="18" cy="12" rx="3" ry="5" fill="#d9a566"/><ellipse cx="18" cy="12" rx="1.2" ry="2.2" fill="#8b5a2b"/>',
  clay: '<path d="M3 9l9-4 9 4v7l-9 4-9-4z" fill="#c0603a"/><path d="M3 9l9 4 9-4M12 13v7" stroke="#7c3317" stroke-width="1.2" fill="none"/>',
  stone: '<path d="M4 16l2-8 6-3 7 3 2 7-5 4H8z" fill="#8d959c"/><path d="M6 8l6 3 7-3M12 11l-1 8" stroke="#5b6268" stroke-width="1.1" fill="none"/>',
  gold: '<path d="M3 15l4-8h10l4 8-9 5z" fill="#e0b21a"/><path d="M7 7l5 4 5-4M12 11v9" stroke="#9a7406" stroke-width="1.1" fill="none"/>',
  tool: '<path d="M6 20l8-8" stroke="#7a4e22" stroke-width="3" stroke-linecap="round"/><path d="M11 5l6-1 3 3-1 6-3-2-3-3z" fill="#777f86"/>',
  agriculture: '<path d="M12 21V6" stroke="#9a7a1c" stroke-width="1.6"/><g fill="#d8b23a"><ellipse cx="9.5" cy="9" rx="2" ry="3.2" transform="rotate(-25 9.5 9)"/><ellipse cx="14.5" cy="9" rx="2" ry="3.2" transform="rotate(25 14.5 9)"/><ellipse cx="9.5" cy="14" rx="2" ry="3.2" transform="rotate(-25 9.5 14)"/><ellipse cx="14.5" cy="14" rx="2" ry="3.2" transform="rotate(25 14.5 14)"/><ellipse cx="12" cy="4.5" rx="1.8" ry="3"/></g>',
  hut: '<path d="M3 12L12 4l9 8v8H3z" fill="#a0743f"/><path d="M3 12L12 4l9 8" stroke="#5b3e1c" stroke-width="2" fill="none"/><path d="M10 20v-5h4v5" fill="#4a3115"/>',
  card: '<rect x="6" y="3" width="12" height="18" rx="2" fill="#f3ead6" stroke="#6b5a3c" stroke-width="1.5"/><path d="M9 8h6M9 12h6" stroke="#6b5a3c" stroke-width="1.3"/>',
  die: '<rect x="4" y="4" width="16" height="16" rx="3.5" fill="#fffdf7" stroke="#3b3024" stroke-width="1.6"/><circle cx="9" cy="9" r="1.5" fill="#3b3024"/><circle cx="15" cy="15" r="1.5" fill="#3b3024"/><circle cx="12" cy="12" r="1.5" fill="#3b3024"/>',
  any: '<path d="M4 16l2-8 6-3 7 3 2 7-5 4H8z" fill="#d7cbb3" stroke="#8a7a5c" stroke-width="1.2"/><text x="12" y="16" font-size="10" text-anchor="middle" fill="#5a4a2c" font-weight="700">?</text>',
  points: '<circle cx="12" cy="12" r="9" fill="#6b4f2a"/><circle cx="12" cy="12" r="7" fill="none" stroke="#e8d3a6" stroke-width="1"/>',
  person: '<circle cx="12" cy="6" r="3.6"/><path d="M5 21c0-6 3-10 7-10s7 4 7 10z"/>',
  // culture symbols (the green halves of the cards)
  medicine: '<path d="M9 4h6v5h5v6h-5v5H9v-5H4V9h5z" fill="#c03a3a"/>',
  art: '<path d="M12 3a9 9 0 100 18c2 0 2-2 1-3s0-3 2-3h3c2 0 3-1 3-3 0-5-4-9-9-9z" fill="#e2c594"/><circle cx="8" cy="10" r="1.6" fill="#c03a3a"/><circle cx="12" cy="7" r="1.6" fill="#2b6fb3"/><circle cx="16" cy="9" r="1.6" fill="#2e8b57"/>',
  writing: '<rect x="5" y="3" width="14" height="18" rx="2" fill="#cdb98e"/><path d="M8 8h8M8 12h6M8 16h8" stroke="#5a4522" stroke-width="1.6"/>',
  pottery: '<path d="M9 3h6v3c3 2 4 5 4 8 0 4-3 7-7 7s-7-3-7-7c0-3 1-6 4-8z" fill="#b5652d"/><path d="M6 13h12" stroke="#e7b98c" stroke-width="1.5"/>',
  sundial: '<path d="M3 17a9 9 0 0118 0z" fill="#e0b21a"/><path d="M12 17V6l5 11" stroke="#6b4f0a" stroke-width="1.6" fill="none"/>',
  transport: '<circle cx="12" cy="12" r="8" fill="none" stroke="#6b4f2a" stroke-width="2.4"/><path d="M12 4v16M4 12h16M6.5 6.5l11 11M17.5 6.5l-11 11" stroke="#6b4f2a" stroke-width="1.4"/><circle cx="12" cy="12" r="2" fill="#6b4f2a"/>',
  music: '<path d="M9 18V6l10-2v12" stroke="#3b3024" stroke-width="2" fill="none"/><circle cx="7" cy="18" r="2.6" fill="#3b3024"/><circle cx="17" cy="16" r="2.6" fill="#3b3024"/>',
  weaving: '<rect x="4" y="4" width="16" height="16" fill="#e9d7b0"/><path d="M4 8h16M4 12h16M4 16h16" stroke="#9b3d6c" stroke-width="1.6"/><path d="M8 4v16M12 4v16M16 4v16" stroke="#2b6fb3" stroke-width="1.6"/>',
  // the multipliers (the sand halves)
  farmer: '<circle cx="12" cy="6" r="3.2" fill="#6b4f2a"/><path d="M6 21c0-6 2.5-9.5 6-9.5s6 3.5 6 9.5z" fill="#6b4f2a"/><path d="M19 3v12" stroke="#d8b23a" stroke-width="2"/><ellipse cx="19" cy="4" rx="1.6" ry="2.6" fill="#d8b23a"/>',
  tool_maker: '<circle cx="10" cy="6" r="3.2" fill="#6b4f2a"/><path d="M4 21c0-6 2.5-9.5 6-9.5s6 3.5 6 9.5z" fill="#6b4f2a"/><path d="M15 20l6-8" stroke="#7a4e22" stroke-width="2"/><path d="M18 8l4 1-1 4z" fill="#777f86"/>',
  hut_builder: '<circle cx="9" cy="6" r="3.2" fill="#6b4f2a"/><path d="M3 21c0-6 2.5-9.5 6-9.5s6 3.5 6 9.5z" fill="#6b4f2a"/><path d="M14 14l4.5-4 4.5 4v7h-9z" fill="#a0743f"/>',
  shaman: '<circle cx="12" cy="7" r="3.2" fill="#6b4f2a"/><path d="M6 21c0-6 2.5-9.5 6-9.5s6 3.5 6 9.5z" fill="#6b4f2a"/><path d="M9 4l1.5-3 1.5 3 1.5-3 1.5 3" stroke="#c03a3a" stroke-width="1.5" fill="none"/>',
};
const CULTURE = ["medicine", "art", "writing", "pottery", "sundial", "transport", "music", "weaving"];
const MULTIPLIERS = ["farmer", "tool_maker", "hut_builder", "shaman"];

function icon(name, label = term(name), extra = "") {
  const el = h("span", { class: `sa-icon sa-i-${name} ${extra}`, role: "img", "aria-label": label, title: label });
  el.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true">${ICONS[name] || ICONS.any}</svg>`;
  return el;
}

// A figure in its player's colour, with the player's shape on its chest (seat 1 a circle, 2 a square, ...).
function figure(seat, name, ghost = false) {
  const shapes = {
    circle: '<circle cx="12" cy="16" r="2.6"/>',
    square: '<rect x="9.6" y="13.6" width="4.8" height="4.8"/>',
    triangle: '<path d="M12 12.8l3 5.4H9z"/>',
    diamond: '<path d="M12 12.6l3 3.4-3 3.4-3-3.4z"/>',
  };
  const colour = SEAT_COLOURS[seat % 4];
  const el = h("span", { class: `sa-fig${ghost ? " ghost" : ""}`, role: "img", "aria-label": name, title: name, dataset: { seat } });
  el.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true"><g fill="${ghost ? "none" : colour}" stroke="${ghost ? colour : "#0008"}" stroke-width="${ghost ? 1.6 : 0.8}">${ICONS.person}</g>`
    + `<g fill="${ghost ? colour : "#fff"}">${shapes[SEAT_SHAPES[seat % 4]]}</g></svg>`;
  return el;
}

function dieFace(n, extra = "") {
  const pips = { 1: [[12, 12]], 2: [[8, 8], [16, 16]], 3: [[7, 7], [12, 12], [17, 17]], 4: [[8, 8], [16, 8], [8, 16], [16, 16]],
    5: [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]], 6: [[8, 6.5], [16, 6.5], [8, 12], [16, 12], [8, 17.5], [16, 17.5]] }[n] || [];
  const el = h("span", { class: `sa-die ${extra}`, role: "img", "aria-label": String(n), title: String(n) });
  el.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="2.5" y="2.5" width="19" height="19" rx="4" fill="#fffdf7" stroke="#3b3024" stroke-width="1.6"/>${pips.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="1.9" fill="#3b3024"/>`).join("")}</svg>`;
  return el;
}

// "→" from a roll to what it gave, turned to point the way the line reads (right to left in Persian).
const arrow = () => h("span", { class: "sa-arrow", "aria-hidden": "true" }, "→");
const count = (n, what, label) => h("span", { class: "sa-count", title: label ?? term(what) }, icon(what, label), h("b", { dir: "ltr" }, String(n)));

// A clickable board element: a button-like element that Enter and Space also choose.
function clickable(attrs, onChoose, ...children) {
  if (!onChoose) return h("div", attrs, ...children);
  return h("div", { ...attrs, class: `${attrs.class || ""} playable`, role: "button", tabindex: 0, onclick: onChoose,
    onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onChoose(); } } }, ...children);
}

// ------------------------------------------------------------------ the move list's words

const placeName = (where) => {
  const [kind, n] = where.split(" ");
  if (kind === "card") return t("stoneage.card", { n });
  if (kind === "building") return t("stoneage.building", { n });
  return t(`stoneage.${kind}`);
};
const resourceWords = (letters) => list([...letters].map((l) => term(OF_LETTER[l] || l)));

export function describe(action) {
  const [verb, ...rest] = action.split(" ");
  if (verb === "place") {
    const last = rest[rest.length - 1];
    if (RESOURCE_PLACES.includes(rest[0]) && /^\d+$/.test(last)) return t("stoneage.placeN", { where: placeName(rest[0]), n: last });
    return t("stoneage.place", { where: placeName(rest.join(" ")) });
  }
  if (verb === "use") return t("stoneage.use", { where: placeName(rest.join(" ")) });
  if (verb === "tool") return t("stoneage.tool", { n: rest[0] });
  if (verb === "once") return t("stoneage.once", { n: rest[0] });
  if (verb === "done") return t("stoneage.done");
  if (verb === "pay") return t("stoneage.pay", { what: resourceWords(rest[0] || "") });
  if (verb === "decline") return t("stoneage.decline");
  if (verb === "die") return t("stoneage.die", { n: rest[0] });
  if (verb === "feed") return t("stoneage.feed", { what: resourceWords(rest[0] || "") });
  if (verb === "starve") return t("stoneage.starve");
  if (verb === "cash") return t("stoneage.cash", { what: resourceWords(rest[0] || "") });
  return action;
}

// ------------------------------------------------------------------ reading the legal moves

// The moves that name a place: "place hunt 3", "place hut", "use card 2".
function movesAt(legal, verb, where) {
  return legal.filter((a) => a === `${verb} ${where}` || (a.startsWith(`${verb} ${where} `) && /^\d+$/.test(a.slice(verb.length + where.length + 2))));
}

const countsOf = (letters) => RESOURCES.map((r) => [...letters].filter((l) => l === LETTER[r]).length);
const lettersOf = (counts) => RESOURCES.map((r, i) => LETTER[r].repeat(counts[i])).join("");
const payments = (legal, verb) => legal.filter((a) => a.startsWith(`${verb} `)).map((a) => countsOf(a.split(" ")[1]));

// ------------------------------------------------------------------ the places

function placedOn(o, where) {
  return o.players.flatMap((p, seat) => Array.from({ length: (p.placed || {})[where] || 0 }, () => seat));
}

// §4.3 at 2–3 players: why a place is closed to the player to move, or null.
function closedReason(o, where) {
  const n = o.players.length;
  if (n >= 4) return null;
  const mover = o.current_player;
  if (VILLAGE.includes(where)) {
    const used = VILLAGE.filter((v) => placedOn(o, v).length > 0);
    return used.length >= 2 && !used.includes(where) ? t("stoneage.closedVillage", { n }) : null;
  }
  if (where === "hunt" || !RESOURCE_PLACES.includes(where)) return null;
  const seats = new Set(placedOn(o, where));
  return seats.size >= SHARERS[n] && !seats.has(mover) ? t("stoneage.closedResource", { n, k: SHARERS[n] }) : null;
}

function spaces(o, where, ctx) {
  const people = placedOn(o, where);
  const figs = people.map((seat) => figure(seat, ctx.seatName(seat)));
  if (where === "hunt") return h("div", { class: "sa-spaces open" }, figs.length ? figs : h("span", { class: "sa-space" }), h("span", { class: "muted sa-inf", title: t("stoneage.noLimit") }, "∞"));
  const closed = closedReason(o, where);
  const room = SPACES[where] || 1;
  const cells = [];
  for (let i = 0; i < room; i++) cells.push(i < figs.length ? h("span", { class: "sa-space taken" }, figs[i]) : h("span", { class: `sa-space${closed ? " closed" : ""}`, title: closed || "" }));
  return h("div", { class: `sa-spaces${room === 2 ? " pair" : ""}` }, cells);
}

function placeTile(o, view, ctx, where) {
  const act = placeActions(view, ctx, where);
  const closed = closedReason(o, where);
  const label = term(PLACE_TERM[where]);
  return clickable({ class: `spot sa-place sa-${where}${closed ? " closed" : ""}${act.mine ? " mine" : ""}`, dataset: { spot: where, mark: `place:${where}` },
    "aria-label": label, title: closed || label }, act.choose,
  h("div", { class: "sa-place-head" }, icon(PLACE_ICON[where], label), h("strong", {}, label),
    DIVISOR[PLACE_ICON[where]] ? h("small", { class: "sa-div", title: t("stoneage.divisor", { n: DIVISOR[PLACE_ICON[where]] }) }, dieFace(1, "tiny"), h("bdi", { dir: "ltr" }, `÷${DIVISOR[PLACE_ICON[where]]}`)) : null),
  spaces(o, where, ctx),
  closed ? h("small", { class: "sa-closed-note" }, t("stoneage.closed")) : null);
}

// What clicking a place does now: place people (asking how many), or resolve it.
function placeActions(view, ctx, where) {
  const places = movesAt(view.legal, "place", where);
  const uses = movesAt(view.legal, "use", where);
  if (uses.length) return { mine: true, choose: () => ctx.play(uses[0]) };
  if (!places.length) return {};
  return { choose: () => {
    if (places.length === 1) return ctx.play(places[0]);
    ctx.local.chosen = { where, actions: places };
    ctx.redraw();
  } };
}

// ------------------------------------------------------------------ cards and buildings

function effectIcons(c) {
  const v = c.value;
  switch (c.top) {
    case "food": return [count(v, "food")];
    case "resource_wood": case "resource_clay": case "resource_stone": case "resource_gold": return Array.from({ length: v }, () => icon(c.top.slice(9)));
    case "dice_roll_wood": case "dice_roll_clay": case "dice_roll_stone": case "dice_roll_gold":
      return [h("span", { class: "sa-count" }, icon("die", term(c.top)), h("b", { dir: "ltr" }, `×${v}`)), icon(c.top.slice(10))];
    case "dice_for_all": return [icon("die", term("dice_for_all")), icon("die", term("dice_for_all")), h("small", {}, t("stoneage.forAll"))];
    case "points": return [h("span", { class: "sa-points", title: term("points") }, String(v))];
    case "tool": return [icon("tool"), h("b", { dir: "ltr" }, "+1")];
    case "agriculture": return [icon("agriculture"), h("b", { dir: "ltr" }, "+1")];
    case "extra_card": return [icon("card", term("extra_card")), h("b", { dir: "ltr" }, "+1")];
    case "one_use_tool": return [icon("tool", term("one_use_tool")), h("span", { class: "sa-tool once", title: term("one_use_tool") }, String(v)), h("small", { dir: "ltr" }, "1×")];
    case "any_resources": return [icon("any", term("any_resources")), icon("any", term("any_resources"))];
    default: return [h("span", {}, term(c.top), v ? ` ${v}` : "")];
  }
}

function cardBottom(c) {
  if (c.bottom === "culture") return h("div", { class: "sa-bottom culture", title: term(c.bottom_value) }, icon(c.bottom_value));
  return h("div", { class: "sa-bottom sand", title: `${c.bottom_value} × ${term(c.bottom)}` },
    Array.from({ length: c.bottom_value }, () => icon(c.bottom, term(c.bottom))));
}

const cardTitle = (c) => `${term(c.top)}${c.value && c.top !== "dice_for_all" ? ` ${c.value}` : ""} / ${c.bottom === "culture" ? term(c.bottom_value) : `${c.bottom_value} × ${term(c.bottom)}`}`;

export function cardFace(c, extra = "") {
  return h("div", { class: `sa-card ${extra}`, title: cardTitle(c), dataset: { mark: `card:${c.id}`, top: c.top } },
    h("div", { class: "sa-top" }, effectIcons(c)), cardBottom(c));
}

function cardPlace(o, view, ctx, slot) {
  const c = o.display[slot - 1];
  const where = `card ${slot}`;
  const act = placeActions(view, ctx, where);
  const people = placedOn(o, where);
  const cost = h("div", { class: "sa-cost", title: t("stoneage.cost", { n: slot }) }, Array.from({ length: slot }, () => h("span", { class: "sa-cost-dot" })), h("b", { dir: "ltr" }, String(slot)));
  return clickable({ class: `spot sa-slot${act.mine ? " mine" : ""}${c ? "" : " empty"}`, dataset: { spot: where, mark: `slot:${slot}` }, "aria-label": placeName(where) }, c ? act.choose : null,
    cost,
    c ? cardFace(c) : h("div", { class: "sa-card empty", title: t("stoneage.emptySlot") }, h("small", {}, t("stoneage.emptySlot"))),
    h("div", { class: "sa-spaces" }, people.length ? figure(people[0], ctx.seatName(people[0])) : h("span", { class: "sa-space" })));
}

function tileCost(top) {
  if (top.kind === "fixed") return h("div", { class: "sa-tile-cost" }, RESOURCES.flatMap((r) => Array.from({ length: top.cost[r] || 0 }, () => icon(r))));
  if (top.kind === "count_kinds") {
    return h("div", { class: "sa-tile-cost", title: t("stoneage.countKinds", { count: top.count, kinds: top.kinds }) },
      Array.from({ length: top.count }, () => icon("any", term("count_kinds"))), h("small", { class: "sa-kinds" }, top.kinds === 1 ? t("stoneage.oneKind") : t("stoneage.kinds", { n: top.kinds })));
  }
  return h("div", { class: "sa-tile-cost", title: t("stoneage.anyResources", { min: top.count_min, max: top.count_max }) },
    icon("any", term("any_1_to_7")), h("b", { dir: "ltr" }, `${top.count_min}–${top.count_max}`));
}

export function tileFace(top, extra = "") {
  const points = top.kind === "fixed" ? String(top.points) : "?";
  const title = top.kind === "fixed" ? `${term("fixed")}: ${top.points} ${t("stoneage.points")}` : term(top.kind);
  return h("div", { class: `sa-tile ${extra}`, title, dataset: { mark: `building:${top.id}` } }, icon("hut", term("buildings")), tileCost(top), h("span", { class: "sa-points" }, points));
}

function stackPlace(o, view, ctx, i) {
  const s = o.stacks[i];
  const where = `building ${i + 1}`;
  const act = placeActions(view, ctx, where);
  const people = placedOn(o, where);
  return clickable({ class: `spot sa-stack${act.mine ? " mine" : ""}`, dataset: { spot: where, mark: `stack:${i + 1}` }, "aria-label": placeName(where), style: `--height:${Math.min(s.size, 7)}` }, s.top ? act.choose : null,
    s.top ? tileFace(s.top) : h("div", { class: "sa-tile empty" }, h("small", {}, t("stoneage.stackEmpty"))),
    h("div", { class: "sa-stack-foot" }, h("span", { class: "sa-height", title: t("stoneage.deck", { n: s.size }) }, `▤ ${s.size}`),
      people.length ? figure(people[0], ctx.seatName(people[0])) : h("span", { class: "sa-space" })));
}

// ------------------------------------------------------------------ dice

// The rolls told by the events (view.events): each roll with the tools added and what it gave.
function recentRolls(view, ctx) {
  const chains = [];
  for (const entry of view.events || []) {
    for (const e of entry.events || []) {
      const k = e.kind.replace("stoneage.", "");
      // Tools and gains belong to the last location roll; a dice-for-all roll takes neither.
      const roll = chains.length && chains[chains.length - 1].tools ? chains[chains.length - 1] : null;
      if (k === "roll") chains.push({ seat: e.seat, dice: e.params.dice, total: e.params.total, source: e.params.source, tools: [] });
      else if ((k === "tool" || k === "one_use_tool_added") && roll) roll.tools.push(e.params.value);
      else if ((k === "gain" || k === "gain_nothing") && roll) roll.result = e.params;
      else if (k === "dice_for_all") chains.push({ seat: e.seat, faces: e.params.faces.list });
    }
  }
  return chains.slice(-4).reverse();
}

function rollLine(chain, ctx) {
  if (chain.faces) return h("li", { class: "sa-roll" }, figure(chain.seat, ctx.seatName(chain.seat)), h("span", {}, term("dice_for_all")), chain.faces.map((f) => dieFace(f)));
  const sourceTerm = chain.source?.term;
  const goods = chain.result ? Object.entries(chain.result.goods?.counts || {}) : [];
  return h("li", { class: "sa-roll" }, figure(chain.seat, ctx.seatName(chain.seat)),
    sourceTerm ? h("span", { class: "sa-src" }, term(sourceTerm)) : null,
    h("span", { class: "sa-count", title: t("stoneage.rolled", { dice: chain.dice, total: chain.total }) }, icon("die", term("dice")), h("b", { dir: "ltr" }, `×${chain.dice} = ${chain.total}`)),
    chain.tools.map((v) => h("span", { class: "sa-tool used", title: t("stoneage.tool", { n: v }), dir: "ltr" }, `+${v}`)),
    chain.result ? h("span", { class: "sa-yield" }, h("bdi", { dir: "ltr" }, `${chain.result.total} ÷ ${chain.result.divisor}`), arrow()) : null,
    chain.result ? (goods.length ? goods.map(([g, n]) => count(n, g)) : h("b", {}, "0")) : null);
}

function diceStrip(view, ctx) {
  const chains = recentRolls(view, ctx);
  if (!chains.length) return null;
  return h("section", { class: "sa-dice", id: "sa-dice" }, h("h4", {}, t("stoneage.recentRolls")), h("ul", {}, chains.map((c) => rollLine(c, ctx))));
}

// ------------------------------------------------------------------ the decision at hand

function decision(view, ctx) {
  const o = view.observation;
  const legal = view.legal;
  const local = ctx.local;
  const me = view.seat;
  if (!legal.length || me === null) return null;
  const panel = (id, title, attrs, ...body) => h("section", { class: "panel sa-decision", id, ...attrs }, h("strong", { class: "sa-decision-title" }, title), ...body);
  if (local.cash) return cashBuilder(view, ctx, panel);
  if (local.chosen) {
    const { where, actions } = local.chosen;
    return h("div", { class: "chooser panel", id: "chooser" }, h("strong", {}, t("stoneage.howMany", { where: term(PLACE_TERM[where] || where) })),
      actions.map((a) => {
        const n = a.split(" ").pop();
        return h("button", { type: "button", dataset: { action: a }, "aria-label": describe(a), onclick: () => ctx.play(a) }, /^\d+$/.test(n) ? n : "2", " ", figure(me, ctx.seatName(me)));
      }),
      h("button", { type: "button", class: "secondary", onclick: () => { local.chosen = null; ctx.redraw(); } }, t("game.cancel")));
  }
  if (o.phase === "place") return panel("sa-hint", t("stoneage.placeHint"), {});
  if (o.phase === "use") return panel("sa-hint", t("stoneage.useHint"), {});
  if (o.phase === "tools") {
    const r = o.roll;
    const div = DIVISOR[r.yields];
    const done = legal.includes("done");
    return panel("sa-tools", r.rolled ? t("stoneage.rolled", { dice: r.dice, total: r.total }) : t("stoneage.toolsFirst", { dice: r.dice, total: r.total }), {},
      h("div", { class: "sa-roll-now" }, icon("die", term("dice")), h("b", { dir: "ltr" }, `×${r.dice}`), r.rolled ? h("b", { dir: "ltr", class: "sa-total" }, `= ${r.total}`) : null,
        r.rolled ? h("span", {}, h("bdi", { dir: "ltr" }, `÷ ${div}`), arrow()) : null, r.rolled ? count(Math.floor(r.total / div), r.yields) : null),
      h("p", { class: "muted" }, t("stoneage.toolsHint")),
      h("div", { class: "sa-row" }, toolTiles(view, ctx, me, true)),
      done ? h("button", { type: "button", id: "sa-done", dataset: { action: "done" }, onclick: () => ctx.play("done") },
        r.rolled ? t("stoneage.takeN", { n: Math.floor(r.total / div), what: term(r.yields) }) : t("stoneage.rollNow")) : null);
  }
  if (o.phase === "pay") return payBuilder(view, ctx, panel);
  if (o.phase === "dice") {
    return panel("sa-pick", t("stoneage.pickDie"), {},
      h("div", { class: "sa-row" }, o.dice_for_all.map((f, i) => {
        const act = `die ${f}`;
        return h("button", { type: "button", class: "sa-die-button", dataset: { action: act, mark: `die:${f}`, index: i }, disabled: !legal.includes(act),
          "aria-label": `${f}: ${term(DIE_ITEM[f])}`, onclick: () => ctx.play(act) }, dieFace(f), icon(DIE_ITEM[f]));
      })));
  }
  if (o.phase === "feed") {
    const p = o.players[me];
    return panel("sa-feed", t("stoneage.feedHint", { n: o.food_missing }), {},
      h("div", { class: "sa-row" }, RESOURCES.map((r) => {
        const act = `feed ${LETTER[r]}`;
        return h("button", { type: "button", class: "sa-res-button", dataset: { action: act }, disabled: !legal.includes(act), "aria-label": describe(act), onclick: () => ctx.play(act) },
          icon(r), h("b", { dir: "ltr" }, String(p.resources[r])));
      })),
      legal.includes("starve") ? h("button", { type: "button", class: "secondary sa-starve", id: "sa-starve", dataset: { action: "starve" }, onclick: () => ctx.play("starve") },
        o.food_missing > 1 && view.options?.starvation === "per_missing_food" ? t("stoneage.starveEach", { n: 10 * o.food_missing }) : t("stoneage.starve")) : null);
  }
  if (o.phase === "cash") return cashBuilder(view, ctx, panel);
  return null;
}

// A builder of resources: click a resource to add it, click a chosen one to take it back; it offers only what can
// still lead to one of the legal moves of `verb` ("pay wwc", "cash wg"), and shows what is still needed.
function builder(view, ctx, verb, key, spends) {
  const options = payments(view.legal, verb);
  const chosen = ctx.local[key] || [0, 0, 0, 0];
  const fits = (p) => p.every((n, i) => n >= chosen[i]);
  const reachable = options.filter(fits);
  const exact = reachable.find((p) => p.every((n, i) => n === chosen[i]));
  const set = (next) => { ctx.local[key] = next; ctx.redraw(); };
  const add = (i) => reachable.some((p) => p[i] > chosen[i]);
  const have = view.observation.players[view.seat].resources;
  const picker = h("div", { class: "sa-row sa-picker" }, RESOURCES.map((r, i) => h("button", {
    type: "button", class: "sa-res-button", dataset: { add: r }, disabled: !add(i), "aria-label": `+ ${term(r)}`,
    onclick: () => set(chosen.map((n, j) => n + (j === i ? 1 : 0))) }, icon(r), h("b", { dir: "ltr" }, String(spends ? have[r] - chosen[i] : have[r])))));
  const picked = h("div", { class: "sa-row sa-chosen", "aria-label": t("stoneage.chosen") }, h("small", {}, t("stoneage.chosen"), ": "),
    chosen.some((n) => n) ? RESOURCES.flatMap((r, i) => Array.from({ length: chosen[i] }, () => h("button", { type: "button", class: "sa-chip", dataset: { remove: r }, "aria-label": `− ${term(r)}`,
      onclick: () => set(chosen.map((n, j) => n - (j === i ? 1 : 0))) }, icon(r)))) : h("span", { class: "muted" }, "—"));
  let needed = null;
  if (!exact && reachable.length) {
    const rest = reachable.map((p) => p.map((n, i) => n - chosen[i]));
    const same = rest.every((d) => d.every((n, i) => n === rest[0][i]));
    const fewest = Math.min(...rest.map((d) => d.reduce((a, b) => a + b, 0)));
    needed = h("div", { class: "sa-row sa-needed" }, h("small", {}, t("stoneage.stillNeeded"), ": "),
      same ? RESOURCES.flatMap((r, i) => Array.from({ length: rest[0][i] }, () => icon(r))) : h("span", {}, t("stoneage.nMore", { n: fewest })));
  }
  const text = exact ? `${verb} ${lettersOf(chosen)}` : null;
  return { picker, picked, needed, text, set, chosen, options };
}

function payBuilder(view, ctx, panel) {
  const o = view.observation;
  const where = o.paying_for;
  const b = builder(view, ctx, "pay", "pay", true);
  const target = where.startsWith("card") ? o.display[Number(where.split(" ")[1]) - 1] : o.stacks[Number(where.split(" ")[1]) - 1].top;
  const face = target ? (where.startsWith("card") ? cardFace(target, "small") : tileFace(target, "small")) : null;
  const rule = where.startsWith("card") ? t("stoneage.cost", { n: where.split(" ")[1] })
    : target?.kind === "fixed" ? term("fixed") : target?.kind === "count_kinds" ? (target.kinds === 1 ? t("stoneage.countOneKind", { count: target.count }) : t("stoneage.countKinds", { count: target.count, kinds: target.kinds }))
      : t("stoneage.anyResources", { min: 1, max: 7 });
  return panel("sa-pay", t("stoneage.payFor", { what: placeName(where) }), { dataset: { paying: where } },
    h("div", { class: "sa-row" }, face, h("span", { class: "muted" }, rule)),
    b.options.length ? [b.picker, b.picked, b.needed] : h("p", { class: "muted" }, t("stoneage.cannotPay")),
    h("div", { class: "sa-row" },
      b.options.length ? h("button", { type: "button", id: "sa-pay-now", disabled: !b.text, dataset: { action: b.text || "" }, onclick: () => b.text && ctx.play(b.text) }, t("stoneage.payNow")) : null,
      b.chosen.some((n) => n) ? h("button", { type: "button", class: "secondary", onclick: () => b.set([0, 0, 0, 0]) }, t("stoneage.clear")) : null,
      view.legal.includes("decline") ? h("button", { type: "button", class: "secondary", id: "sa-decline", dataset: { action: "decline" }, onclick: () => ctx.play("decline") }, t("stoneage.decline")) : null));
}

function cashBuilder(view, ctx, panel) {
  const b = builder(view, ctx, "cash", "cashing", false);
  return panel("sa-cash", t("stoneage.cashHint"), {}, b.picker, b.picked, b.needed,
    h("div", { class: "sa-row" },
      h("button", { type: "button", id: "sa-cash-now", disabled: !b.text, dataset: { action: b.text || "" }, onclick: () => b.text && ctx.play(b.text) }, t("stoneage.cashIt")),
      view.observation.phase !== "cash" ? h("button", { type: "button", class: "secondary", onclick: () => { ctx.local.cash = false; ctx.local.cashing = null; ctx.redraw(); } }, t("game.cancel")) : null));
}

// ------------------------------------------------------------------ player boards

function toolTiles(view, ctx, seat, inPanel = false) {
  const p = view.observation.players[seat];
  const mine = seat === view.seat;
  const tiles = [0, 1, 2].map((i) => {
    const tool = p.tools[i];
    if (!tool) return h("span", { class: "sa-tool none", title: t("stoneage.noTool") }, "·");
    const act = mine && !tool.used && view.legal.includes(`tool ${tool.value}`) ? `tool ${tool.value}` : null;
    const title = tool.used ? t("stoneage.toolUsed", { n: tool.value }) : t("stoneage.toolTile", { n: tool.value });
    return h(act ? "button" : "span", { type: act ? "button" : null, class: `sa-tool${tool.used ? " used" : ""}${act ? " playable" : ""}`, title, "aria-label": title,
      dataset: { mark: `tool:${seat}:${i}`, action: act || null, tool: i }, onclick: act ? () => ctx.play(act) : null }, String(tool.value));
  });
  const once = p.one_use_tools.map((v) => {
    const act = mine && view.legal.includes(`once ${v}`) ? `once ${v}` : null;
    return h(act ? "button" : "span", { type: act ? "button" : null, class: `sa-tool once${act ? " playable" : ""}`, title: `${term("one_use_tool")} ${v}`, dataset: { action: act || null },
      onclick: act ? () => ctx.play(act) : null }, String(v));
  });
  return h("span", { class: "sa-tools", "aria-label": term("tools"), dataset: inPanel ? {} : { seatTools: seat } }, icon("tool"), tiles, once);
}

function agricultureTrack(n) {
  return h("span", { class: "sa-track", title: t("stoneage.agriTrack", { n }), "aria-label": t("stoneage.agriTrack", { n }) }, icon("agriculture"),
    h("span", { class: "sa-cells", dir: "ltr" }, Array.from({ length: 11 }, (_, i) => h("span", { class: `sa-cell${i === n ? " at" : ""}${i < n ? " past" : ""}` }, i === n ? String(n) : ""))));
}

function cardsHeld(p) {
  const cards = Array.isArray(p.cards) ? p.cards : [];
  const culture = {};
  const sand = {};
  for (const c of cards) {
    if (c.bottom === "culture") culture[c.bottom_value] = (culture[c.bottom_value] || 0) + 1;
    else sand[c.bottom] = (sand[c.bottom] || 0) + c.bottom_value;
  }
  const extra = Array.isArray(p.extra_cards) ? p.extra_cards : [];
  for (const c of extra) {
    if (c.bottom === "culture") culture[c.bottom_value] = (culture[c.bottom_value] || 0) + 1;
    else sand[c.bottom] = (sand[c.bottom] || 0) + c.bottom_value;
  }
  const hidden = typeof p.extra_cards === "number" ? p.extra_cards : 0;
  return h("div", { class: "sa-held" },
    h("span", { class: "sa-group culture", title: term("culture") }, CULTURE.filter((s) => culture[s]).map((s) => count(culture[s], s)),
      Object.keys(culture).length ? null : h("small", { class: "muted" }, term("culture"), " —")),
    h("span", { class: "sa-group sand", title: t("stoneage.multipliers") }, MULTIPLIERS.filter((k) => sand[k]).map((k) => count(sand[k], k, `${sand[k]} × ${term(k)}`))),
    hidden ? h("span", { class: "sa-count", title: t("stoneage.extraHidden", { n: hidden }) }, icon("card", t("stoneage.extraHidden", { n: hidden })), h("b", {}, String(hidden))) : null,
    extra.length ? h("small", { class: "muted" }, t("stoneage.extraMine", { n: extra.length })) : null);
}

function playerBoard(view, ctx, seat) {
  const o = view.observation;
  const p = o.players[seat];
  const mine = seat === view.seat;
  const placed = Object.values(p.placed || {}).reduce((a, b) => a + b, 0);
  const home = o.phase === "place" ? p.unplaced : Math.max(0, p.people - placed);
  const cash = mine && p.two_resources_card && view.legal.some((a) => a.startsWith("cash ")) && o.phase !== "cash";
  const feeding = mine && o.phase === "feed";
  return h("section", { class: `player sa-player${seat === view.current_player ? " current" : ""}${mine ? " me" : ""}`, dataset: { seat, mark: `seat:${seat}` }, style: `--seat:${SEAT_COLOURS[seat % 4]}` },
    h("header", {}, figure(seat, ctx.seatName(seat)), h("strong", {}, h("bdi", {}, ctx.seatName(seat))),
      seat === o.start_player ? h("span", { class: "sa-start", title: t("stoneage.startPlayer") }, "①") : null,
      h("span", { class: "score sa-score", title: term("score") }, h("b", { dir: "ltr" }, String(p.score)), " ", t("stoneage.points"))),
    h("div", { class: "sa-row sa-people", title: `${term("people")}: ${p.people}` },
      Array.from({ length: p.people }, (_, i) => figure(seat, i < home ? term("unplaced") : term("placed"), i >= home)),
      h("small", { dir: "ltr" }, `${home}/${p.people}`)),
    h("div", { class: "sa-row" }, count(p.food, "food"), agricultureTrack(p.agriculture)),
    h("div", { class: "sa-row" }, toolTiles(view, ctx, seat),
      p.two_resources_card ? h(cash ? "button" : "span", { type: cash ? "button" : null, class: `sa-joker${cash ? " playable" : ""}`, id: mine ? "sa-joker" : null, title: term("two_resources_card"),
        onclick: cash ? () => { ctx.local.cash = true; ctx.redraw(); } : null }, icon("any", term("two_resources_card")), "2") : null),
    h("div", { class: "sa-row sa-resources" }, RESOURCES.map((r) => {
      const act = feeding && view.legal.includes(`feed ${LETTER[r]}`) ? `feed ${LETTER[r]}` : null;
      return h(act ? "button" : "span", { type: act ? "button" : null, class: `sa-count sa-res${act ? " playable" : ""}`, dataset: { res: r, action: act || null }, title: term(r),
        onclick: act ? () => ctx.play(act) : null }, icon(r), h("b", { dir: "ltr" }, String(p.resources[r])));
    })),
    cardsHeld(p),
    h("div", { class: "sa-row sa-built" }, p.buildings.length ? p.buildings.map((b) => tileFace(b, "mini")) : h("small", { class: "muted" }, term("buildings"), " —")));
}

// ------------------------------------------------------------------ the whole table

export function render(view, ctx) {
  const o = view.observation;
  const n = o.players.length;
  const status = h("p", { class: "status sa-status" }, h("b", {}, t("stoneage.round", { n: o.round })), " · ", term(o.phase),
    o.last_round ? h("span", { class: "sa-last" }, " · ", t("stoneage.lastRound")) : null);
  return h("div", { class: `stoneage sa players-${n}` },
    status,
    decision(view, ctx),
    diceStrip(view, ctx),
    h("div", { class: "sa-board" },
      h("div", { class: "sa-places village", id: "village" }, PLACES.map((w) => placeTile(o, view, ctx, w))),
      h("div", { class: "sa-market" },
        h("div", { class: "sa-cards", dir: "ltr", "aria-label": t("stoneage.cards") },
          h("div", { class: "sa-deck", title: t("stoneage.deck", { n: o.deck }) }, icon("card", t("stoneage.cards")), h("b", {}, String(o.deck))),
          [4, 3, 2, 1].map((slot) => cardPlace(o, view, ctx, slot))),
        h("div", { class: "sa-buildings", dir: "ltr", "aria-label": t("stoneage.buildings") }, o.stacks.map((_, i) => stackPlace(o, view, ctx, i))))),
    h("div", { class: "players sa-players" }, o.players.map((_, seat) => playerBoard(view, ctx, seat))));
}
