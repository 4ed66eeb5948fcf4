// The lobby: a new game's form, this browser's games, open seats and recent games.
import { h, clear, fill, toast } from "./dom.js";
import { t } from "./i18n.js";
import { get, post, mySeats, saveSeat, inviteLink } from "./api.js";
import { agentChoices, agentName, gameTitle, seatLabel } from "./labels.js";

export async function lobbyPage(app, meta) {
  clear(app);
  const games = await get("games").catch((e) => { toast(e.message); return []; });
  const mine = mySeats();
  app.append(
    h("section", { class: "panel", id: "new-game" }, h("h2", {}, t("lobby.new")), newGameForm(meta)),
    h("section", { class: "panel", id: "my-games" }, h("h2", {}, t("lobby.mine")), gameList(games.filter((g) => mine[g.id]), "mine")),
    h("section", { class: "panel", id: "open-games" }, h("h2", {}, t("lobby.open")),
      gameList(games.filter((g) => g.open && !g.over && g.seats.some((s) => s.kind === "human" && !s.joined)), "open")),
    h("section", { class: "panel", id: "recent-games" }, h("h2", {}, t("lobby.recent")), gameList(games, "recent")),
  );
}

function newGameForm(meta) {
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
        agentChoices(meta.agents).map((a) => h("option", { value: a }, t("lobby.botName", { name: agentName(a) }))));
      sel.value = i === 0 ? "human" : meta.agents.includes("medium") ? "medium" : meta.agents[0];
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
    if (seedIn.value !== "") Object.assign(spec, { seed: Number(seedIn.value), seeded: true });  // a chosen seed is shown to every seat
    if (clockIn.value !== "") spec.clock = Number(clockIn.value);
    let created;
    try { created = await post("games", spec); } catch (e) { toast(t("error.generic", { message: e.message })); return; }
    const humans = Object.keys(created.tokens).map(Number);
    for (const seat of humans) saveSeat(created.id, seat, created.tokens[seat], g.name);
    if (humans.length <= 1) { location.hash = humans.length ? `#/game/${created.id}/${humans[0]}` : `#/game/${created.id}/watch`; return; }
    fill(out,
      h("h3", {}, t("lobby.invite")), h("p", {}, t("lobby.inviteHelp")),
      h("ul", { class: "invites" }, humans.slice(1).map((seat) => {
        const link = inviteLink(created.id, seat, created.invites[seat]);
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
    const status = (g.over ? t("lobby.over") : t("lobby.playing")) + (g.seeded ? ` · ${t("lobby.seededGame", { seed: g.seed })}` : "");
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
