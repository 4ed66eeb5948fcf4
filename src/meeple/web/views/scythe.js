// Scythe's table: the map (views/scythe/map.js), the player mats (mats.js) and the panels for combat, encounters,
// Factory cards, carrying and the solo Automa (panels.js). Every decision is made by clicking the thing it is about:
// a mat's section or spot, a unit, a hex, a card; what no piece offers is a button in the action bar, and the list
// of moves below the board stays as the fallback. Board elements carry `data-mark` as describe.py names them.
import { h } from "../dom.js";
import { t, term } from "../i18n.js";
import { describe as describeMove, printed, isHex } from "./scythe/common.js";
import { mapView } from "./scythe/map.js";
import { matView } from "./scythe/mats.js";
import { actionBar, automaPanel, carryPanel, chooserPanel, combatPanel, encounterPanel, factoryPanel, lastCombatPanel } from "./scythe/panels.js";

export function describe(action) {
  return describeMove(action);
}

const TOP_OPTIONS = new Set(["move", "coins", "power", "cards", "trade", "popularity", "produce", "no top"]);

// Which moves a board element offers (the rest go to the action bar).
function claimer(view) {
  const o = view.observation;
  const combat = Boolean(o.turn?.combat && !o.turn.combat.choose_order);
  const encounter = o.phase === "encounter";
  const choose = o.phase === "gain" && o.turn?.gain?.kind === "choose";
  const mine = o.players[view.seat] || {};
  return (a) => {
    const w = a.split(" ");
    if (a.startsWith("pick ")) return true;
    if (w.slice(1).some(isHex)) return true;
    if (/^section [1-4]$/.test(a)) return true;
    if (a === "section factory") return mine.factory_card !== null && mine.factory_card !== undefined;
    if (o.phase === "top" && TOP_OPTIONS.has(a) && o.turn?.section !== null && o.turn?.section < 4) return true;
    if (w[0] === "upgrade" || w[0] === "enlist" || w[0] === "reveal") return true;
    if (a.startsWith("pay card ")) return true;  // the card on my mat
    if (combat && (w[0] === "dial" || w[0] === "cards")) return true;
    if ((encounter || choose) && w[0] === "option") return true;
    if (a.startsWith("keep factory ")) return true;
    if (o.phase === "unit" && (w[0] === "load" || w[0] === "unload" || a === "stop")) return true;
    return false;
  };
}

export function render(view, ctx) {
  const board = printed(ctx.redraw);
  const o = view.observation;
  const pick = (hex, actions) => {
    if (!actions || !actions.length) return;
    if (actions.length === 1) return ctx.play(actions[0]);
    ctx.local.chosen = { title: hex || "", actions };
    ctx.redraw();
  };
  const mineSeat = view.seat !== null && view.seat < o.players.length ? view.seat : null;
  const others = o.players.map((_, i) => i).filter((i) => i !== mineSeat);
  const status = [
    `${term("phase")}: ${t(`scythe.phase.${o.phase}`)}`,
    `${term("turns")}: ${o.turns}`,
    o.structure_bonus ? t("scythe.bonus_tile", { tile: term(o.structure_bonus) }) : null,
    o.pending_combats?.length ? `${term("pending_combats")}: ${o.pending_combats.join(" · ")}` : null,
  ].filter(Boolean).join(" · ");
  return h("div", { class: "scythe" },
    h("p", { class: "status" }, status),
    h("div", { class: "scythe-table" },
      h("div", { class: "map-col" }, mapView(view, ctx, board, pick), h("p", { class: "muted legend" }, t("scythe.legend2"))),
      h("div", { class: "side" },
        combatPanel(view, ctx),
        encounterPanel(view, ctx, board),
        factoryPanel(view, ctx, board),
        carryPanel(view, ctx),
        chooserPanel(view, ctx),
        view.legal.length ? actionBar(view, ctx, claimer(view)) : null,
        lastCombatPanel(view, ctx),
        automaPanel(o, false, board),
        automaScore(view),
        mineSeat !== null ? matView(o.players[mineSeat], mineSeat, view, ctx, board) : null)),
    others.length ? h("div", { class: "players mats" }, others.map((seat) => folded(o.players[seat], seat, matView(o.players[seat], seat, view, ctx, board), ctx))) : null);
}

// Another seat's mat folds (closed at first on a phone): its summary keeps power, popularity and stars in sight.
const unfolded = {};
function folded(p, seat, mat, ctx) {
  const open = unfolded[seat] ?? !window.matchMedia("(max-width: 600px)").matches;
  return h("details", { class: "mat-fold", open, dataset: { seat }, ontoggle: (e) => { unfolded[seat] = e.target.open; } },
    h("summary", {}, h("bdi", {}, ctx.seatName(seat)), ` · ${term(p.faction)} · ${term("power")} ${p.power} · ${term("popularity")} ${p.popularity} · ${term("stars")} ${p.star_count}`),
    mat);
}

// A finished solo game: the Automa's score by category (coins, stars, territories at its popularity), beside mine.
function automaScore(view) {
  const parts = view.over && view.result?.details?.automa_breakdown;
  if (!parts) return null;
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return h("section", { class: "panel automa-score", id: "automa-score" }, h("h3", {}, t("scythe.automa.score")),
    h("table", { class: "breakdown" }, h("tbody", {},
      Object.entries(parts).map(([k, n]) => h("tr", {}, h("th", {}, t(`score.scythe.${k}`)), h("td", { dir: "ltr" }, String(n)))),
      h("tr", { class: "total" }, h("th", {}, term("total")), h("td", { dir: "ltr" }, String(total))))));
}

// The solo Automa as an item of the shell's player list: its star tracker and its last turn.
export function seatExtras(view) {
  const o = view.observation;
  if (!o || !o.automa) return null;
  return h("li", { class: `seat automa-seat${view.current_player === null ? "" : ""}`, dataset: { seat: 1, mark: "seat:1" } }, automaPanel(o, true));
}
