// The browser UI: lobby, game page and replay viewer, routed by the URL's hash.
import { h, clear, fill, toast } from "./dom.js";
import { t, setLanguage, preferred, language } from "./i18n.js";
import { get, post, mySeats, saveSeat, tokenFor, inviteLink, connect } from "./api.js";
import { viewFor } from "./views/index.js";

const app = document.getElementById("app");
let meta = null;
let teardown = () => {};

async function start() {
  const select = document.getElementById("lang");
  await setLanguage(preferred());
  select.value = language();
  select.addEventListener("change", async () => { await setLanguage(select.value); route(); });
  meta = await get("meta");
  window.addEventListener("hashchange", route);
  route();
}

function route() {
  teardown();
  teardown = () => {};
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "play" && parts.length === 4) {
    // An invitation: keep the token in this browser and take it out of the address bar.
    const [, id, seat, token] = parts;
    saveSeat(id, Number(seat), token);
    history.replaceState(null, "", `#/game/${id}/${seat}`);
    return gamePage(id, Number(seat));
  }
  if (parts[0] === "game" && parts.length >= 2) return gamePage(parts[1], parts[2] === undefined || parts[2] === "watch" ? null : Number(parts[2]));
  if (parts[0] === "replay" && parts.length >= 2) return replayPage(parts[1]);
  return lobbyPage();
}

const gameTitle = (name) => t(`game.${name}`);

function seatLabel(s) {
  if (s.kind === "bot") return s.name && s.name !== s.agent ? `${s.name} (${t("lobby.botName", { name: s.agent })})` : t("lobby.botName", { name: s.agent });
  return s.name || t("game.seat", { n: s.seat + 1 });
}

// ---------------------------------------------------------------- lobby

async function lobbyPage() {
  clear(app);
  const games = await get("games").catch((e) => { toast(e.message); return []; });
  const mine = mySeats();
  app.append(
    h("section", { class: "panel", id: "new-game" }, h("h2", {}, t("lobby.new")), newGameForm()),
    h("section", { class: "panel", id: "my-games" }, h("h2", {}, t("lobby.mine")), gameList(games.filter((g) => mine[g.id]), "mine")),
    h("section", { class: "panel", id: "open-games" }, h("h2", {}, t("lobby.open")),
      gameList(games.filter((g) => g.open && !g.over && g.seats.some((s) => s.kind === "human" && !s.joined)), "open")),
    h("section", { class: "panel", id: "recent-games" }, h("h2", {}, t("lobby.recent")), gameList(games, "recent")),
  );
}

