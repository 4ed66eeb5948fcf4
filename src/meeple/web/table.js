// The game page: whose turn, the players, the board (drawn by the game's own view module), what happened since my
// last decision, the moves, and the end of the game; live over the game's WebSocket.
import { h, clear, fill, toast } from "./dom.js";
import { t } from "./i18n.js";
import { tokenFor, connect } from "./api.js";
import { viewFor } from "./views/index.js";
import { gameTitle, seatLabel } from "./labels.js";
import { logPanel, sincePanel, highlight } from "./log.js";
import { resultPanel } from "./result.js";

export function gamePage(app, id, seat) {
  clear(app);
  const token = seat === null ? null : tokenFor(id, seat);
  if (seat !== null && !token) {
    app.append(h("p", { class: "panel" }, t("error.noToken")), h("a", { class: "button", href: `#/game/${id}/watch` }, t("lobby.watch")));
    return () => {};
  }
  const root = h("div", { class: "game-page", id: "game" });
  const status = h("div", { class: "conn" });
  app.append(status, root);
  let view = null;
  let local = {};
  const shown = {};  // what the page remembers between views: the summary's open state, the last animated ply
  let clockTimer = null;
  let drawing = false;
  const conn = connect(id, seat, token, (msg) => {
    if (msg.type === "state") {
      if (!view || view.ply !== msg.ply) local = {};
      view = msg;
      // views can come faster than a page draws (bots at full speed): draw the newest once per frame
      if (!drawing) {
        drawing = true;
        requestAnimationFrame(() => { drawing = false; draw(); });
      }
    } else if (msg.type === "error") {
      toast(t("error.generic", { message: msg.message }));
    }
  }, (online) => { status.textContent = online ? "" : t("game.reconnecting"); status.hidden = online; });

  const play = (action) => {
    if (!conn.send({ type: "act", action, ply: view.ply })) toast(t("game.reconnecting"));
  };

  function draw() {
    const module = viewFor(view.game);
    root.dataset.ply = view.ply;  // lets people's tools and the browser tests see that a view arrived
    root.dataset.over = view.over;
    root.dataset.mine = view.legal.length > 0;
    const seatName = (i) => (view.seats[i] ? uniqueLabels(view.seats)[i] + (i === view.seat ? ` (${t("game.you")})` : "") : t("game.seat", { n: i + 1 }));
    // names go into sentences as isolated runs (FSI…PDI), so "random #2" never mixes with a Persian sentence's numbers
    const names = view.seats.map((s) => seatName(s.seat));
    const rival = module.seatName?.(view.players, view) ?? (view.players === 1 ? soloRival(view.game) : null);
    if (rival) names.push(rival);  // a solo game's rival (the Scythe Automa) decides as the seat after the last
    const ctx = { play, local, redraw: draw, seatName, names: names.map((n) => `\u2068${n}\u2069`) };
    fill(root,
      turnBanner(view, ctx),
      seatBar(view, ctx, module),
      view.over ? resultPanel(view, ctx) : null,
      sincePanel(view, ctx, shown),
      h("div", { class: "board", id: "board", dataset: { game: view.game } }, module.render(view, ctx)),
      view.legal.length ? movesPanel(view, ctx, module) : null,
      controls(view, conn),
      logPanel(view, ctx, module),
    );
    if (!view.over) highlight(root, view, shown);
    clearInterval(clockTimer);
    if (view.remaining !== null && view.remaining !== undefined && !view.over) {
      const end = Date.now() + view.remaining * 1000;
      const el = root.querySelector(".clock");
      clockTimer = setInterval(() => { if (el) el.textContent = t("game.clock", { s: Math.max(0, Math.ceil((end - Date.now()) / 1000)) }); }, 500);
    }
  }
  return () => { conn.close(); clearInterval(clockTimer); };
}

// The name of a solo game's rival, as the end of the game labels its column (score.<game>.automa).
function soloRival(game) {
  const key = `score.${game}.automa`;
  const text = t(key);
  return text === key ? null : text;
}

