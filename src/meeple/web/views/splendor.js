// Splendor's table: nobles, the three levels of cards with their decks, the token supply, and each player's
// tableau (bought cards stacked by colour, reserved cards, nobles won). Every decision is made by touching the
// thing it is about; each board element carries data-mark (card:<id>, deck:<level>, token:<colour>, noble:<id>,
// seat:<n>) so the page can light up what the last moves touched (games/splendor/describe.py names the same).
import { h } from "../dom.js";
import { list, t } from "../i18n.js";

const COLOURS = ["white", "blue", "green", "red", "black"];
const TOKENS = [...COLOURS, "gold"];
const LETTER = { w: "white", u: "blue", g: "green", r: "red", k: "black" };
const LETTER_OF = { white: "w", blue: "u", green: "g", red: "r", black: "k", gold: "gold" };
const LIMIT = 10;

const gem = (c) => t(`splendor.${c}`);
const gems = (letters) => list([...letters].map((l) => gem(LETTER[l])));

// The printed cards and nobles (api/boards/splendor): observations name bought cards and won nobles by id.
let printed = null;
let asked = false;
function loadPrinted(redraw) {
  if (asked) return;
  asked = true;
  fetch("api/boards/splendor").then((r) => (r.ok ? r.json() : null)).then((data) => {
    if (data && Array.isArray(data.cards)) { printed = data; redraw(); }
  }).catch(() => {});
}

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

// A gem in its colour and its own shape (diamond, hexagon, octagon, shield, circle; gold a star), so colours are
// told apart without colour too; a number sits on it when given.
function gemIcon(colour, n = null, cls = "pip") {
  return h("span", { class: `${cls} ${colour}`, title: gem(colour) }, h("i", { "aria-hidden": "true" }), n === null ? null : h("b", { dir: "ltr" }, String(n)));
}

function costList(cost) {
  return h("div", { class: "cost" }, COLOURS.filter((c) => cost[c]).map((c) => gemIcon(c, cost[c])));
}

// What a card costs this seat after its bonuses, and the gold that would make up what its tokens do not.
function yourCost(c, me) {
  const after = {};
  let short = 0;
  for (const col of COLOURS) {
    const need = Math.max(0, (c.cost[col] || 0) - me.bonuses[col]);
    if (need) after[col] = need;
    short += Math.max(0, need - me.tokens[col]);
  }
  return { after, gold: short, affordable: short <= me.tokens.gold };
}

function costText(c, me) {
  const { after, gold } = yourCost(c, me);
  const paid = COLOURS.filter((col) => after[col]).map((col) => `${after[col]} ${gem(col)}`);
  const first = paid.length ? t("splendor.yourCost", { cost: list(paid) }) : t("splendor.free");
  return gold ? `${first} · ${t("splendor.needGold", { n: gold })}` : first;
}

// A face-up card: points and bonus gem on its band, the cost down its side. ``how`` is "buy", "reserve" or null.
function card(c, opts = {}) {
  if (!c) return h("div", { class: "card empty", "aria-hidden": "true" });
  if (c.hidden) {
    return h("div", { class: `card back tier${c.tier}`, title: t("splendor.hidden"), dataset: opts.mark ? { mark: opts.mark } : {} },
      h("span", { class: "back-level" }, "●".repeat(c.tier)), h("small", {}, t("splendor.level", { n: c.tier })));
  }
  const how = opts.how || null;
  const tip = [`${gem(c.bonus)} · ${c.points} ${t("splendor.points")}`, opts.me ? costText(c, opts.me) : null,
    how === "buy" ? t("splendor.canBuy") : how === "reserve" ? t("splendor.canReserve") : null].filter(Boolean).join("\n");
  const act = opts.onclick;
  return h("div", {
    class: `card face ${c.bonus} tier${c.tier}${act ? (how ? " playable" : " inspectable") : ""}${how ? " " + how : ""}${opts.selected ? " selected" : ""}`,
    "aria-pressed": opts.selected ? "true" : null,
    title: tip, "aria-label": tip.replaceAll("\n", ". "),
    role: act ? "button" : null, tabindex: act ? 0 : null,
    dataset: { ...(opts.slot ? { slot: opts.slot } : {}), mark: `card:${c.id}` },
    onclick: act, onkeydown: act ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } } : null,
  },
  h("div", { class: "band" }, h("span", { class: "pts" }, c.points ? String(c.points) : ""), gemIcon(c.bonus, null, "bonus-gem")),
  costList(c.cost),
  how ? h("span", { class: `badge ${how}`, "aria-hidden": "true" }, how === "buy" ? "✓" : "⚑") : null,
  c.blind ? h("small", { class: "blind" }, t("splendor.blind")) : null);
}

