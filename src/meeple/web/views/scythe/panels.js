// The decisions that are not a hex or a mat spot, drawn as the game's pieces: the combat (power dial and combat
// cards, then the reveal for both sides), the encounter card with its options, the Factory cards to keep, the carry
// panel of a moving unit, a choice among moves on one hex, the Automa's panel, and buttons for what is left.
import { h } from "../../dom.js";
import { t, term } from "../../i18n.js";
import { describe, faction, resourceIcon, gainChips, RESOURCES } from "./common.js";
import { factoryText } from "./mats.js";

const button = (a, label, ctx, cls = "") => h("button", { type: "button", class: `option playable ${cls}`.trim(), dataset: { action: a }, onclick: () => ctx.play(a) }, label);

// The label of a move as a chip: a resource put, loaded or unloaded shows its icon.
function moveLabel(a) {
  const words = a.split(" ");
  const r = words.find((w) => RESOURCES.includes(w));
  return r ? [resourceIcon(r), " ", describe(a)] : describe(a);
}

const sideName = (o, side, ctx) => (side < o.players.length ? ctx.seatName(side) : term("automa"));

export function combatPanel(view, ctx) {
  const o = view.observation;
  const c = o.turn?.combat;
  if (!c || c.choose_order) return null;
  const mine = view.legal.filter((a) => a.startsWith("dial ") || a.startsWith("cards "));
  const me = view.seat;
  const role = c.attacker === me ? "attacker" : c.defender === me ? "defender" : null;
  const side = (name) => h("div", { class: `combatant ${name}`, style: `--seat:${faction(sideFaction(o, c[name])).fill}` },
    emblem(sideFaction(o, c[name])), h("b", {}, h("bdi", {}, sideName(o, c[name], ctx))), " ",
    c[`${name}_dial`] !== null && c[`${name}_dial`] !== undefined ? h("span", { class: "dial-value" }, `⟳ ${c[`${name}_dial`]}`) : null,
    (c[`${name}_cards`] || []).map((v) => h("span", { class: "combat-card" }, String(v))),
    c[`${name}_chosen`] ? h("small", { class: "muted" }, " ✓") : null);
  let choice = null;
  if (mine.some((a) => a.startsWith("dial "))) {
    const max = Math.max(...mine.filter((a) => a.startsWith("dial ")).map((a) => Number(a.slice(5))));
    choice = h("div", { class: "dial", role: "group", "aria-label": t("scythe.combat.dial", { max }) }, h("small", {}, t("scythe.combat.dial", { max })),
      h("div", { class: "dial-face" }, mine.filter((a) => a.startsWith("dial ")).map((a) => button(a, a.slice(5), ctx, "dial-step"))));
  } else if (mine.some((a) => a.startsWith("cards "))) {
    const hand = (o.players[me]?.combat_cards || []).slice().sort((a, b) => b - a);
    const picked = ctx.local.cards || [];
    const cap = Math.max(0, ...mine.map((a) => (a === "cards none" ? 0 : a.slice(6).split("+").length)));
    const text = (list) => (list.length ? `cards ${list.slice().sort((a, b) => b - a).join("+")}` : "cards none");
    const chosen = new Map();
    for (const v of picked) chosen.set(v, (chosen.get(v) || 0) + 1);
    const used = new Map();
    const toggles = hand.map((v, i) => {
      used.set(v, (used.get(v) || 0) + 1);
      const on = used.get(v) <= (chosen.get(v) || 0);
      const next = on ? removeOne(picked, v) : [...picked, v];
      const ok = on || mine.includes(text(next));
      return h("button", { type: "button", class: `combat-card toggle${on ? " on" : ""}${ok ? " playable" : ""}`, "aria-pressed": on ? "true" : "false", disabled: !ok, dataset: { card: v, i },
        onclick: () => { ctx.local.cards = next; ctx.redraw(); } }, String(v));
    });
    const commit = text(picked);
    choice = h("div", { class: "card-choice" }, h("small", {}, t("scythe.combat.cards", { n: cap })), h("div", { class: "hand" }, toggles),
      mine.includes(commit) ? button(commit, `${t("scythe.combat.commit")}: ${describe(commit)}`, ctx, "commit") : null);
  } else if (role) {
    choice = h("p", { class: "muted" }, t("scythe.combat.waiting"));
  }
  return h("section", { class: "panel combat", id: "combat", dataset: { mark: `hex:${c.space}` } },
    h("h3", {}, t("scythe.combat.title", { hex: c.space })), h("div", { class: "combatants" }, side("attacker"), h("span", { class: "vs" }, "⚔"), side("defender")), choice);
}

function emblem(name) {
  const f = faction(name);
  return h("span", { class: "emblem-chip small", style: `background:${f.fill};color:${f.line}`, title: term(name) }, f.emblem);
}

