// The Scythe map as the board looks: terrain by colour and pattern, rivers on the hex edges they block, lakes,
// tunnels, the home bases with their faction's emblem, encounter tokens, structures and resources as icons, units
// as tokens by kind in faction colours; the hexes a move may name highlighted, the moving unit ringed, and the paths
// of the moves since my last decision drawn. The map pans and zooms (buttons, pinch, drag when zoomed in).
import { h } from "../../dom.js";
import { t, term } from "../../i18n.js";
import { svg, faction, resourceShape, byHex, isHex, RESOURCES } from "./common.js";

const SIZE = 30;
const TERRAIN = {
  village: "#e9c9a1", mountain: "#b3aba3", tundra: "#cde3d6", farm: "#f1df86", forest: "#7db07c",
  lake: "#86c0e6", factory: "#c8a6d8", home_base: "#f6f3ee",
};
// Corner k of a pointy-top hex sits at angle 60k - 30 degrees; an edge joins two corners.
const EDGE_CORNERS = { E: [0, 1], SE: [1, 2], SW: [2, 3], W: [3, 4], NW: [4, 5], NE: [5, 0] };
const KIND_ORDER = ["character", "mech", "worker"];

export function centre(col, row) {
  const x = SIZE * Math.sqrt(3) * (col + (row % 2 === 0 ? 0.5 : 0)) + SIZE;
  return [x, SIZE * 1.5 * row + SIZE];
}

function corner([x, y], k, r = SIZE) {
  const a = (Math.PI / 180) * (60 * k - 30);
  return [x + r * Math.cos(a), y + r * Math.sin(a)];
}

const hexPoints = (c, r = SIZE) => [0, 1, 2, 3, 4, 5].map((k) => corner(c, k, r).map((v) => v.toFixed(1)).join(",")).join(" ");

// One pattern per terrain, drawn over its colour, so terrains differ without colour too.
function patterns() {
  const p = (id, w, ht, ...body) => svg("pattern", { id, width: w, height: ht, patternUnits: "userSpaceOnUse" }, body);
  const ink = { stroke: "rgba(0,0,0,.28)", "stroke-width": 1, fill: "none" };
  return svg("defs", {},
    p("pat-farm", 8, 8, svg("path", { ...ink, d: "M0,8 L8,0" })),
    p("pat-forest", 12, 12, svg("path", { d: "M6,2 L10,9 L2,9 Z", fill: "rgba(0,60,0,.35)" })),
    p("pat-mountain", 14, 10, svg("path", { ...ink, d: "M0,9 L4,3 L8,9 M7,9 L11,4 L14,9" })),
    p("pat-tundra", 10, 10, svg("path", { ...ink, d: "M2,3 h3 M6,8 h3" })),
    p("pat-village", 12, 12, svg("path", { d: "M3,9 v-4 l3,-3 l3,3 v4 z", fill: "rgba(120,60,20,.3)" })),
    p("pat-lake", 14, 8, svg("path", { ...ink, stroke: "rgba(255,255,255,.7)", d: "M0,4 q3.5,-3 7,0 t7,0" })),
    p("pat-factory", 10, 10, svg("path", { ...ink, d: "M0,0 L10,10 M10,0 L0,10" })),
    p("pat-home_base", 6, 6, svg("circle", { cx: 3, cy: 3, r: 0.8, fill: "rgba(0,0,0,.2)" })),
    svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      svg("path", { d: "M0,0 L10,5 L0,10 z", class: "path-head" })),
  );
}

// Everything on each hex, from the observation; a solo game's Automa is side 1.
export function occupants(o) {
  const at = {};
  const spot = (id) => (at[id] = at[id] || { units: [], structures: [], resources: null, encounter: false });
  const sides = [...o.players, ...(o.automa ? [o.automa] : [])];
  sides.forEach((p, side) => {
    const add = (id, kind) => {
      if (!id) return;
      const here = spot(id).units;
      const same = here.find((u) => u.side === side && u.kind === kind);
      if (same) same.n += 1;
      else here.push({ side, kind, n: 1, faction: p.faction });
    };
    add(p.character, "character");
    for (const id of p.mechs || []) add(id, "mech");
    for (const id of p.workers || []) add(id, "worker");
  });
  for (const [id, s] of Object.entries(o.structures || {})) spot(id).structures.push({ side: s.owner, kind: s.structure, faction: sides[s.owner]?.faction });
  for (const [id, res] of Object.entries(o.resources || {})) spot(id).resources = res;
  for (const id of o.encounter_tokens || []) spot(id).encounter = true;
  return at;
}