function newGameForm() {
  const form = h("form", { class: "new-game", onsubmit: (e) => { e.preventDefault(); create(); } });
  const gameSel = h("select", { id: "ng-game", name: "game" }, meta.games.map((g) => h("option", { value: g.name }, gameTitle(g.name))));
  const playersSel = h("select", { id: "ng-players", name: "players" });
  const seatsBox = h("div", { class: "seats-choice" });
  const optionsBox = h("div", { class: "options-choice" });
  const nameIn = h("input", { id: "ng-name", maxlength: 40, placeholder: t("lobby.yourName") });
  const seedIn = h("input", { id: "ng-seed", type: "number", min: 0, inputmode: "numeric" });
  const clockIn = h("input", { id: "ng-clock", type: "number", min: 1, inputmode: "numeric" });
  const openIn = h("input", { id: "ng-open", type: "checkbox" });
  const out = h("div", { class: "created" });
  const info = () => meta.games.find((g) => g.name === gameSel.value);

  function fillPlayers() {
    const g = info();
    clear(playersSel);
    for (let n = g.min_players; n <= g.max_players; n++) playersSel.append(h("option", { value: n }, String(n)));
    clear(optionsBox);
    for (const key of Object.keys(g.options).filter((k) => !(k in g.option_choices))) {
      // an option without a fixed list of values: typed as JSON (a list, a number) or as plain text
      const input = h("input", { dataset: { freeOption: key }, placeholder: JSON.stringify(g.options[key]) });
      optionsBox.append(h("label", {}, h("span", {}, optionText(g.name, key)), input));
    }
    for (const [key, choices] of Object.entries(g.option_choices)) {
      const sel = h("select", { dataset: { option: key } }, choices.map((c) => h("option", { value: JSON.stringify(c) }, optionText(g.name, key, c))));
      sel.value = JSON.stringify(g.options[key]);
      optionsBox.append(h("label", {}, h("span", {}, optionText(g.name, key)), sel));
    }
    // A preset (e.g. Stone Age's house rules) shows the options it turns on, locked while it is chosen.
    for (const [key, presets] of Object.entries(g.option_presets || {})) {
      const preset = optionsBox.querySelector(`select[data-option="${key}"]`);
      if (!preset) continue;
      const apply = () => {
        const chosen = presets[preset.value] || {};
        for (const sel of optionsBox.querySelectorAll("select[data-option]")) {
          if (sel === preset || !Object.keys(presets).some((v) => sel.dataset.option in presets[v])) continue;
          const locked = sel.dataset.option in chosen;
          if (locked) sel.value = JSON.stringify(chosen[sel.dataset.option]);
          else if (sel.disabled) sel.value = JSON.stringify(g.options[sel.dataset.option]);
          sel.disabled = locked;
        }
      };
      preset.addEventListener("change", apply);
      apply();
    }
    fillSeats();
  }
  function fillSeats() {
    clear(seatsBox);
    const n = Number(playersSel.value);
    for (let i = 0; i < n; i++) {
      const sel = h("select", { class: "seat-kind", dataset: { seat: i } },
        h("option", { value: "human" }, t("lobby.human")),
        meta.agents.map((a) => h("option", { value: a }, t("lobby.botName", { name: a }))));
      sel.value = i === 0 ? "human" : meta.agents[0];
      seatsBox.append(h("label", {}, h("span", {}, t("game.seat", { n: i + 1 })), sel));
    }
  }
  if (meta.games.some((g) => g.name === "splendor")) gameSel.value = "splendor";
  gameSel.addEventListener("change", fillPlayers);
  playersSel.addEventListener("change", fillSeats);

  async function create() {
    const g = info();
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const options = {};
    for (const sel of optionsBox.querySelectorAll("select")) options[sel.dataset.option] = JSON.parse(sel.value);
    for (const input of optionsBox.querySelectorAll("input[data-free-option]")) {
      const text = input.value.trim();
      if (!text) continue;
      try { options[input.dataset.freeOption] = JSON.parse(text); } catch { options[input.dataset.freeOption] = text; }
    }
    const names = seats.map((k, i) => (i === seats.indexOf("human") ? nameIn.value : ""));
    const spec = { game: g.name, players: seats.length, seats, names, options, open: openIn.checked };
    if (seedIn.value !== "") spec.seed = Number(seedIn.value);
    if (clockIn.value !== "") spec.clock = Number(clockIn.value);
    let created;
    try { created = await post("games", spec); } catch (e) { toast(t("error.generic", { message: e.message })); return; }
    const humans = Object.keys(created.tokens).map(Number);
    for (const seat of humans) saveSeat(created.id, seat, created.tokens[seat], g.name);
    if (humans.length <= 1) { location.hash = humans.length ? `#/game/${created.id}/${humans[0]}` : `#/game/${created.id}/watch`; return; }
    fill(out,
      h("h3", {}, t("lobby.invite")), h("p", {}, t("lobby.inviteHelp")),
      h("ul", { class: "invites" }, humans.slice(1).map((seat) => {
        const link = inviteLink(created.id, seat, created.tokens[seat]);
        return h("li", {}, h("span", {}, t("game.seat", { n: seat + 1 })), h("input", { readonly: true, value: link, class: "invite-link", dataset: { seat } }),
          h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(link).then(() => toast(t("lobby.copied"))) }, t("lobby.copy")));
      })),
      h("a", { class: "button", href: `#/game/${created.id}/${humans[0]}`, id: "go-play" }, t("lobby.play")),
    );
  }
  fillPlayers();
  form.append(
    h("label", {}, h("span", {}, t("lobby.game")), gameSel),
    h("label", {}, h("span", {}, t("lobby.players")), playersSel),
    h("label", {}, h("span", {}, t("lobby.name")), nameIn),
    seatsBox,
    h("details", {}, h("summary", {}, t("lobby.options")), optionsBox,
      h("label", {}, h("span", {}, t("lobby.seed")), seedIn),
      h("label", {}, h("span", {}, t("lobby.clock")), clockIn),
      h("label", { class: "check" }, openIn, h("span", {}, t("lobby.openToAll")))),
    h("button", { type: "submit", id: "ng-create" }, t("lobby.create")),
    out,
  );
  return form;
}

