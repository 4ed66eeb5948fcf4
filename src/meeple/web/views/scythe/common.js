// What the Scythe view's parts share: the SVG builder, faction colours and emblems, resource icons, the printed
// board and mats (GET api/boards/scythe, loaded once), and the reading of legal moves by what they name.
import { h } from "../../dom.js";
import { t, term } from "../../i18n.js";

export const SVG = "http://www.w3.org/2000/svg";

// Faction colours, each with an outline that keeps the token readable on every terrain (light colours dark).
export const FACTIONS = {
  rusviet: { fill: "#c0392b", line: "#fff", emblem: "R" },
  saxony: { fill: "#2b2b2b", line: "#fff", emblem: "S" },
  crimea: { fill: "#f2c318", line: "#222", emblem: "C" },
  polania: { fill: "#f4f4f4", line: "#222", emblem: "P" },
  nordic: { fill: "#1e5bb8", line: "#fff", emblem: "N" },
  albion: { fill: "#2e8b57", line: "#fff", emblem: "A" },
  togawa: { fill: "#7d3c98", line: "#fff", emblem: "T" },
};
export const faction = (name) => FACTIONS[name] || { fill: "#999", line: "#222", emblem: "?" };

export const RESOURCES = ["oil", "metal", "wood", "food"];
// Each resource has its own shape as well as its colour (colour-blind safe).
const RES_STYLE = { oil: "#1d1d1d", metal: "#8a939b", wood: "#8b5a2b", food: "#e0b100" };

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) el.setAttribute(k, v);
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

// A resource token drawn at (x, y) with size r: oil a drop, metal a hexagon nut, wood a log, food a sheaf.
export function resourceShape(r, x, y, s = 5) {
  const fill = RES_STYLE[r] || "#777";
  const common = { fill, stroke: r === "oil" ? "#fff" : "#222", "stroke-width": 0.8, class: `res-icon res-${r}` };
  if (r === "oil") return svg("path", { ...common, d: `M${x},${y - s} C${x + s},${y} ${x + s * 0.8},${y + s} ${x},${y + s} C${x - s * 0.8},${y + s} ${x - s},${y} ${x},${y - s}Z` });
  if (r === "metal") return svg("polygon", { ...common, points: [0, 1, 2, 3, 4, 5].map((k) => { const a = Math.PI / 3 * k; return `${x + s * Math.cos(a)},${y + s * Math.sin(a)}`; }).join(" ") });
  if (r === "wood") return svg("rect", { ...common, x: x - s, y: y - s * 0.55, width: 2 * s, height: s * 1.1, rx: s * 0.5 });
  return svg("path", { ...common, d: `M${x - s},${y + s} L${x},${y - s} L${x + s},${y + s} Z` });
}

// The same icon as a small inline SVG for HTML panels and buttons.
export function resourceIcon(r, n = null) {
  const icon = svg("svg", { viewBox: "-6 -6 12 12", class: "icon", "aria-hidden": "true" }, resourceShape(r, 0, 0, 5));
  return h("span", { class: `res-chip res-${r}`, title: term(r) }, icon, n === null ? null : h("b", { dir: "ltr" }, String(n)));
}

let board = null;
let asked = false;
const waiting = [];

// The printed board and mats; calls `redraw` once when they arrive (the view draws without them meanwhile).
export function printed(redraw) {
  if (board) return board;
  waiting.push(redraw);
  if (!asked) {
    asked = true;
    fetch("api/boards/scythe").then((r) => (r.ok ? r.json() : null)).then((data) => {
      if (data && Array.isArray(data.hexes)) {
        board = data;
        for (const f of waiting.splice(0)) f();
      }
    }).catch(() => {});
  }
  return null;
}

export const isHex = (w) => /^\d+,\d+$/.test(w);

// Legal moves by the hex they name (a move naming no hex is not here).
export function byHex(legal) {
  const at = {};
  for (const a of legal) for (const w of a.split(" ")) if (isHex(w)) (at[w] = at[w] || []).push(a);
  return at;
}

// A move's label in the player's language: its verb from the catalogue, game words as terms, spaces as they are.
export function describe(action) {
  const [verb, ...rest] = action.split(" ");
  const key = `scythe.${verb}`;
  const label = t(key);
  return label === key ? action : `${label}${rest.length ? " " + rest.map((w) => (isHex(w) || /^\d+$/.test(w) ? w : term(w))).join(" ") : ""}`;
}

// Cost/gain pairs from card data ([type, amount]) as chips: resources as icons, the rest as "2 coins".
export function gainChips(pairs) {
  if (!pairs || !pairs.length) return [h("span", { class: "muted" }, t("scythe.nothing"))];
  return pairs.map(([type, n]) => (RESOURCES.includes(type) ? resourceIcon(type, n) : h("span", { class: "chip" }, `${n} ${term(type)}`)));
}

// A mat's mech or structure spot icon, in the owner's colour with a dark outline (readable for white and yellow).
const SHAPES = {
  mech: "M6,1 L11,11 L1,11 Z",
  mine: "M0.5,11 L3,2 L9,2 L11.5,11 Z M4.3,11 v-3 a1.7,1.7 0 0 1 3.4,0 v3 z",
  monument: "M4.8,11 L5.3,1 L6.7,1 L7.2,11 Z M2.5,11 h7",
  armory: "M1.5,1.5 h9 v3 q0,5 -4.5,7 q-4.5,-2 -4.5,-7 z",
  mill: "M6,6 L1.5,1.5 M6,6 L10.5,1.5 M6,6 L10.5,10.5 M6,6 L1.5,10.5 M4,11.5 h4 v-4 h-4 z",
};
export function spotIcon(kind, fill, on = true) {
  return svg("svg", { viewBox: "0 0 12 12.5", class: `spot-icon${on ? " on" : ""}`, "aria-hidden": "true" },
    svg("path", { d: SHAPES[kind], fill: kind === "mill" ? "none" : fill, stroke: kind === "mill" ? fill : "#222", "stroke-width": kind === "mill" ? 2.2 : 1 }),
    kind === "mill" ? svg("path", { d: SHAPES.mill, fill: "none", stroke: "#222", "stroke-width": 0.6 }) : null);
}