// Seats' labels, told apart where two would read alike (three "Bot: random"s get their seat numbers).
function uniqueLabels(seats) {
  const labels = seats.map(seatLabel);
  return labels.map((l, i) => (labels.indexOf(l) !== labels.lastIndexOf(l) ? `${l} #${i + 1}` : l));
}

function turnBanner(view, ctx) {
  let text;
  let cls = "turn";
  if (view.over) text = t("game.over");
  else if (view.current_player === view.seat) { text = t("game.yourTurn"); cls += " mine"; }
  else text = t("game.turn", { name: ctx.seatName(view.current_player) });
  const clock = view.remaining !== null && view.remaining !== undefined && !view.over;
  return h("div", { class: cls, id: "turn" },
    h("span", { class: "title" }, gameTitle(view.game)), " · ", h("strong", {}, text),
    view.seat === null ? h("span", { class: "muted" }, " · " + t("game.spectator")) : null,
    view.seeded ? h("span", { class: "seeded", id: "seeded", title: t("game.seededHelp") }, " · " + t("lobby.seededGame", { seed: view.seed })) : null,
    clock ? h("span", { class: "clock", id: "clock", dir: "ltr" }, t("game.clock", { s: Math.ceil(view.remaining) })) : null);
}

// The players in seat order; a game's view may add its own (the Scythe Automa) with seatExtras(view, ctx).
function seatBar(view, ctx, module) {
  let extras = null;
  try { extras = module.seatExtras?.(view, ctx) ?? null; } catch (e) { console.warn("seatExtras failed", e); }
  return h("ol", { class: "seats", id: "seats" }, view.seats.map((s) => h("li", {
    class: ["seat", s.seat === view.current_player && !view.over ? "current" : "", s.seat === view.seat ? "me" : ""].join(" "),
    dataset: { seat: s.seat, mark: `seat:${s.seat}` },
  }, h("span", { class: s.connected || s.kind === "bot" ? "dot on" : "dot" }), h("bdi", {}, ctx.seatName(s.seat)),
    view.timeouts[s.seat] ? h("small", {}, " " + t("game.timedOut", { n: view.timeouts[s.seat] })) : null)), extras);
}

function movesPanel(view, ctx, module) {
  const filter = h("input", { type: "search", class: "filter", placeholder: t("game.filter"), "aria-label": t("game.filter") });
  const list = h("ul", { class: "moves", id: "moves" }, view.legal.map((a) => {
    const text = module.describe(a, view);
    // the label and the notation are separate, direction-isolated runs: Persian text never swallows "buy 1.3"
    return h("li", {}, h("button", { type: "button", class: "move", dataset: { action: a }, onclick: () => ctx.play(a) },
      h("bdi", { class: "label" }, text), text === a ? null : h("code", { dir: "ltr" }, a)));
  }));
  filter.addEventListener("input", () => {
    const q = filter.value.toLowerCase();
    for (const li of list.children) li.hidden = q && !li.textContent.toLowerCase().includes(q);
  });
  const typed = h("input", { class: "typed", dir: "ltr", placeholder: t("game.typeMove"), "aria-label": t("game.typeMove") });
  const form = h("form", { class: "type-move", onsubmit: (e) => { e.preventDefault(); if (typed.value.trim()) ctx.play(typed.value.trim()); } }, typed, h("button", {}, t("game.play")));
  return h("section", { class: "panel moves-panel" }, h("h3", {}, t("game.moves"), ` (${view.legal.length})`), view.legal.length > 12 ? filter : null, list, form);
}

function controls(view, conn) {
  if (view.seat === null || view.over) return null;
  return h("div", { class: "controls" },
    view.can_undo ? h("button", { id: "undo", onclick: () => conn.send({ type: "undo", ply: view.ply }) }, t("game.undo")) : null,
    h("button", { class: "secondary", id: "leave", onclick: () => { if (confirm(t("game.leaveConfirm"))) conn.send({ type: "leave" }); } }, t("game.leave")));
}
