// Scythe's board: the hex map (terrain and rivers when the game publishes its board data), every
// faction's character, mechs, workers and structures, resources and encounter tokens on the hexes,
// and each player's mat. A hex is clicked to choose the moves that name it; a mat's section to
// choose that section; everything else is in the list of moves.
import { h } from "../dom.js";
import { t, term } from "../i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 30;
const FACTION_COLOURS = { rusviet: "#c0392b", saxony: "#333", crimea: "#d4a017", polania: "#eee", nordic: "#1e5bb8", albion: "#1e8a4a", togawa: "#8e44ad" };
const LIGHT = new Set(["#eee", "#d4a017"]);  // faction colours that need a dark outline to stand out
const TERRAIN_COLOURS = { village: "#e8c8a0", mountain: "#b0a8a0", tundra: "#cfe3d4", farm: "#f2e08a", forest: "#7fb77e", lake: "#8ec5e8", factory: "#c9a0dc", home_base: "#f6f3ee" };
const RESOURCE_COLOURS = { metal: "#777", oil: "#222", food: "#e6b800", wood: "#8b5a2b" };
// Corner k of a pointy-top hex sits at angle 60k - 30 degrees; an edge joins two corners.
const EDGE_CORNERS = { E: [0, 1], SE: [1, 2], SW: [2, 3], W: [3, 4], NW: [4, 5], NE: [5, 0] };

let board = null;
let boardAsked = false;