// The legal moves that start with one of the given prefixes ("buy 1.3", "reserve 1.3").
function movesFor(legal, ...prefixes) {
  return legal.filter((a) => prefixes.some((p) => a === p || a.startsWith(p + " ")));
}

function noble(n, act, onclick) {
  return h("div", {
    class: `noble${act ? " playable" : ""}`, dataset: { mark: `noble:${n.id}` }, title: `${n.points} ${t("splendor.points")}`,
    role: act ? "button" : null, tabindex: act ? 0 : null, onclick: act ? onclick : null,
    onkeydown: act ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onclick(); } } : null,
  }, h("span", { class: "pts" }, String(n.points)), costList(n.requires));
}

export function render(view, ctx) {
  const o = view.observation;
  const legal = view.legal;
  const local = ctx.local;
  loadPrinted(ctx.redraw);
  const me = view.seat === null || view.seat === undefined ? null : o.players[view.seat];
  // A card opens a small panel (its cost to me, then buy or reserve) rather than playing at a touch: reserving by
  // accident is easy on a phone, and the panel is where a tap shows what the card would cost.
  const choose = (title, actions, note, slot) => {
    local.chosen = { title, actions, note, slot };
    local.focus = "#chooser button";
    ctx.redraw();
  };
  // A redraw rebuilds the board, so the element a keyboard was on is put back in focus (or the panel just opened).
  if (local.focus) {
    const css = local.focus;
    local.focus = null;
    setTimeout(() => document.querySelector(css)?.focus(), 0);
  }

  const nobles = h("div", { class: "nobles", id: "nobles" }, h("h4", {}, t("splendor.nobles")),
    o.nobles.map((n, i) => {
      if (!n) return null;
      const act = legal.includes(`noble ${i + 1}`) ? `noble ${i + 1}` : null;
      const tile = noble(n, act, () => ctx.play(act));
      tile.dataset.noble = i + 1;
      return tile;
    }));

  const rows = [2, 1, 0].map((tier) => {
    const deckAct = legal.includes(`reserve deck ${tier + 1}`) ? `reserve deck ${tier + 1}` : null;
    const onDeck = deckAct ? () => ctx.play(deckAct) : null;
    return h("div", { class: "tier-row" },
      h("div", {
        class: `deck tier${tier + 1}${deckAct ? " playable reserve" : ""}`, dataset: { deck: tier + 1, mark: `deck:${tier + 1}` },
        onclick: onDeck, role: deckAct ? "button" : null, tabindex: deckAct ? 0 : null,
        onkeydown: onDeck ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onDeck(); } } : null,
        title: deckAct ? describe(deckAct) : t("splendor.deck", { n: o.decks[tier] }),
      }, h("span", { class: "back-level" }, "●".repeat(tier + 1)), h("small", {}, t("splendor.deck", { n: o.decks[tier] })),
      deckAct ? h("span", { class: "badge reserve", "aria-hidden": "true" }, "⚑") : null),
      o.display[tier].map((c, i) => {
        const slot = `${tier + 1}.${i + 1}`;
        const buys = movesFor(legal, `buy ${slot}`);
        const acts = [...buys, ...movesFor(legal, `reserve ${slot}`)];
        const how = buys.length ? "buy" : acts.length ? "reserve" : null;
        const inspect = me && c && !acts.length ? () => choose(cardName(slot), [], costText(c, me), slot) : null;
        return card(c, { slot, how, me, selected: local.chosen?.slot === slot,
          onclick: acts.length ? () => choose(cardName(slot), acts, me ? costText(c, me) : null, slot) : inspect });
      }));
  });

  const selection = local.take || [];
  const canTake = legal.some((a) => a.startsWith("take "));
  const returning = o.phase === "return" && legal.some((a) => a.startsWith("return "));
  const supply = h("div", { class: "supply", id: "supply" }, h("h4", {}, t("splendor.supply")),
    TOKENS.map((c) => {
      const picked = selection.filter((x) => x === c).length;
      const clickable = canTake && c !== "gold" && o.supply[c] > 0;
      return h("button", {
        type: "button", class: `token ${c}${picked ? " picked" : ""}${clickable ? " takeable" : ""}`, disabled: !clickable,
        dataset: { token: c, mark: `token:${c}` }, title: gem(c), "aria-label": `${gem(c)}: ${o.supply[c]}`,
        "aria-pressed": clickable ? String(picked > 0) : null, onclick: clickable ? () => pick(c) : null,
      }, h("i", { "aria-hidden": "true" }), h("b", {}, String(o.supply[c])), picked ? h("sup", {}, "×" + picked) : null);
    }));
  function pick(c) {
    let sel = [...selection];
    if (sel.includes(c)) {
      if (sel.length === 1 && o.supply[c] >= 4) sel.push(c);
      else sel = sel.filter((x) => x !== c);
    } else if (sel.length < 3 && !(sel.length === 2 && sel[0] === sel[1])) sel.push(c);
    local.take = sel;
    local.focus = `#supply button[data-token="${c}"]`;
    ctx.redraw();
  }
  const takeText = selection.length ? `take ${selection.map((c) => LETTER_OF[c]).sort((a, b) => "wugrk".indexOf(a) - "wugrk".indexOf(b)).join("")}` : null;
  let takeBar = null;
  if (canTake && me) {
    // The 10-token limit while choosing (§8): what is held, what is chosen, and what will have to go back.
    const held = TOKENS.reduce((n, c) => n + me.tokens[c], 0);
    const total = held + selection.length;
    takeBar = h("div", { class: "take-bar", id: "take-bar" },
      h("span", { class: `hand${total > LIMIT ? " over" : ""}`, id: "hand-count" },
        t("splendor.hand", { n: held, chosen: selection.length, total }),
        total > LIMIT ? h("strong", {}, " · " + t("splendor.mustReturn", { n: total - LIMIT })) : null),
      h("button", { type: "button", id: "take", disabled: !(takeText && legal.includes(takeText)), onclick: () => ctx.play(takeText) },
        takeText ? describe(takeText) : t("splendor.pickGems")),
      selection.length ? h("button", { type: "button", class: "secondary", id: "take-clear", onclick: () => { local.take = []; ctx.redraw(); } }, t("splendor.clear")) : null);
  }

  const chooser = local.chosen ? h("div", { class: "chooser panel", id: "chooser", role: "dialog", "aria-label": local.chosen.title },
    h("strong", {}, local.chosen.title), local.chosen.note ? h("span", { class: "muted", id: "chooser-cost" }, local.chosen.note) : null,
    local.chosen.actions.map((a) => h("button", { type: "button", class: a.startsWith("buy") ? "" : "secondary", dataset: { action: a }, onclick: () => ctx.play(a) }, describe(a))),
    h("button", { type: "button", class: "secondary", onclick: () => { local.focus = local.chosen.slot ? `#board .card[data-slot="${local.chosen.slot}"]` : null; local.chosen = null; ctx.redraw(); } }, t("game.cancel"))) : null;

  const legend = legal.some((a) => a.startsWith("buy ") || a.startsWith("reserve ")) ? h("p", { class: "legend" },
    h("span", { class: "badge buy" }, "✓"), " ", t("splendor.legendBuy"), "  ", h("span", { class: "badge reserve" }, "⚑"), " ", t("splendor.legendReserve")) : null;

  const players = h("div", { class: "players" }, o.players.map((p, i) => player(p, i, view, ctx, choose, returning)));

  return h("div", { class: "splendor" },
    o.final_round ? h("p", { class: "notice" }, t("splendor.finalRound")) : null,
    o.to_return && view.seat === view.current_player ? h("p", { class: "notice", id: "to-return" }, t("splendor.toReturn", { n: o.to_return })) : null,
    legal.some((a) => a.startsWith("noble ")) ? h("p", { class: "notice", id: "choose-noble" }, t("splendor.chooseNoble")) : null,
    legend,
    h("div", { class: "table" }, nobles, h("div", { class: "display", id: "display" }, rows), supply),
    takeBar, chooser, players);
}

