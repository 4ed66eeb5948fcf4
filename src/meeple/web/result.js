// The end of a game: who won, the score by the rulebook's categories (Result.details.breakdown, labels
// score.<game>.<category>), the tie-breaker if one decided (details.tiebreak, label tiebreak.<game>.<name>), a
// rematch and the replay.
import { h, toast } from "./dom.js";
import { t, term, list } from "./i18n.js";
import { post, saveSeat, tokenFor } from "./api.js";

function label(prefix, game, name) {
  const key = `${prefix}.${game}.${name}`;
  const text = t(key);
  return text === key ? term(name) : text;
}

export function winnerLine(view, ctx) {
  const r = view.result;
  if (rival(view)) return r.winners.includes(0) ? t("table.soloWon") : t("table.soloLost");
  const names = r.winners.map((i) => ctx.seatName(i));
  if (!names.length) return t("table.noWinner");
  return names.length === 1 ? t("table.winner", { name: names[0] }) : t("table.tie", { names: list(names) });
}

// A solo game's rival (the Scythe Automa): its score and breakdown stand in the details as automa_score and
// automa_breakdown, and it is shown as one more column.
function rival(view) {
  const d = view.result.details || {};
  return view.players === 1 && typeof d.automa_score === "number" ? { score: d.automa_score, breakdown: d.automa_breakdown || {} } : null;
}

// A number as its own left-to-right run: "-13" stays "-13" in a Persian table.
const num = (n) => h("bdi", { dir: "ltr" }, String(n));

function breakdownTable(view, ctx) {
  const r = view.result;
  const rows = r.details?.breakdown;
  const seats = r.scores.map((_, i) => i);
  const other = rival(view);
  const head = h("tr", {}, h("th", {}, ""), seats.map((i) => h("th", { class: r.winners.includes(i) ? "winner" : null, scope: "col" },
    h("bdi", {}, ctx.seatName(i)), r.winners.includes(i) ? h("span", { class: "star", "aria-label": t("table.won") }, " ★") : null)),
  other ? h("th", { scope: "col", class: r.winners.length ? null : "winner" }, label("score", view.game, "automa"), r.winners.length ? null : " ★") : null);
  const body = [];
  if (Array.isArray(rows) && rows.length === seats.length) {
    // a breakdown's own "total" is the score row below, said once
    const categories = [...new Set(rows.flatMap((b) => Object.keys(b || {})))].filter((c) => c !== "total");
    for (const c of categories) {
      body.push(h("tr", { dataset: { category: c } }, h("th", { scope: "row" }, label("score", view.game, c)),
        seats.map((i) => h("td", {}, rows[i] && c in rows[i] ? num(rows[i][c]) : "—")),
        other ? h("td", {}, c in other.breakdown ? num(other.breakdown[c]) : "—") : null));
    }
  }
  body.push(h("tr", { class: "total" }, h("th", { scope: "row" }, t("game.score")), seats.map((i) => h("td", {}, num(r.scores[i]))),
    other ? h("td", {}, num(other.score)) : null));
  if (!other) body.push(h("tr", { class: "rank" }, h("th", { scope: "row" }, t("game.rank")), seats.map((i) => h("td", {}, num(r.ranks[i])))));
  return h("div", { class: "table-wrap" }, h("table", { class: "breakdown", id: "breakdown" }, h("thead", {}, head), h("tbody", {}, body)));
}

export function resultPanel(view, ctx, { rematch = true } = {}) {
  const r = view.result;
  const tiebreak = r.details?.tiebreak;
  return h("section", { class: "panel result", id: "result" },
    h("h3", {}, t("game.scores")),
    h("p", { class: "winner-line", id: "winner" }, winnerLine(view, ctx)),
    tiebreak ? h("p", { class: "tiebreak", id: "tiebreak" }, t("table.tiebreak", { rule: label("tiebreak", view.game, tiebreak) })) : null,
    breakdownTable(view, ctx),
    h("div", { class: "result-actions" },
      rematch ? rematchButton(view) : null,
      h("a", { class: "button secondary", href: `#/replay/${view.id}`, id: "to-replay" }, t("replay.title"))));
}

// A seat of the finished game asks for the rematch (POST games/{id}/rematch with its token): the first call makes it
// (same seats, names and options, a fresh seed), every call answers its id and, while the caller's seat there is
// unclaimed, the caller's new token. The old game's views then name it (`rematch`), so the others can follow.
function rematchButton(view) {
  if (view.seat === null) return view.rematch ? h("a", { class: "button", href: `#/game/${view.rematch}/watch`, id: "rematch" }, t("table.watchRematch")) : null;
  if (view.seats[view.seat]?.kind !== "human") return null;  // a seat given up to a bot has no token left to ask with
  const seat = view.seat;
  const go = async (button) => {
    button.disabled = true;
    try {
      const made = await post(`games/${view.id}/rematch`, { seat, token: tokenFor(view.id, seat) });
      const fresh = made.token ?? tokenFor(made.id, seat);  // null once this seat was claimed: by this browser, then
      if (!fresh) throw new Error(t("error.noToken"));
      saveSeat(made.id, seat, fresh, view.game);
      location.hash = `#/game/${made.id}/${seat}`;
    } catch (e) {
      button.disabled = false;
      toast(t("error.generic", { message: e.message }));
    }
  };
  return h("button", { type: "button", id: "rematch", onclick: (e) => go(e.currentTarget) }, view.rematch ? t("table.joinRematch") : t("table.rematch"));
}