function loadBoard(redraw) {
  if (boardAsked) return;
  boardAsked = true;
  fetch("api/boards/scythe").then((r) => (r.ok ? r.json() : null)).then((data) => {
    if (data && Array.isArray(data.hexes)) { board = data; redraw(); }
  }).catch(() => {});
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

function centre(col, row) {
  const x = SIZE * Math.sqrt(3) * (col + (row % 2 === 0 ? 0.5 : 0)) + SIZE;
  return [x, SIZE * 1.5 * row + SIZE];
}

function corner([x, y], k) {
  const a = (Math.PI / 180) * (60 * k - 30);
  return [x + SIZE * Math.cos(a), y + SIZE * Math.sin(a)];
}

const parse = (id) => id.split(",").map(Number);
const hexRe = /(^| )(\d+,\d+)( |$)/;

export function describe(action) {
  const [verb, ...rest] = action.split(" ");
  const key = `scythe.${verb}`;
  const label = t(key);
  return label === key ? action : `${label}${rest.length ? " " + rest.map((w) => (/^\d+,\d+$/.test(w) ? w : term(w))).join(" ") : ""}`;
}

// Everything on each hex, from the observation.
function occupants(o) {
  const at = {};
  const spot = (id) => (at[id] = at[id] || { units: [], structures: [], resources: null, encounter: false });
  // a solo game's Automa (observation.automa) draws as side 1, like a second seat
  [...o.players, ...(o.automa ? [o.automa] : [])].forEach((p, seat) => {
    const colour = FACTION_COLOURS[p.faction] || "#999";
    if (p.character) spot(p.character).units.push({ seat, colour, kind: "C" });
    const count = (list, kind) => {
      const n = {};
      for (const id of list || []) n[id] = (n[id] || 0) + 1;
      for (const [id, k] of Object.entries(n)) spot(id).units.push({ seat, colour, kind, n: k });
    };
    count(p.mechs, "M");
    count(p.workers, "W");
    for (const [kind, id] of Object.entries(p.structures || {})) if (id) spot(id).structures.push({ seat, colour, kind });
  });
  for (const [id, res] of Object.entries(o.resources || {})) spot(id).resources = res;
  for (const id of o.encounter_tokens || []) spot(id).encounter = true;
  return at;
}

function map(view, ctx, choose) {
  const o = view.observation;
  const at = occupants(o);
  const ids = board ? board.hexes.map((x) => x.id) : Object.keys(at);
  const info = board ? Object.fromEntries(board.hexes.map((x) => [x.id, x])) : {};
  const legalAt = {};
  for (const a of view.legal) {
    for (const w of a.split(" ")) if (/^\d+,\d+$/.test(w)) (legalAt[w] = legalAt[w] || []).push(a);
  }
  let maxX = 0;
  let maxY = 0;
  const cells = ids.map((id) => {
    const [col, row] = parse(id);
    const c = centre(col, row);
    maxX = Math.max(maxX, c[0] + SIZE);
    maxY = Math.max(maxY, c[1] + SIZE);
    const hex = info[id] || {};
    const fill = TERRAIN_COLOURS[hex.kind === "home_base" ? "home_base" : hex.terrain] || "#f0ebe0";
    const points = [0, 1, 2, 3, 4, 5].map((k) => corner(c, k).join(",")).join(" ");
    const acts = legalAt[id] || [];
    const here = at[id] || { units: [], structures: [], resources: null, encounter: false };
    const rivers = (hex.river_edges || []).map((dir) => {
      const [a, b] = EDGE_CORNERS[dir] || [];
      if (a === undefined) return null;
      const [x1, y1] = corner(c, a);
      const [x2, y2] = corner(c, b);
      return svg("line", { x1, y1, x2, y2, class: "river" });
    });
    const labels = here.units.map((u, i) => svg("text", {
      x: c[0] - 14 + (i % 3) * 14, y: c[1] - 4 + Math.floor(i / 3) * 12, fill: u.colour, class: "unit", stroke: LIGHT.has(u.colour) ? "#333" : "#fff",
    },
      u.kind + (u.n > 1 ? u.n : "")));
    const extras = [
      here.structures.length ? svg("text", { x: c[0], y: c[1] + 20, class: "structure", fill: here.structures[0].colour }, here.structures.map((s) => s.kind[0].toUpperCase()).join("")) : null,
      here.encounter ? svg("circle", { cx: c[0] + 14, cy: c[1] - 16, r: 4, class: "encounter" }) : null,
      here.resources ? svg("text", { x: c[0] - 18, y: c[1] + 20, class: "res" }, Object.entries(here.resources).map(([r, n]) => svg("tspan", { fill: RESOURCE_COLOURS[r] || "#555" }, `${n}${r[0]}`))) : null,
    ];
    const title = svg("title", {}, `${id}${hex.terrain ? " · " + term(hex.terrain) : ""}${hex.kind === "home_base" ? " · " + term(hex.faction) : ""}`);
    return svg("g", { class: `hex${acts.length ? " playable" : ""}`, "data-hex": id }, title,
      svg("polygon", { points, fill }), rivers, labels, extras,
    );
  });
  const root = svg("svg", { viewBox: `0 0 ${Math.ceil(maxX + SIZE)} ${Math.ceil(maxY + SIZE)}`, class: "hexmap", role: "img", "aria-label": t("scythe.map") }, cells);
  root.addEventListener("click", (e) => {
    const g = e.target.closest("g.hex.playable");
    if (g) choose(g.dataset.hex, legalAt[g.dataset.hex]);
  });
  return root;
}

function mat(p, seat, view, ctx) {
  const mine = seat === view.seat;
  const sections = (p.sections || []).map((s, i) => {
    const act = mine && view.legal.includes(`section ${i + 1}`) ? `section ${i + 1}` : null;
    return h("button", {
      type: "button", class: `section${act ? " playable" : ""}${p.last_section === i ? " last" : ""}`, disabled: !act, dataset: { section: i + 1 },
      onclick: act ? () => ctx.play(act) : null,
    }, s.split("/").map(term).join(" / "));
  });
  const stars = Object.values(p.stars || {}).reduce((a, b) => a + b, 0);
  return h("section", { class: `player${seat === view.current_player ? " current" : ""}`, dataset: { seat }, style: `--seat:${FACTION_COLOURS[p.faction] || "#999"}` },
    h("header", {}, h("strong", {}, ctx.seatName(seat)), h("span", {}, `${term(p.faction)} · ${term(p.mat)}`)),
    h("div", { class: "sa-stats" },
      h("span", {}, `${term("power")}: ${p.power}`), h("span", {}, `${term("popularity")}: ${p.popularity}`),
      h("span", {}, `${term("coins")}: ${p.coins ?? "?"}`), h("span", {}, `${term("stars")}: ${stars}`),
      h("span", {}, `${term("combat_cards")}: ${Array.isArray(p.combat_cards) ? p.combat_cards.join(" ") : p.hand_size}`),
      p.recruits?.length ? h("span", {}, `${term("recruits")}: ${p.recruits.map(term).join(", ")}`) : null,
      p.upgraded?.length ? h("span", {}, `${term("upgraded")}: ${p.upgraded.map(term).join(", ")}`) : null),
    h("div", { class: "sections" }, sections));
}

export function render(view, ctx) {
  loadBoard(ctx.redraw);
  const o = view.observation;
  const choose = (title, actions) => {
    if (actions.length === 1) return ctx.play(actions[0]);
    ctx.local.chosen = { title, actions };
    ctx.redraw();
  };
  const chooser = ctx.local.chosen ? h("div", { class: "chooser panel", id: "chooser" }, h("strong", {}, ctx.local.chosen.title),
    ctx.local.chosen.actions.map((a) => h("button", { type: "button", dataset: { action: a }, onclick: () => ctx.play(a) }, describe(a))),
    h("button", { type: "button", class: "secondary", onclick: () => { ctx.local.chosen = null; ctx.redraw(); } }, t("game.cancel"))) : null;
  return h("div", { class: "scythe" },
    h("p", { class: "status" }, `${term("phase")}: ${term(o.phase)} · ${term("turns")}: ${o.turns}`),
    h("div", { class: "map-wrap" }, map(view, ctx, choose)),
    h("p", { class: "muted legend" }, t("scythe.legend")),
    chooser,
    o.automa ? automaPanel(o.automa) : null,
    h("div", { class: "players" }, o.players.map((p, seat) => mat(p, seat, view, ctx))));
}

// The solo game's Automa: level, star tracker, scheme, power, combat cards (face down), stars, last move.
function automaPanel(a) {
  const colour = FACTION_COLOURS[a.faction] || "#999";
  return h("div", { class: "panel automa", style: `border-left: 4px solid ${colour}` },
    h("strong", {}, `Automa (${a.level}, ${term(a.faction)})`),
    h("span", {}, ` · tracker ${a.tracker_space}/${a.tracker_spaces} · scheme ${"I".repeat(a.scheme)}`),
    h("span", {}, ` · ${term("power")}: ${a.power} · ${term("combat_cards")}: ${a.hand_size} · ${term("stars")}: ${a.star_count}`),
    a.last_move ? h("span", {}, ` · last move: ${a.last_move.replaceAll("_", " ")}`) : null);
}