function removeOne(list, v) {
  const i = list.indexOf(v);
  return i < 0 ? list : [...list.slice(0, i), ...list.slice(i + 1)];
}

function sideFaction(o, side) {
  return side < o.players.length ? o.players[side].faction : o.automa?.faction;
}

// The last combat's reveal: both sides' dial and cards and who won, for everyone.
export function lastCombatPanel(view, ctx) {
  const o = view.observation;
  const lc = o.last_combat;
  if (!lc) return null;
  const side = (name) => h("span", { class: `combatant ${name}${lc.winner === lc[name] ? " winner" : ""}`, style: `--seat:${faction(sideFaction(o, lc[name])).fill}` },
    emblem(sideFaction(o, lc[name])), h("bdi", {}, sideName(o, lc[name], ctx)), " ", h("b", { dir: "ltr" }, String(lc[`${name}_dial`] + lc[`${name}_cards`])),
    h("small", { dir: "ltr" }, ` (⟳${lc[`${name}_dial`]} + ${lc[`${name}_cards`]})`), lc.winner === lc[name] ? " ★" : null);
  return h("section", { class: "panel last-combat", id: "last-combat", dataset: { mark: `hex:${lc.space}` } },
    h("small", {}, `${t("scythe.combat.last")} · ${lc.space}`), " ", side("attacker"), h("span", { class: "vs" }, " ⚔ "), side("defender"));
}

export function encounterPanel(view, ctx, board) {
  const enc = view.observation.turn?.encounter;
  if (!enc) return null;
  const options = board?.table?.encounters?.[enc.card] || [];
  return h("section", { class: "panel encounter-card", id: "encounter", dataset: { mark: `encounter:${enc.card}` } },
    h("h3", {}, t("scythe.encounter.title", { card: enc.card })),
    h("ol", { class: "encounter-options" }, ["a", "b", "c"].map((letter, i) => {
      const a = `option ${letter}`;
      const [cost, gain] = options[i] || [[], []];
      const ok = view.legal.includes(a) && view.observation.phase === "encounter";
      const taken = (enc.options_taken || []).includes(letter);
      return h("li", {}, h(ok ? "button" : "div", { type: ok ? "button" : null, class: `encounter-option${ok ? " playable" : ""}${taken ? " taken" : ""}`, dataset: { action: a }, onclick: ok ? () => ctx.play(a) : null },
        h("b", {}, letter.toUpperCase()), " ", gainChips(cost), " → ", gainChips(gain)));
    })));
}

export function factoryPanel(view, ctx, board) {
  const keep = view.legal.filter((a) => a.startsWith("keep factory "));
  const choose = view.observation.phase === "gain" && view.observation.turn?.gain?.kind === "choose" ? view.legal.filter((a) => a.startsWith("option ")) : [];
  if (!keep.length && !choose.length) return null;
  const table = board?.table;
  if (keep.length) {
    return h("section", { class: "panel factory-pick", id: "factory" }, h("h3", {}, t("scythe.factory.title")),
      h("div", { class: "factory-cards" }, keep.map((a) => {
        const card = Number(a.split(" ")[2]);
        return h("button", { type: "button", class: "factory-card playable", dataset: { action: a, mark: `factory:${card}` }, onclick: () => ctx.play(a) }, h("b", {}, `${term("factory_card")} ${card}`), factoryText(table, card));
      })));
  }
  const card = view.observation.players[view.seat]?.factory_card;
  const gains = table?.factory_cards?.[card]?.gain || [];
  return h("section", { class: "panel factory-pick", id: "factory" }, h("h3", {}, `${term("factory_card")} ${card}`),
    h("div", { class: "factory-cards" }, choose.map((a) => {
      const i = "abc".indexOf(a.split(" ")[1]);
      return button(a, gains[i] ? gainChips([gains[i]]) : describe(a), ctx);
    })));
}

export function carryPanel(view, ctx) {
  const m = view.observation.turn?.moving;
  if (!m || view.observation.phase !== "unit" || view.current_player !== view.seat) return null;
  const acts = view.legal.filter((a) => a.startsWith("load ") || a.startsWith("unload ") || a === "stop");
  const cargo = Object.entries(m.cargo || {}).map(([r, n]) => resourceIcon(r, n));
  if (m.workers) cargo.push(h("span", { class: "chip" }, `${m.workers} ${term("worker")}`));
  return h("section", { class: "panel carry", id: "carry" },
    h("h3", {}, `${term(m.unit)} · ${m.space}`), h("small", {}, t("scythe.carry.title")), " ",
    h("span", { class: "cargo" }, cargo.length ? cargo : t("scythe.nothing")),
    h("div", { class: "carry-actions" }, acts.map((a) => button(a, moveLabel(a), ctx))));
}

