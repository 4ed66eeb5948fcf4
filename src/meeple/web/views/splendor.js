// Splendor's board: nobles, the card display with its decks, the token supply, each player's
// tokens, bonuses and reserves. Cards, decks, tokens and nobles are clicked to choose moves.
import { h } from "../dom.js";
import { list, t } from "../i18n.js";

const COLOURS = ["white", "blue", "green", "red", "black"];
const LETTER = { w: "white", u: "blue", g: "green", r: "red", k: "black" };
const LETTER_OF = { white: "w", blue: "u", green: "g", red: "r", black: "k" };

const gem = (c) => t(`splendor.${c}`);
const gems = (letters) => list([...letters].map((l) => gem(LETTER[l])));

export function describe(action) {
  const [verb, ...rest] = action.split(" ");
  if (verb === "take") return t("splendor.takeGems", { gems: gems(rest[0]) });
  if (verb === "reserve" && rest[0] === "deck") return t("splendor.reserveDeck", { n: rest[1] });
  if (verb === "reserve") return t("splendor.reserveCard", { card: cardName(rest[0]) });
  if (verb === "buy") {
    const what = rest[0].startsWith("r") ? t("splendor.buyReserved", { n: rest[0].slice(1) }) : t("splendor.buyCard", { card: cardName(rest[0]) });
    return rest[1] ? `${what}, ${t("splendor.goldFor", { gems: gems(rest[1].replace("gold:", "")) })}` : what;
  }
  if (verb === "return") return t("splendor.returnGem", { gem: rest[0] === "gold" ? gem("gold") : gem(LETTER[rest[0]]) });
  if (verb === "noble") return t("splendor.nobleN", { n: rest[0] });
  if (verb === "pass") return t("splendor.pass");
  return action;
}

function cardName(slot) {
  const [tier, pos] = slot.split(".");
  return t("splendor.slot", { tier, n: pos });
}

function costList(cost) {
  return h("div", { class: "cost" }, COLOURS.filter((c) => cost[c]).map((c) => h("span", { class: `pip ${c}`, title: gem(c) }, String(cost[c]))));
}

function card(c, opts = {}) {
  if (!c) return h("div", { class: "card empty" });
  if (c.hidden) return h("div", { class: `card back tier${c.tier}`, title: t("splendor.hidden") }, h("span", {}, t("splendor.level", { n: c.tier })));
  return h("div", {
    class: `card ${c.bonus}${opts.playable ? " playable" : ""}`,
    title: `${gem(c.bonus)} · ${c.points} ${t("splendor.points")}`,
    role: opts.playable ? "button" : null, tabindex: opts.playable ? 0 : null,
    dataset: opts.slot ? { slot: opts.slot } : {},
    onclick: opts.onclick, onkeydown: opts.onclick ? (e) => { if (e.key === "Enter") opts.onclick(); } : null,
  }, h("div", { class: "band" }, h("span", { class: "pts" }, c.points ? String(c.points) : ""), h("span", { class: `gem ${c.bonus}` })), costList(c.cost),
    c.blind ? h("small", { class: "blind" }, t("splendor.blind")) : null);
}

// The legal moves that start with one of the given prefixes ("buy 1.3", "reserve 1.3").
function movesFor(legal, ...prefixes) {
  return legal.filter((a) => prefixes.some((p) => a === p || a.startsWith(p + " ")));
}

