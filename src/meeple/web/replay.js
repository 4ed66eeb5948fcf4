// The replay viewer of a finished game: step through its decisions.
import { h, clear, fill, toast } from "./dom.js";
import { t } from "./i18n.js";
import { get } from "./api.js";
import { viewFor } from "./views/index.js";
import { gameTitle, seatLabel } from "./labels.js";
import { resultPanel } from "./result.js";

export async function replayPage(app, id) {
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
    const seatName = (i) => (summary.seats[i] ? seatLabel(summary.seats[i]) : t("game.seat", { n: i + 1 }));
    const ctx = { play: () => {}, local: {}, redraw: () => {}, seatName, names: summary.seats.map((s) => `\u2068${seatName(s.seat)}\u2069`) };
    const slider = h("input", { type: "range", min: 0, max: frame.steps, value: step, "aria-label": t("replay.title"), onchange: (e) => show(Number(e.target.value)) });
    fill(root,
      h("div", { class: "turn" }, h("span", { class: "title" }, gameTitle(summary.game)), " · ", t("replay.title"), " · ", h("span", { id: "replay-step" }, t("replay.step", { n: step, total: frame.steps }))),
      h("div", { class: "replay-nav" },
        h("button", { onclick: () => show(0), disabled: step === 0 }, t("replay.first")),
        h("button", { id: "replay-prev", onclick: () => show(step - 1), disabled: step === 0 }, t("replay.prev")),
        slider,
        h("button", { id: "replay-next", onclick: () => show(step + 1), disabled: step === frame.steps }, t("replay.next")),
        h("button", { onclick: () => show(frame.steps), disabled: step === frame.steps }, t("replay.last"))),
      frame.action ? h("p", { class: "last-move" }, h("bdi", {}, ctx.seatName(frame.seat)), ": ", h("bdi", {}, module.describe(frame.action, view))) : null,
      h("div", { class: "board", dataset: { game: summary.game } }, module.render(view, ctx)),
      view.result ? resultPanel({ ...view, id }, ctx, { rematch: false }) : null,
      h("a", { class: "button secondary", href: `api/games/${id}/record`, download: `${summary.game}-${id}.record.json` }, t("replay.record")),
    );
  }
  show(0);
}
