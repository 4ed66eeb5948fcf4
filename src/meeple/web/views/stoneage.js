// Stone Age's board: the locations with everyone's people, the card display with its costs, the
// building stacks, and each player's board. Locations, cards and buildings are clicked to choose
// the moves that name them; every other decision is in the list of moves.
import { h } from "../dom.js";
import { list, t, term } from "../i18n.js";

const VILLAGE = ["hunt", "forest", "clay", "quarry", "river", "toolmaker", "hut", "field"];
const RESOURCE = { w: "wood", c: "clay", s: "stone", g: "gold" };
const RESOURCES = ["wood", "clay", "stone", "gold"];
const SEAT_COLOURS = ["#c0392b", "#1e5bb8", "#1e8a4a", "#d4a017"];

const place = (where) => {
  const [kind, n] = where.split(" ");
  if (kind === "card") return t("stoneage.card", { n });
  if (kind === "building") return t("stoneage.building", { n });
  return t(`stoneage.${kind}`);
};
const resources = (letters) => list([...letters].map((l) => term(RESOURCE[l] || l)));

export function describe(action) {
  const words = action.split(" ");
  const [verb, ...rest] = words;
  if (verb === "place") {
    const last = rest[rest.length - 1];
    if (VILLAGE.slice(0, 5).includes(rest[0]) && /^\d+$/.test(last)) return t("stoneage.placeN", { where: place(rest[0]), n: last });
    return t("stoneage.place", { where: place(rest.join(" ")) });
  }
  if (verb === "use") return t("stoneage.use", { where: place(rest.join(" ")) });
  if (verb === "tool") return t("stoneage.tool", { n: rest[0] });
  if (verb === "once") return t("stoneage.once", { n: rest[0] });
  if (verb === "done") return t("stoneage.done");
  if (verb === "pay") return t("stoneage.pay", { what: resources(rest[0] || "") });
  if (verb === "decline") return t("stoneage.decline");
  if (verb === "die") return t("stoneage.die", { n: rest[0] });
  if (verb === "feed") return t("stoneage.feed", { what: resources(rest[0] || "") });
  if (verb === "starve") return t("stoneage.starve");
  if (verb === "cash") return t("stoneage.cash", { what: resources(rest[0] || "") });
  return action;
}

// The legal moves that name a location: "place hunt 3", "place hut", "use card 2"...
function movesAt(legal, where) {
  return legal.filter((a) => {
    const m = /^(place|use) (.+?)( \d+)?$/.exec(a);
    if (!m) return false;
    const target = where.startsWith("card") || where.startsWith("building") ? `${m[2]}${m[3] || ""}` : m[2];
    return target === where;
  });
}

function people(o, where) {
  return h("div", { class: "people" }, o.players.map((p, seat) => {
    const n = (p.placed || {})[where] || 0;
    return n ? h("span", { class: "meeple", style: `--seat:${SEAT_COLOURS[seat % 4]}`, title: t("game.seat", { n: seat + 1 }) }, String(n)) : null;
  }));
}

function tile(o, legal, where, body, choose, extra = "") {
  const acts = movesAt(legal, where);
  return h("div", {
    class: `spot ${extra}${acts.length ? " playable" : ""}`, dataset: { spot: where },
    onclick: acts.length ? () => choose(place(where), acts) : null,
  }, h("strong", {}, place(where)), body, people(o, where));
}

function cost(c) {
  return h("span", { class: "res-list" }, RESOURCES.filter((r) => c[r]).map((r) => h("span", { class: `res ${r}` }, `${c[r]} ${term(r)}`)));
}

function building(top) {
  if (!top) return h("small", {}, "—");
  if (top.kind === "fixed") return h("div", {}, cost(top.cost), h("div", { class: "pts" }, `${top.points} ${t("stoneage.points")}`));
  if (top.kind === "count_kinds") return h("div", {}, t("stoneage.countKinds", { count: top.count, kinds: top.kinds }));
  if (top.kind === "any_1_to_7") return h("div", {}, t("stoneage.anyResources", { min: top.count_min, max: top.count_max }));
  return h("div", {}, term(top.kind));
}