export function render(view, ctx) {
  const o = view.observation;
  const legal = view.legal;
  const local = ctx.local;
  const choose = (title, actions) => {
    if (actions.length === 1) return ctx.play(actions[0]);
    local.chosen = { title, actions };
    ctx.redraw();
  };

  const nobles = h("div", { class: "nobles", id: "nobles" }, h("h4", {}, t("splendor.nobles")),
    o.nobles.map((n, i) => {
      if (!n) return null;
      const act = legal.includes(`noble ${i + 1}`) ? `noble ${i + 1}` : null;
      return h("div", { class: `noble${act ? " playable" : ""}`, dataset: { noble: i + 1 }, onclick: act ? () => ctx.play(act) : null },
        h("span", { class: "pts" }, String(n.points)), costList(n.requires));
    }));

  const rows = [2, 1, 0].map((tier) => {
    const deckAct = legal.includes(`reserve deck ${tier + 1}`) ? `reserve deck ${tier + 1}` : null;
    return h("div", { class: "tier-row" },
      h("div", { class: `deck tier${tier + 1}${deckAct ? " playable" : ""}`, dataset: { deck: tier + 1 }, onclick: deckAct ? () => ctx.play(deckAct) : null,
        title: deckAct ? describe(deckAct) : "" }, h("span", {}, t("splendor.level", { n: tier + 1 })), h("small", {}, t("splendor.deck", { n: o.decks[tier] }))),
      o.display[tier].map((c, i) => {
        const slot = `${tier + 1}.${i + 1}`;
        const acts = movesFor(legal, `buy ${slot}`, `reserve ${slot}`);
        return card(c, { slot, playable: acts.length > 0, onclick: acts.length ? () => choose(cardName(slot), acts) : null });
      }));
  });

  const selection = local.take || [];
  const canTake = legal.some((a) => a.startsWith("take "));
  const returning = o.phase !== "action" && legal.some((a) => a.startsWith("return "));
  const supply = h("div", { class: "supply", id: "supply" }, h("h4", {}, t("splendor.supply")),
    [...COLOURS, "gold"].map((c) => {
      const picked = selection.filter((x) => x === c).length;
      const clickable = canTake && c !== "gold" && o.supply[c] > 0;
      return h("button", {
        type: "button", class: `token ${c}${picked ? " picked" : ""}`, disabled: !clickable, dataset: { token: c },
        title: gem(c), onclick: clickable ? () => pick(c) : null,
      }, String(o.supply[c]), picked ? h("sup", {}, "×" + picked) : null);
    }));
  function pick(c) {
    let sel = [...selection];
    if (sel.includes(c)) {
      if (sel.length === 1 && o.supply[c] >= 4) sel.push(c);
      else sel = sel.filter((x) => x !== c);
    } else if (sel.length < 3 && !(sel.length === 2 && sel[0] === sel[1])) sel.push(c);
    local.take = sel;
    ctx.redraw();
  }
  const takeText = selection.length ? `take ${selection.map((c) => LETTER_OF[c]).sort((a, b) => "wugrk".indexOf(a) - "wugrk".indexOf(b)).join("")}` : null;
  const takeBar = canTake ? h("div", { class: "take-bar" },
    h("button", { type: "button", id: "take", disabled: !(takeText && legal.includes(takeText)), onclick: () => ctx.play(takeText) },
      takeText ? describe(takeText) : t("splendor.pickGems")),
    selection.length ? h("button", { type: "button", class: "secondary", onclick: () => { local.take = []; ctx.redraw(); } }, t("splendor.clear")) : null) : null;

  const chooser = local.chosen ? h("div", { class: "chooser panel", id: "chooser" }, h("strong", {}, local.chosen.title),
    local.chosen.actions.map((a) => h("button", { type: "button", dataset: { action: a }, onclick: () => ctx.play(a) }, describe(a))),
    h("button", { type: "button", class: "secondary", onclick: () => { local.chosen = null; ctx.redraw(); } }, t("game.cancel"))) : null;

  const players = h("div", { class: "players" }, o.players.map((p, i) => player(p, i, view, ctx, choose, returning)));

  return h("div", { class: "splendor" },
    o.final_round ? h("p", { class: "notice" }, t("splendor.finalRound")) : null,
    o.to_return && view.seat === view.current_player ? h("p", { class: "notice" }, t("splendor.toReturn", { n: o.to_return })) : null,
    h("div", { class: "table" }, nobles, h("div", { class: "display", id: "display" }, rows), supply),
    takeBar, chooser, players);
}

function player(p, i, view, ctx, choose, returning) {
  const legal = view.legal;
  const mine = i === view.seat;
  return h("section", { class: `player${i === view.current_player ? " current" : ""}${mine ? " mine" : ""}`, dataset: { seat: i } },
    h("header", {}, h("strong", {}, ctx.seatName(i)), h("span", { class: "score" }, `${p.points} ${t("splendor.points")}`),
      p.nobles.length ? h("span", { class: "noble-count" }, ` · ${t("splendor.nobles")}: ${p.nobles.length}`) : null),
    h("div", { class: "holdings" },
      [...COLOURS, "gold"].map((c) => {
        const act = mine && returning && legal.includes(`return ${c === "gold" ? "gold" : LETTER_OF[c]}`) ? `return ${c === "gold" ? "gold" : LETTER_OF[c]}` : null;
        return h("div", { class: "holding" },
          h("button", { type: "button", class: `token small ${c}${act ? " playable" : ""}`, disabled: !act, title: gem(c), dataset: { ret: c }, onclick: act ? () => ctx.play(act) : null }, String(p.tokens[c])),
          c === "gold" ? null : h("span", { class: `bonus ${c}`, title: t("splendor.bonuses"), dir: "ltr" }, "+" + p.bonuses[c]));
      })),
    p.reserved.length ? h("div", { class: "reserved" }, h("h5", {}, t("splendor.reserved")),
      p.reserved.map((c, k) => {
        const acts = mine ? movesFor(legal, `buy r${k + 1}`) : [];
        return card(c, { slot: `r${k + 1}`, playable: acts.length > 0, onclick: acts.length ? () => choose(t("splendor.buyReserved", { n: k + 1 }), acts) : null });
      })) : null);
}