function optionText(game, key, value) {
  if (typeof value === "boolean") return t(value ? "common.yes" : "common.no");
  const k = value === undefined ? `option.${game}.${key}` : `option.${game}.${key}.${value}`;
  const text = t(k);
  return text === k ? String(value === undefined ? key : value).replaceAll("_", " ") : text;
}

function gameList(games, kind) {
  if (!games.length) return h("p", { class: "muted" }, t("lobby.none"));
  const mine = mySeats();
  return h("ul", { class: "games" }, games.map((g) => {
    const status = g.over ? t("lobby.over") : t("lobby.playing");
    const who = g.seats.map(seatLabel).join(", ");
    const actions = [];
    if (kind === "mine") {
      for (const seat of Object.keys(mine[g.id].seats)) actions.push(h("a", { class: "button", href: `#/game/${g.id}/${seat}` }, t("lobby.play") + ` (${Number(seat) + 1})`));
    } else if (kind === "open") {
      for (const s of g.seats.filter((s) => s.kind === "human" && !s.joined)) {
        actions.push(h("button", { class: "join", onclick: async () => {
          try {
            const name = document.getElementById("ng-name")?.value || "";
            const r = await post(`games/${g.id}/join`, { seat: s.seat, name });
            saveSeat(g.id, s.seat, r.token, g.game);
            location.hash = `#/game/${g.id}/${s.seat}`;
          } catch (e) { toast(t("error.generic", { message: e.message })); }
        } }, t("lobby.join") + ` (${s.seat + 1})`));
      }
    }
    if (kind !== "mine") actions.push(h("a", { class: "button secondary", href: `#/game/${g.id}/watch` }, t("lobby.watch")));
    if (g.over) actions.push(h("a", { class: "button secondary", href: `#/replay/${g.id}` }, t("lobby.replay")));
    return h("li", { dataset: { id: g.id } }, h("strong", {}, gameTitle(g.game)), " · ", h("span", { class: "muted" }, status), h("div", { class: "who" }, who), h("div", { class: "actions" }, actions));
  }));
}

// ---------------------------------------------------------------- game page

