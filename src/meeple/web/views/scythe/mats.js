// Player mats drawn as mats: four columns (top action with its upgrade cubes, bottom action with its cost, cube
// spaces, coins and recruit), the last section marked; the faction mat (mech abilities, structures, one-time recruit
// bonuses); power and popularity tracks with the tiers; the six stars by category; coins, combat cards, objectives
// and the Factory card. On my own mat every spot I may use now is a button.
import { h } from "../../dom.js";
import { t, term } from "../../i18n.js";
import { describe, faction, resourceIcon, gainChips, spotIcon } from "./common.js";

const BONUS_OF = { upgrade: "power", deploy: "coins", build: "popularity", enlist: "cards" };  // a recruit's ongoing bonus
const STRUCTURES = ["mine", "monument", "armory", "mill"];
// The top actions' choices as icons, as on the mat (the word stays for readers and screen readers).
const OPTION_ICON = { move: "➜", coins: "¢", power: "ϟ", cards: "▮", trade: "⇄", popularity: "♥", produce: "⚒" };
const ONE_TIME = ["power", "coins", "popularity", "cards"];
const STAR_ICON = { upgrades: "⬆", mechs: "▲", structures: "⌂", recruits: "☺", workers: "●", objective: "◎", combat: "⚔", popularity: "♥", power: "ϟ", tracker: "✦" };

// A button for a mat spot: playable when `act` is set (a move, or a function choosing a step of a move).
function spot(cls, mark, label, content, act, extra = {}) {
  const playable = Boolean(act);
  return h(playable ? "button" : "div", {
    type: playable ? "button" : null, class: `spot ${cls}${playable ? " playable" : ""}${extra.chosen ? " chosen" : ""}`,
    dataset: { mark, ...(typeof act === "string" ? { action: act } : {}) }, title: label, "aria-label": label,
    onclick: playable ? (typeof act === "string" ? () => extra.play(act) : act) : null,
  }, content);
}

function track(seat, name, value, max, marks = []) {
  const pct = Math.round((100 * value) / max);
  return h("div", { class: `track track-${name}`, dataset: { mark: `mat:${seat}:${name}` } },
    h("span", { class: "track-label" }, term(name)),
    h("span", { class: "bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": max, "aria-valuenow": value, "aria-label": `${term(name)} ${value}` },
      h("span", { class: "fill", style: `inline-size:${pct}%` }),
      marks.map((m) => h("span", { class: "tick", style: `inset-inline-start:${Math.round((100 * m) / max)}%` }))),
    h("b", { dir: "ltr" }, String(value)));
}

function tierOf(tiers, pop) {
  return (tiers || []).find((x) => pop >= x.from && pop <= x.to);
}