// A unit token: character a disc with the faction's emblem, mech a shield, worker a small square; a count on stacks.
function unitToken(u, x, y, extra) {
  const f = faction(u.faction);
  const cls = `unit unit-${u.kind}${extra.cls ? " " + extra.cls : ""}`;
  const style = { fill: f.fill, stroke: f.line, "stroke-width": 1.6 };
  const halo = { fill: "none", stroke: f.line === "#fff" ? "#222" : "#fff", "stroke-width": 3.6 };
  let shape;
  if (u.kind === "character") shape = [svg("circle", { cx: x, cy: y, r: 7.5, ...halo }), svg("circle", { cx: x, cy: y, r: 7.5, ...style }),
    svg("text", { x, y: y + 3.2, class: "emblem", fill: f.line }, f.emblem)];
  else if (u.kind === "mech") {
    const d = `M${x},${y - 8.5} L${x + 8},${y + 5.5} L${x - 8},${y + 5.5} Z`;
    shape = [svg("path", { d, ...halo }), svg("path", { d, ...style }), svg("text", { x, y: y + 4, class: "emblem small", fill: f.line }, f.emblem)];
  } else shape = [svg("rect", { x: x - 4.5, y: y - 4.5, width: 9, height: 9, rx: 1.5, ...halo }), svg("rect", { x: x - 4.5, y: y - 4.5, width: 9, height: 9, rx: 1.5, ...style })];
  const count = u.n > 1 ? svg("text", { x: x + 7, y: y + 9, class: "count" }, `×${u.n}`) : null;
  return svg("g", { class: cls, "data-mark": `unit:${u.side}:${u.kind}:${extra.hex}`, "data-hex": extra.hex, "data-action": extra.action || null, "data-kind": u.kind, "data-side": u.side },
    svg("title", {}, `${term(u.faction)} · ${term(u.kind)}${u.n > 1 ? ` ×${u.n}` : ""}`), shape, count);
}

// A structure icon in its owner's colour: mine a pit, monument an obelisk, armory a shield, mill a windmill.
function structureIcon(s, x, y, hex) {
  const f = faction(s.faction);
  const st = { fill: f.fill, stroke: f.line === "#fff" ? "#222" : "#222", "stroke-width": 1.2 };
  const body = {
    mine: [svg("path", { ...st, d: `M${x - 7},${y + 5} L${x - 4},${y - 4} L${x + 4},${y - 4} L${x + 7},${y + 5} Z` }),
      svg("path", { d: `M${x - 2.5},${y + 5} v-4 a2.5,2.5 0 0 1 5,0 v4 z`, fill: "#222" })],  // a mound with its shaft, not a triangle like a mech
    monument: svg("path", { ...st, d: `M${x - 2.5},${y + 6} L${x - 1.5},${y - 6} L${x + 1.5},${y - 6} L${x + 2.5},${y + 6} Z M${x - 5},${y + 6} h10` }),
    armory: svg("path", { ...st, d: `M${x - 6},${y - 6} h12 v4 q0,7 -6,10 q-6,-3 -6,-10 z M${x},${y - 6} v14` }),
    mill: svg("path", { ...st, d: `M${x},${y} L${x - 6},${y - 6} M${x},${y} L${x + 6},${y - 6} M${x},${y} L${x + 6},${y + 6} M${x},${y} L${x - 6},${y + 6} M${x - 3},${y + 7} h6 v-5 h-6 z`, "stroke-width": 2.2 }),
  }[s.kind];
  return svg("g", { class: `structure structure-${s.kind}`, "data-mark": `structure:${s.side}:${s.kind} hex:${hex}` }, svg("title", {}, `${term(s.kind)} · ${term(s.faction)}`), body);
}

// The moves since my last decision, as paths: each step's or each unit's from → to.
function paths(view) {
  const since = view.seat !== null && view.since > 0 ? view.since : 0;
  const entries = (view.events || []).filter((e) => e.ply >= since && (view.seat === null || e.seat !== view.seat || since === 0));
  const out = [];
  for (const entry of entries.slice(-40)) {
    for (const e of entry.events) {
      const p = e.params || {};
      if (["scythe.step", "scythe.step_carrying", "scythe.moved", "scythe.moved_home"].includes(e.kind) && isHex(p.from || "") && isHex(p.to || "")) {
        out.push({ from: p.from, to: p.to, side: e.seat });
      }
    }
  }
  return out;
}