async function gamePage(id, seat) {
  clear(app);
  const token = seat === null ? null : tokenFor(id, seat);
  if (seat !== null && !token) {
    app.append(h("p", { class: "panel" }, t("error.noToken")), h("a", { class: "button", href: `#/game/${id}/watch` }, t("lobby.watch")));
    return;
  }
  const root = h("div", { class: "game-page", id: "game" });
  const status = h("div", { class: "conn" });
  app.append(status, root);
  let view = null;
  let local = {};
  let clockTimer = null;
  const conn = connect(id, seat, token, (msg) => {
    if (msg.type === "state") {
      if (!view || view.ply !== msg.ply) local = {};
      view = msg;
      draw();
    } else if (msg.type === "error") {
      toast(t("error.generic", { message: msg.message }));
    }
  }, (online) => { status.textContent = online ? "" : t("game.reconnecting"); status.hidden = online; });
  teardown = () => { conn.close(); clearInterval(clockTimer); };

  const play = (action) => {
    if (!conn.send({ type: "act", action, ply: view.ply })) toast(t("game.reconnecting"));
  };

  function draw() {
    const module = viewFor(view.game);
    root.dataset.ply = view.ply;  // lets people's tools and the browser tests see that a view arrived
    root.dataset.over = view.over;
    root.dataset.mine = view.legal.length > 0;
    const ctx = { play, local, redraw: draw, seatName: (i) => seatLabel(view.seats[i]) + (i === view.seat ? ` (${t("game.you")})` : "") };
    fill(root,
      turnBanner(view, ctx),
      seatBar(view, ctx),
      h("div", { class: "board", id: "board", dataset: { game: view.game } }, module.render(view, ctx)),
      view.over ? resultPanel(view, ctx) : null,
      view.legal.length ? movesPanel(view, ctx, module) : null,
      controls(view, conn),
      logPanel(view, ctx, module),
    );
    clearInterval(clockTimer);
    if (view.remaining !== null && !view.over) {
      const end = Date.now() + view.remaining * 1000;
      const el = root.querySelector(".clock");
      clockTimer = setInterval(() => { if (el) el.textContent = t("game.clock", { s: Math.max(0, Math.ceil((end - Date.now()) / 1000)) }); }, 500);
    }
  }
}

function turnBanner(view, ctx) {
  let text;
  let cls = "turn";
  if (view.over) text = t("game.over");
  else if (view.current_player === view.seat) { text = t("game.yourTurn"); cls += " mine"; }
  else text = t("game.turn", { name: ctx.seatName(view.current_player) });
  return h("div", { class: cls, id: "turn" },
    h("span", { class: "title" }, gameTitle(view.game)), " · ", h("strong", {}, text),
    view.seat === null ? h("span", { class: "muted" }, " · " + t("game.spectator")) : null,
    view.remaining !== null && !view.over ? h("span", { class: "clock" }, t("game.clock", { s: Math.ceil(view.remaining) })) : null);
}

function seatBar(view, ctx) {
  return h("ol", { class: "seats" }, view.seats.map((s) => h("li", {
    class: ["seat", s.seat === view.current_player && !view.over ? "current" : "", s.seat === view.seat ? "me" : ""].join(" "),
    dataset: { seat: s.seat },
  }, h("span", { class: s.connected || s.kind === "bot" ? "dot on" : "dot" }), ctx.seatName(s.seat),
    view.timeouts[s.seat] ? h("small", {}, " " + t("game.timedOut", { n: view.timeouts[s.seat] })) : null)));
}

function movesPanel(view, ctx, module) {
  const filter = h("input", { type: "search", class: "filter", placeholder: t("game.filter"), "aria-label": t("game.filter") });
  const list = h("ul", { class: "moves", id: "moves" }, view.legal.map((a) => h("li", {},
    h("button", { type: "button", class: "move", dataset: { action: a }, onclick: () => ctx.play(a) }, module.describe(a, view), module.describe(a, view) === a ? null : h("code", {}, a)))));
  filter.addEventListener("input", () => {
    const q = filter.value.toLowerCase();
    for (const li of list.children) li.hidden = q && !li.textContent.toLowerCase().includes(q);
  });
  const typed = h("input", { class: "typed", placeholder: t("game.typeMove"), "aria-label": t("game.typeMove") });
  const form = h("form", { class: "type-move", onsubmit: (e) => { e.preventDefault(); if (typed.value.trim()) ctx.play(typed.value.trim()); } }, typed, h("button", {}, t("game.play")));
  return h("section", { class: "panel moves-panel" }, h("h3", {}, t("game.moves"), ` (${view.legal.length})`), view.legal.length > 12 ? filter : null, list, form);
}