// A choice among the moves one click names (a hex with several: which resource to put, which structure...).
export function chooserPanel(view, ctx) {
  const c = ctx.local.chosen;
  if (!c) return null;
  const acts = c.actions.filter((a) => view.legal.includes(a));
  return h("section", { class: "chooser panel", id: "chooser" }, h("strong", {}, c.title),
    h("div", { class: "chooser-actions" }, acts.map((a) => button(a, moveLabel(a), ctx))),
    h("button", { type: "button", class: "secondary", onclick: () => { ctx.local.chosen = null; ctx.redraw(); } }, t("game.cancel")));
}

// The moves no board element offers, as buttons in game terms (done, stop, end turn, bottom only, artillery...).
export function actionBar(view, ctx, claimed) {
  const rest = view.legal.filter((a) => !claimed(a));
  const cancel = ctx.local.prefix ? h("button", { type: "button", class: "secondary", id: "cancel-spot", onclick: () => { ctx.local.prefix = null; ctx.redraw(); } }, `${t("game.cancel")}: ${describe(ctx.local.prefix.trim())}`) : null;
  if (!rest.length && !cancel) return null;
  return h("div", { class: "action-bar", id: "action-bar" }, cancel, rest.map((a) => button(a, moveLabel(a), ctx)));
}

// The solo Automa: level, scheme, star tracker, stars, power, cards (face down), Factory card, last turn.
export function automaPanel(o, compact = false, board = null) {
  const a = o.automa;
  if (!a) return null;
  const f = faction(a.faction);
  const lastCard = (a.discard || [])[a.discard.length - 1];
  const ticks = Array.from({ length: a.tracker_spaces }, (_, i) => h("span", { class: `tick${i + 1 === a.tracker_space ? " at" : i + 1 < a.tracker_space ? " past" : ""}` }));
  const stars = Object.entries(a.stars || {}).flatMap(([k, n]) => Array.from({ length: n }, () => h("span", { class: "star", title: term(`star_${k}`) }, "★")));
  return h(compact ? "div" : "section", { class: `automa${compact ? "" : " panel"}`, id: compact ? null : "automa", style: `--seat:${f.fill}`, dataset: compact ? {} : { mark: "seat:1" } },  // compact: its list item bears the mark
    h("header", {}, h("span", { class: "emblem-chip", style: `background:${f.fill};color:${f.line}` }, f.emblem),
      h("strong", {}, t("scythe.automa.title")), h("span", {}, ` ${term(a.faction)} · ${term(a.level)}`)),
    h("div", { class: "automa-line" },
      h("span", { class: "scheme" }, t("scythe.automa.scheme", { scheme: "I".repeat(a.scheme) })),
      h("span", { class: "tracker", dataset: { mark: "automa:tracker" }, title: t("scythe.automa.tracker", { space: a.tracker_space, spaces: a.tracker_spaces }) },
        t("scythe.automa.tracker", { space: a.tracker_space, spaces: a.tracker_spaces }), h("span", { class: "ticks", dir: "ltr" }, ticks)),
      h("span", {}, `${term("power")}: ${a.power}`), h("span", {}, `${term("combat_cards")}: ${a.hand_size}`),
      h("span", { class: "stars" }, `${term("stars")}: ${a.star_count} `, stars),
      a.factory_card ? h("span", {}, t("scythe.automa.factory")) : null,
      h("span", {}, a.rivers_allowed ? t("scythe.automa.rivers") : t("scythe.automa.no_rivers"))),
    h("div", { class: "automa-card", dataset: { mark: "automa:card" } },
      lastCard !== undefined ? h("span", {}, t("scythe.automa.card", { card: lastCard })) : null,
      a.last_move ? h("span", {}, " · ", t("scythe.automa.last", { move: term(`automa_${a.last_move}`) })) : null,
      compact ? null : automaCardText(board, lastCard, a)));
}

// What the Automa's card of its last turn does under the scheme it played: its move alternatives, in order, the
// gains and the recruit line (automa §4, docs/rules/scythe.md).
function automaCardText(board, card, a) {
  const c = board?.table?.automa_cards?.[card];
  if (!c) return null;
  const side = c[a.scheme === 2 ? "scheme_2" : "scheme_1"];
  const moves = side.move.filter((_, i) => !side.only[i] || side.only[i] === a.faction).map((m) => term(`automa_${m}`));
  return h("ul", { class: "automa-card-text" },
    h("li", {}, t("scythe.automa.moves", { moves: moves.join(" → ") })),
    side.gain.length ? h("li", {}, t("scythe.automa.gains", { gains: side.gain.map(([type, n]) => `${n} ${term(type)}`).join(", ") })) : null,
    side.recruit_bonus ? h("li", {}, t("scythe.automa.recruit", { bonus: term(side.recruit_bonus) })) : null);
}