let zoom = { k: 1, x: 0, y: 0 };  // kept across redraws: the map stays where the player left it

export function mapView(view, ctx, board, pick) {
  const o = view.observation;
  const at = occupants(o);
  const ids = board ? board.hexes.map((x) => x.id) : Object.keys(at);
  const info = board ? Object.fromEntries(board.hexes.map((x) => [x.id, x])) : {};
  const active = new Set((o.players || []).map((p) => p.faction).concat(o.automa ? [o.automa.faction] : []));
  const legal = ctx.local.prefix ? view.legal.filter((a) => a.startsWith(ctx.local.prefix)) : view.legal;
  const legalAt = byHex(legal.filter((a) => !a.startsWith("pick ")));
  const picks = new Set(view.legal.filter((a) => a.startsWith("pick ")));
  const moving = o.turn?.moving;
  const me = view.seat;
  let maxX = 0;
  let maxY = 0;
  const layers = { cells: [], rivers: [], marks: [], things: [], units: [] };
  for (const id of ids) {
    const [col, row] = id.split(",").map(Number);
    const c = centre(col, row);
    maxX = Math.max(maxX, c[0] + SIZE);
    maxY = Math.max(maxY, c[1] + SIZE);
    const hex = info[id] || {};
    const kind = hex.kind === "home_base" ? "home_base" : hex.terrain || "home_base";
    const acts = legalAt[id] || [];
    const fighting = o.turn?.combat?.space === id || (o.pending_combats || []).includes(id);
    // a hex the moving unit can step to is drawn apart from the other targets (produce, deploy, pay...)
    const reach = moving && acts.length > 0 && acts.every((a) => a.startsWith("to "));
    const cls = ["hex", `t-${kind}`, acts.length ? "playable" : "", reach ? "reach" : "", moving && moving.space === id ? "moving" : "", fighting ? "combat" : ""].filter(Boolean).join(" ");
    const label = `${id} · ${term(kind)}${hex.tunnel ? " · " + term("tunnel") : ""}${hex.faction ? " · " + term(hex.faction) : ""}`;
    layers.cells.push(svg("g", {
      class: cls, "data-hex": id, "data-mark": `hex:${id}`, tabindex: acts.length ? 0 : null, role: acts.length ? "button" : null, "aria-label": label,
    }, svg("title", {}, label),
      svg("polygon", { points: hexPoints(c), fill: TERRAIN[kind] || "#eee", class: "ground" }),
      svg("polygon", { points: hexPoints(c), fill: `url(#pat-${kind})`, class: "pattern" }),
      acts.length ? svg("polygon", { points: hexPoints(c, SIZE - 3), class: "target" }) : null,
      reach ? svg("circle", { cx: c[0], cy: c[1], r: 4, class: "reach-dot" }) : null,
      fighting ? svg("polygon", { points: hexPoints(c, SIZE - 1.5), class: "combat-ring" }) : null));
    for (const dir of hex.river_edges || []) {
      const [a, b] = EDGE_CORNERS[dir] || [];
      if (a === undefined) continue;
      const [x1, y1] = corner(c, a);
      const [x2, y2] = corner(c, b);
      layers.rivers.push(svg("line", { x1, y1, x2, y2, class: "river" }));
    }
    if (hex.kind === "home_base") {
      const f = faction(hex.faction);
      const on = active.has(hex.faction);
      layers.marks.push(svg("g", { class: `home${on ? "" : " inactive"}` },
        svg("circle", { cx: c[0], cy: c[1] - 8, r: 11, fill: on ? f.fill : "#ddd", stroke: on ? "#222" : "#aaa", "stroke-width": 2 }),
        svg("text", { x: c[0], y: c[1] - 3.5, class: "home-emblem", fill: on ? f.line : "#999" }, f.emblem)));
    }
    if (hex.terrain === "factory") layers.marks.push(svg("path", { class: "factory-icon", d: gear(c[0], c[1] - 12, 6) }));
    if (hex.tunnel) layers.marks.push(svg("path", { class: "tunnel", d: `M${c[0] - 9},${c[1] + 19} v-5 a9,8 0 0 1 18,0 v5 z` }));
    const here = at[id];
    if (!here) continue;
    if (here.encounter) layers.things.push(svg("g", { class: "encounter", "data-mark": `encounter-token:${id}` },
      svg("circle", { cx: c[0] + 13, cy: c[1] - 14, r: 5.5 }), svg("text", { x: c[0] + 13, y: c[1] - 11.5 }, "!")));
    here.structures.forEach((s, i) => layers.things.push(structureIcon(s, c[0] - 12 + i * 10, c[1] - 14, id)));
    if (here.resources) {
      const res = RESOURCES.filter((r) => here.resources[r]);
      res.forEach((r, i) => {
        const x = c[0] - 15 + i * 10;
        const y = c[1] + 13;
        layers.things.push(svg("g", { class: "res", "data-mark": `res:${id}:${r}` }, svg("title", {}, `${here.resources[r]} ${term(r)}`),
          resourceShape(r, x, y, 3.6), svg("text", { x: x, y: y + 10, class: "res-count" }, String(here.resources[r]))));
      });
    }
    const units = here.units.slice().sort((a, b) => a.side - b.side || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
    const home = hex.kind === "home_base";
    units.forEach((u, i) => {
      const x = c[0] - 12 + (i % 3) * 12;
      const y = c[1] + (home ? 12 : -1) + Math.floor(i / 3) * 11;  // on a home base, below its emblem
      const action = u.side === me ? pickAction(u.kind, id, picks) : null;
      const isMoving = moving && u.side === view.current_player && moving.space === id && moving.unit === u.kind;
      layers.units.push(unitToken(u, x, y, { hex: id, action, cls: [action ? "playable" : "", isMoving ? "moving" : ""].filter(Boolean).join(" ") }));
    });
  }
  const trails = paths(view).map((p) => {
    const [a, b] = [p.from, p.to].map((id) => centre(...id.split(",").map(Number)));
    const f = faction(p.side === null || p.side === undefined ? null : sideFaction(o, p.side));
    // a dark line under the faction's dashes: a white (Polania) or yellow (Crimea) path shows on every terrain
    return svg("g", { class: "path-pair" },
      svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "path-under", "marker-end": "url(#arrow)" }),
      svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "path", stroke: f.fill }));
  });
  const W = Math.ceil(maxX + SIZE);
  const H = Math.ceil(maxY + SIZE);
  const root = svg("svg", { class: "hexmap", role: "group", "aria-label": t("scythe.map"), "data-zoom": zoom.k },
    patterns(), layers.cells, layers.rivers, layers.marks, layers.things, svg("g", { class: "paths" }, trails), layers.units);
  const frame = () => {
    const w = W / zoom.k;
    const hh = H / zoom.k;
    zoom.x = Math.max(0, Math.min(W - w, zoom.x));
    zoom.y = Math.max(0, Math.min(H - hh, zoom.y));
    root.setAttribute("viewBox", `${zoom.x.toFixed(1)} ${zoom.y.toFixed(1)} ${w.toFixed(1)} ${hh.toFixed(1)}`);
    root.dataset.zoom = zoom.k;
    root.style.touchAction = zoom.k > 1 ? "none" : "pan-y";
  };
  // Zoom by f about the map point (cx, cy), which stays where it is on the screen (the view's centre by default).
  const zoomBy = (f, cx = zoom.x + W / zoom.k / 2, cy = zoom.y + H / zoom.k / 2) => {
    const k = Math.max(1, Math.min(4, zoom.k * f));
    const fx = (cx - zoom.x) / (W / zoom.k);
    const fy = (cy - zoom.y) / (H / zoom.k);
    zoom = { k, x: cx - fx * W / k, y: cy - fy * H / k };
    frame();
  };
  // A screen point as a map point, for zooming about the fingers or the mouse.
  const toMap = (clientX, clientY) => {
    const rect = root.getBoundingClientRect();
    return [zoom.x + ((clientX - rect.left) / Math.max(1, rect.width)) * (W / zoom.k), zoom.y + ((clientY - rect.top) / Math.max(1, rect.height)) * (H / zoom.k)];
  };
  frame();
  panAndPinch(root, () => ({ W, H }), zoomBy, frame, toMap);
  // ctrl + wheel (a trackpad's pinch sends the same) zooms about the pointer; a plain wheel scrolls the page
  root.addEventListener("wheel", (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    zoomBy(Math.exp(-e.deltaY / 300), ...toMap(e.clientX, e.clientY));
  }, { passive: false });
  const activate = (target) => {
    const unit = target.closest("g.unit.playable");
    if (unit) return pick(null, [unit.dataset.action]);
    // a unit standing on a highlighted hex does not hide the hex from a click
    const g = target.closest("[data-hex]");
    if (g && legalAt[g.dataset.hex]) pick(g.dataset.hex, legalAt[g.dataset.hex]);
  };
  root.addEventListener("click", (e) => { if (!root.dataset.dragged) activate(e.target); });
  root.addEventListener("keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target.closest && e.target.closest("g.hex.playable, g.unit.playable")) { e.preventDefault(); activate(e.target); }
  });
  for (const u of layers.units) if (u.classList.contains("playable")) { u.setAttribute("tabindex", "0"); u.setAttribute("role", "button"); }
  const zoomButtons = h("div", { class: "zoom", role: "group", "aria-label": t("scythe.map") },
    h("button", { type: "button", class: "zoom-in", title: t("scythe.zoom_in"), "aria-label": t("scythe.zoom_in"), onclick: () => zoomBy(1.5) }, "+"),
    h("button", { type: "button", class: "zoom-out", title: t("scythe.zoom_out"), "aria-label": t("scythe.zoom_out"), onclick: () => zoomBy(1 / 1.5) }, "−"),
    h("button", { type: "button", class: "zoom-fit", title: t("scythe.zoom_reset"), "aria-label": t("scythe.zoom_reset"), onclick: () => { zoom = { k: 1, x: 0, y: 0 }; frame(); } }, "⤢"));
  return h("div", { class: "map-wrap", dir: "ltr" }, root, zoomButtons);
}