function controls(view, conn) {
  if (view.seat === null || view.over) return null;
  return h("div", { class: "controls" },
    view.can_undo ? h("button", { id: "undo", onclick: () => conn.send({ type: "undo" }) }, t("game.undo")) : null,
    h("button", { class: "secondary", id: "leave", onclick: () => { if (confirm(t("game.leaveConfirm"))) conn.send({ type: "leave" }); } }, t("game.leave")));
}

function resultPanel(view, ctx) {
  const r = view.result;
  return h("section", { class: "panel result", id: "result" }, h("h3", {}, t("game.scores")),
    h("table", {}, h("tr", {}, h("th", {}, t("game.player")), h("th", {}, t("game.score")), h("th", {}, t("game.rank"))),
      r.scores.map((s, i) => h("tr", { class: r.winners.includes(i) ? "winner" : "" }, h("td", {}, ctx.seatName(i), r.winners.includes(i) ? " ★" : ""), h("td", {}, String(s)), h("td", {}, String(r.ranks[i]))))),
    h("a", { class: "button", href: `#/replay/${view.id}` }, t("replay.title")));
}

function logPanel(view, ctx, module) {
  const items = view.log.slice().reverse().map((e) => h("li", {}, h("span", { class: "who" }, ctx.seatName(e.seat)), ": ", module.describe(e.action, view)));
  return h("section", { class: "panel log" }, h("h3", {}, t("game.log"), ` (${view.moves})`), h("ol", { class: "log-list", reversed: true }, items));
}

// ---------------------------------------------------------------- replay viewer

async function replayPage(id) {
  clear(app);
  const summary = await get(`games/${id}`).catch((e) => { toast(e.message); return null; });
  if (!summary) return;
  const module = viewFor(summary.game);
  const root = h("div", { class: "replay", id: "replay" });
  app.append(root);
  let step = 0;
  let frame = null;
  async function show(n) {
    try { frame = await get(`games/${id}/replay/${n}`); } catch (e) { toast(t("error.generic", { message: e.message })); return; }
    step = frame.step;
    const view = { ...summary, observation: frame.observation, current_player: frame.current_player, seat: null, legal: [], over: frame.result !== null, result: frame.result, ply: step };
    const ctx = { play: () => {}, local: {}, redraw: () => {}, seatName: (i) => seatLabel(summary.seats[i]) };
    const slider = h("input", { type: "range", min: 0, max: frame.steps, value: step, "aria-label": t("replay.title"), onchange: (e) => show(Number(e.target.value)) });
    fill(root,
      h("div", { class: "turn" }, h("span", { class: "title" }, gameTitle(summary.game)), " · ", t("replay.title"), " · ", h("span", { id: "replay-step" }, t("replay.step", { n: step, total: frame.steps }))),
      h("div", { class: "replay-nav" },
        h("button", { onclick: () => show(0), disabled: step === 0 }, t("replay.first")),
        h("button", { id: "replay-prev", onclick: () => show(step - 1), disabled: step === 0 }, t("replay.prev")),
        slider,
        h("button", { id: "replay-next", onclick: () => show(step + 1), disabled: step === frame.steps }, t("replay.next")),
        h("button", { onclick: () => show(frame.steps), disabled: step === frame.steps }, t("replay.last"))),
      frame.action ? h("p", { class: "last-move" }, ctx.seatName(frame.seat), ": ", module.describe(frame.action, view)) : null,
      h("div", { class: "board", dataset: { game: summary.game } }, module.render(view, ctx)),
      view.result ? resultPanel({ ...view, id }, ctx) : null,
      h("a", { class: "button secondary", href: `api/games/${id}/record`, download: `${summary.game}-${id}.record.json` }, t("replay.record")),
    );
  }
  show(0);
}

start().catch((e) => { app.textContent = String(e); });