export function matView(p, seat, view, ctx, board) {
  const mine = seat === view.seat;
  const legal = mine ? view.legal : [];
  const has = (a) => legal.includes(a);
  const starts = (pre) => legal.filter((a) => a.startsWith(pre));
  const play = ctx.play;
  const choose = (prefix) => () => { ctx.local.prefix = ctx.local.prefix === prefix ? null : prefix; ctx.local.chosen = null; ctx.redraw(); };
  const prefix = ctx.local.prefix || "";
  const table = board?.table;
  const columns = table?.mats?.[p.mat];
  const fac = table?.factions?.[p.faction];
  const f = faction(p.faction);
  const upgraded = new Set(p.upgraded || []);
  const cols = [0, 1, 2, 3].map((i) => {
    const col = columns ? columns[i] : { top: (p.sections?.[i] || "/").split("/")[0], bottom: (p.sections?.[i] || "/").split("/")[1], cost: null, cubes: 0, coins: p.coins_reward?.[["upgrade", "deploy", "build", "enlist"][i]] ?? 0, resource: ["oil", "metal", "wood", "food"][i] };
    const sectionAct = has(`section ${i + 1}`) ? `section ${i + 1}` : null;
    const slots = table?.top_slots?.[col.top] || [];
    const topOptions = view.observation.phase === "top" && mine && view.observation.turn?.section === i
      ? legal.filter((a) => ["move", "coins", "power", "cards", "trade", "popularity", "produce", "no top"].includes(a)) : [];
    const cubes = slots.map((s) => {
      const upAct = starts(`upgrade ${s}>`).length ? choose(`upgrade ${s}>`) : null;
      return spot(`cube${upgraded.has(s) ? " empty" : ""}`, `mat:${seat}:top:${s}`, `${term(s)}${upgraded.has(s) ? "" : " · " + t("scythe.mat.upgrade_spot", { slot: term(s) })}`,
        h("span", { class: "cube-dot" }), upAct, { chosen: prefix === `upgrade ${s}>` });
    });
    const cost = p.bottom_costs?.[col.bottom];
    const placed = columns ? col.cost - (cost ?? col.cost) : 0;
    const cubeSpaces = Array.from({ length: col.cubes || 0 }, (_, k) => h("span", { class: `cube-space${k < placed ? " filled" : ""}` }));
    const upTo = prefix.startsWith("upgrade ") && has(`${prefix}${col.bottom}`) ? `${prefix}${col.bottom}` : null;
    const recruited = (p.recruits || []).includes(col.bottom);
    const enlistAct = starts(`enlist ${col.bottom} `).length ? choose(`enlist ${col.bottom} `) : null;
    const bottomAct = upTo;
    return h("div", { class: `column${p.last_section === i ? " last" : ""}${view.observation.turn?.section === i && seat === view.current_player ? " current" : ""}`, dataset: { mark: `mat:${seat}:section:${i}` } },
      spot("top-action section", `mat:${seat}:section:${i}`, `${term(col.top)}${p.last_section === i ? " · " + t("scythe.mat.last") : ""}`,
        [h("span", { class: "action-name" }, term(col.top)), h("span", { class: "cubes" }, cubes.length ? null : "")], sectionAct, { play }),
      h("div", { class: "cubes-row" }, cubes),
      topOptions.length ? h("div", { class: "top-options" }, topOptions.map((a) => h("button", { type: "button", class: "option playable", dataset: { action: a }, onclick: () => play(a) }, OPTION_ICON[a] ? h("span", { class: "option-icon", "aria-hidden": "true" }, OPTION_ICON[a]) : null, a === "no top" ? describe(a) : term(a)))) : null,
      spot("bottom-action", `mat:${seat}:bottom:${col.bottom}`, `${term(col.bottom)} · ${t("scythe.mat.cost", { n: cost ?? "?", resource: term(col.resource) })}`,
        [h("span", { class: "action-name" }, term(col.bottom)),
          h("span", { class: "cost" }, resourceIcon(col.resource, cost ?? "?")),
          h("span", { class: "cube-spaces" }, cubeSpaces),
          h("span", { class: "coins-reward", dir: "ltr", title: t("scythe.mat.coins", { n: col.coins }) }, `+${col.coins}¢`)], bottomAct, { play }),
      spot(`recruit${recruited ? " enlisted" : ""}`, `mat:${seat}:recruit:${col.bottom}`,
        `${t("scythe.mat.recruit", { bonus: term(BONUS_OF[col.bottom]) })}${recruited ? " · " + t("scythe.mat.enlisted") : ""}`,
        [h("span", { class: "recruit-icon" }, recruited ? "☺" : "○"), h("small", {}, h("bdi", { dir: "ltr" }, "+1"), ` ${term(BONUS_OF[col.bottom])}`)], enlistAct, { chosen: prefix === `enlist ${col.bottom} ` }));
  });
  const deployed = new Set(p.mech_abilities || []);
  const mechs = (fac?.mechs || []).map((m, k) => {
    const name = fac.mech_names[k];
    const on = deployed.has(name);
    const act = starts(`deploy m${k + 1} `).length ? choose(`deploy m${k + 1} `) : null;
    return spot(`mech${on ? " deployed" : ""}`, `mat:${seat}:mech:${k}`, `${term(m)} · ${t(`scythe.ability.${p.faction}.${k}`)} · ${t(on ? "scythe.mat.deployed" : "scythe.mat.not_deployed")}`,
      [spotIcon("mech", f.fill, on), h("span", {}, term(m))], act, { chosen: prefix === `deploy m${k + 1} ` });
  });
  const structures = STRUCTURES.map((s) => {
    const where = p.structures?.[s];
    const act = starts(`build ${s} `).length ? choose(`build ${s} `) : null;
    return spot(`structure${where ? " built" : ""}`, `mat:${seat}:structure:${s}`, `${term(s)}${where ? " · " + where : ""}`,
      [spotIcon(s, f.fill, Boolean(where)), h("span", {}, term(s))], act, { chosen: prefix === `build ${s} ` });
  });
  const bonuses = ONE_TIME.map((b) => {
    const taken = (p.recruit_bonuses || []).includes(b);
    const act = prefix.startsWith("enlist ") && has(`${prefix}${b}`) ? `${prefix}${b}` : null;
    return spot(`bonus${taken ? " taken" : ""}`, `mat:${seat}:bonus:${b}`, term(`bonus_${b}`), term(`bonus_${b}`), act, { play });
  });
  const stars = Object.entries(p.stars || {}).flatMap(([k, n]) => Array.from({ length: n }, () => h("span", { class: "star", title: term(`star_${k}`), dataset: { mark: `mat:${seat}:star:${k}` } }, STAR_ICON[k] || "★")));
  while (stars.length < 6) stars.push(h("span", { class: "star empty" }, "☆"));
  const tier = tierOf(table?.tiers, p.popularity);
  const cards = Array.isArray(p.combat_cards)
    ? h("span", { class: "cards", dataset: { mark: `mat:${seat}:combat_cards` } }, p.combat_cards.length ? p.combat_cards.map((v) => {
      const pay = has(`pay card ${v}`) ? `pay card ${v}` : null;  // Coercion, or a Factory card's cost: the card itself
      return pay ? h("button", { type: "button", class: "combat-card playable", dataset: { action: pay }, title: describe(pay), onclick: () => play(pay) }, String(v))
        : h("span", { class: "combat-card" }, String(v));
    }) : "0")
    : h("span", { class: "cards", dataset: { mark: `mat:${seat}:combat_cards` } }, h("span", { class: "combat-card back" }, "?"), ` ×${p.hand_size}`);
  const objectives = Array.isArray(p.objectives)
    ? p.objectives.map((c) => {
      const act = has(`reveal ${c}`) ? `reveal ${c}` : null;
      return spot("objective", `objective:${c}`, t(`scythe.objective.${c}`), [h("b", {}, `${c}. ${term(`objective_${c}`)}`), h("small", {}, t(`scythe.objective.${c}`))], act, { play });
    })
    : [h("span", { class: "muted" }, `${t("scythe.mat.objectives")}: ${p.objective_count} (${t("scythe.mat.hidden")})`)];
  const done = (p.objectives_revealed || []).map((c) => h("span", { class: "objective done", dataset: { mark: `objective:${c}` } }, `✓ ${c}. ${term(`objective_${c}`)}`));
  const factoryAct = has("section factory") ? "section factory" : null;
  const factoryCard = p.factory_card !== null && p.factory_card !== undefined
    ? spot("factory-card", `factory:${p.factory_card}`, `${term("factory_card")} ${p.factory_card}`,
      [h("b", {}, `${term("factory_card")} ${p.factory_card}`), factoryText(table, p.factory_card)], factoryAct, { play })
    : null;
  return h("section", {
    class: `player mat${seat === view.current_player ? " current" : ""}${mine ? " mine" : ""}`, dataset: { seat, mark: `seat:${seat}` },
    style: `--seat:${f.fill};--seat-line:${f.line}`,
  },
  h("header", {}, h("span", { class: "emblem-chip", style: `background:${f.fill};color:${f.line}` }, f.emblem),
    h("strong", {}, h("bdi", {}, ctx.seatName(seat))), h("span", {}, `${term(p.faction)} · ${term(p.mat)}`),
    h("span", { class: "faction-ability", title: t(`scythe.faction_ability.${p.faction}`) }, `${t("scythe.mat.faction_ability")}: ${term(fac?.ability || "")}`)),
  h("div", { class: "tracks" },
    track(seat, "power", p.power, 16),
    track(seat, "popularity", p.popularity, 18, [7, 13]),
    tier ? h("small", { class: "tier" }, t("scythe.tier", { from: tier.from, to: tier.to, star: tier.star, territory: tier.territory, pair: tier.pair })) : null,
    h("div", { class: "holdings" },
      h("span", { class: "coins", dataset: { mark: `mat:${seat}:coins` } }, `${term("coins")}: `, h("b", { dir: "ltr" }, p.coins ?? "?")),
      h("span", {}, `${t("scythe.mat.cards")}: `, cards),
      h("span", { class: "stars", "aria-label": `${t("scythe.mat.stars")} ${p.star_count}` }, stars))),
  h("div", { class: "columns" }, cols),
  h("div", { class: "faction-mat" },
    h("div", { class: "mechs" }, h("small", {}, t("scythe.mat.mechs")), mechs),
    h("div", { class: "structures" }, h("small", {}, t("scythe.mat.structures")), structures),
    h("div", { class: "bonuses" }, h("small", {}, term("recruit_bonuses")), bonuses)),
  h("div", { class: "cards-row" }, objectives, done, factoryCard));
}

export function factoryText(table, card) {
  const c = table?.factory_cards?.[card];
  if (!c) return null;
  return h("span", { class: "card-text" }, gainChips(c.cost), " → ", gainChips(c.gain));
}