export function render(view, ctx) {
  const o = view.observation;
  const legal = view.legal;
  const choose = (title, actions) => {
    if (actions.length === 1) return ctx.play(actions[0]);
    ctx.local.chosen = { title, actions };
    ctx.redraw();
  };
  const status = ["roll", "paying_for", "dice_for_all", "food_missing"].filter((k) => o[k] !== null && o[k] !== 0 && o[k] !== undefined);
  const chooser = ctx.local.chosen ? h("div", { class: "chooser panel", id: "chooser" }, h("strong", {}, ctx.local.chosen.title),
    ctx.local.chosen.actions.map((a) => h("button", { type: "button", dataset: { action: a }, onclick: () => ctx.play(a) }, describe(a))),
    h("button", { type: "button", class: "secondary", onclick: () => { ctx.local.chosen = null; ctx.redraw(); } }, t("game.cancel"))) : null;
  const cards = [...o.display].sort((a, b) => b.cost - a.cost);  // slot 4 on the left, slot 1 on the right
  return h("div", { class: "stoneage" },
    h("p", { class: "status" }, `${t("stoneage.round", { n: o.round })} · ${t("stoneage.phase")}: ${term(o.phase)}`,
      o.last_round ? ` · ${t("stoneage.lastRound")}` : "",
      status.map((k) => h("span", { class: "muted" }, ` · ${term(k)}: ${JSON.stringify(o[k])}`))),
    h("div", { class: "village", id: "village" }, VILLAGE.map((where) => tile(o, legal, where, null, choose))),
    h("h4", {}, t("stoneage.cards"), ` (${t("stoneage.deck", { n: o.deck })})`),
    h("div", { class: "sa-cards" }, cards.map((c) => tile(o, legal, `card ${c.cost}`,
      h("div", { class: "sa-card" }, h("div", {}, t("stoneage.cost", { n: c.cost })), h("div", {}, term(c.top), c.value ? ` ${c.value}` : ""),
        h("div", { class: "muted" }, term(c.bottom), " ", term(String(c.bottom_value)))), choose))),
    h("h4", {}, t("stoneage.buildings")),
    h("div", { class: "sa-buildings" }, o.stacks.map((s, i) => tile(o, legal, `building ${i + 1}`,
      h("div", {}, building(s.top), h("small", { class: "muted" }, t("stoneage.deck", { n: s.size }))), choose))),
    chooser,
    h("div", { class: "players" }, o.players.map((p, seat) => h("section", {
      class: `player${seat === view.current_player ? " current" : ""}`, dataset: { seat }, style: `--seat:${SEAT_COLOURS[seat % 4]}`,
    },
      h("header", {}, h("strong", {}, ctx.seatName(seat)), h("span", { class: "score" }, `${p.score} ${t("stoneage.points")}`)),
      h("div", { class: "sa-stats" },
        h("span", {}, `${term("people")}: ${p.unplaced}/${p.people}`),
        h("span", {}, `${term("food")}: ${p.food}`),
        h("span", {}, `${term("agriculture")}: ${p.agriculture}`),
        RESOURCES.map((r) => h("span", { class: `res ${r}` }, `${term(r)}: ${p.resources[r]}`)),
        h("span", {}, `${term("tools")}: ${p.tools.map((x) => x.value + (x.used ? "✓" : "")).join(" ") || "—"}`),
        p.one_use_tools.length ? h("span", {}, `${t("stoneage.oneUse")}: ${p.one_use_tools.join(" ")}`) : null,
        h("span", {}, `${term("cards")}: ${Array.isArray(p.cards) ? p.cards.length : p.cards}`),
        h("span", {}, `${term("buildings")}: ${Array.isArray(p.buildings) ? p.buildings.length : p.buildings}`)))),
    ));
}