function player(p, i, view, ctx, choose, returning) {
  const legal = view.legal;
  const mine = i === view.seat;
  const held = TOKENS.reduce((n, c) => n + p.tokens[c], 0);
  const cards = printed ? p.cards.map((id) => printed.cards[id]) : [];
  const stacks = h("div", { class: "stacks" }, COLOURS.map((c) => {
    const own = cards.filter((k) => k.bonus === c);
    const pts = own.reduce((n, k) => n + k.points, 0);
    return h("div", { class: `stack ${c}`, title: `${gem(c)}: +${p.bonuses[c]} · ${pts} ${t("splendor.points")}` },
      h("div", { class: "stack-head" }, gemIcon(c, "+" + p.bonuses[c], "pip bonus-pip"), pts ? h("span", { class: "stack-pts" }, String(pts)) : null),
      own.map((k) => h("div", { class: `mini ${c}`, dataset: { mark: `card:${k.id}` } }, h("span", { class: "pts" }, k.points ? String(k.points) : ""))));
  }));
  const tokens = h("div", { class: "holdings" }, TOKENS.map((c) => {
    const code = c === "gold" ? "gold" : LETTER_OF[c];
    const act = mine && returning && legal.includes(`return ${code}`) ? `return ${code}` : null;
    return h("button", {
      type: "button", class: `token small ${c}${act ? " playable returnable" : ""}`, disabled: !act, title: gem(c),
      "aria-label": `${gem(c)}: ${p.tokens[c]}`, dataset: { ret: c }, onclick: act ? () => ctx.play(act) : null,
    }, h("i", { "aria-hidden": "true" }), h("b", {}, String(p.tokens[c])));
  }), h("span", { class: `held${held > LIMIT ? " over" : ""}`, title: t("splendor.tokensHeld", { n: held }), dir: "ltr" }, `${held}/${LIMIT}`));
  const reserved = p.reserved.map((c, k) => {
    const acts = mine ? movesFor(legal, `buy r${k + 1}`) : [];
    const me = view.seat === null || view.seat === undefined ? null : view.observation.players[view.seat];
    return card(c, { slot: `r${k + 1}`, how: acts.length ? "buy" : null, me: mine ? me : null, selected: mine && ctx.local.chosen?.slot === `r${k + 1}`,
      mark: c.hidden ? `reserved:${i}:${k}` : null,
      onclick: acts.length ? () => choose(t("splendor.buyReserved", { n: k + 1 }), acts, costText(c, me), `r${k + 1}`)
        : mine && !c.hidden ? () => choose(t("splendor.reserved"), [], costText(c, me), `r${k + 1}`) : null });
  });
  const won = printed ? p.nobles.map((id) => noble(printed.nobles[id], null, null)) : [];
  return h("section", { class: `player${i === view.current_player ? " current" : ""}${mine ? " mine" : ""}`, dataset: { seat: i, mark: `seat:${i}` } },
    h("header", {}, h("strong", { class: "name" }, ctx.seatName(i)), h("span", { class: "score" }, `${p.points} ${t("splendor.points")}`)),
    tokens,
    h("div", { class: "tableau" },
      h("div", { class: "tableau-cards" }, h("h5", {}, t("splendor.tableau"), ` (${p.cards.length})`), stacks),
      reserved.length ? h("div", { class: "reserved" }, h("h5", {}, t("splendor.reserved")), h("div", { class: "reserved-cards" }, reserved)) : null,
      won.length ? h("div", { class: "won" }, h("h5", {}, t("splendor.nobles")), h("div", { class: "won-tiles" }, won)) : null));
}