function sideFaction(o, side) {
  return side < o.players.length ? o.players[side].faction : o.automa?.faction;
}

function pickAction(kind, id, picks) {
  const a = kind === "character" ? "pick character" : `pick ${kind} ${id}`;
  return picks.has(a) ? a : null;
}

function gear(x, y, r) {
  let d = "";
  for (let k = 0; k < 8; k++) {
    const a = (Math.PI / 4) * k;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    d += `M${(x + c * r * 0.6).toFixed(1)},${(y + s * r * 0.6).toFixed(1)} L${(x + c * r).toFixed(1)},${(y + s * r).toFixed(1)} `;
  }
  return d + `M${x + r * 0.6},${y} a${r * 0.6},${r * 0.6} 0 1 0 0,0.01`;
}

// Drag to pan once zoomed in; two fingers pinch about their midpoint. A drag never also counts as a click on a hex.
function panAndPinch(root, size, zoomBy, frame, toMap) {
  const pts = new Map();
  let start = null;
  // the gesture starts again from the fingers now down (a second finger down, or one of two lifted)
  const restart = () => {
    const [p] = pts.values();
    start = p ? { x: p.x, y: p.y, zx: zoom.x, zy: zoom.y, dist: pinchDistance(pts) } : null;
  };
  root.addEventListener("pointerdown", (e) => {
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size === 1) delete root.dataset.dragged;
    restart();
  });
  root.addEventListener("pointermove", (e) => {
    if (!pts.has(e.pointerId) || !start) return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size === 2) {
      const d = pinchDistance(pts);
      if (start.dist && d) {
        const [a, b] = [...pts.values()];
        zoomBy(d / start.dist, ...toMap((a.x + b.x) / 2, (a.y + b.y) / 2));
        start.dist = d;
        root.dataset.dragged = "1";
      }
      return;
    }
    const rect = root.getBoundingClientRect();
    const { W } = size();
    const unit = W / zoom.k / Math.max(1, rect.width);
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (zoom.k > 1 && (root.dataset.dragged || Math.hypot(dx, dy) > 6)) {
      root.dataset.dragged = "1";
      zoom.x = start.zx - dx * unit;
      zoom.y = start.zy - dy * unit;
      frame();
    }
  });
  const end = (e) => {
    pts.delete(e.pointerId);
    restart();
    if (!pts.size) setTimeout(() => { delete root.dataset.dragged; }, 0);
  };
  root.addEventListener("pointerup", end);
  root.addEventListener("pointercancel", end);
}

function pinchDistance(pts) {
  if (pts.size !== 2) return 0;
  const [a, b] = [...pts.values()];
  return Math.hypot(a.x - b.x, a.y - b.y);
}
