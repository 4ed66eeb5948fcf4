// How the pages name games and seats.
import { t } from "./i18n.js";

export const gameTitle = (name) => t(`game.${name}`);

// A bot's name as players read it: a level ("Easy") where the catalogue has one, else its seat spec.
export function agentName(spec) {
  const key = `agent.${spec}`;
  const text = t(key);
  return text === key ? spec : text;
}

// The bots a seat can be, levels first (the easiest first), then the bots by their own names.
export function agentChoices(agents) {
  const levels = ["easy", "medium", "hard"].filter((a) => agents.includes(a));
  return [...levels, ...agents.filter((a) => !levels.includes(a))];
}

export function seatLabel(s) {
  const bot = t("lobby.botName", { name: agentName(s.agent) });
  if (s.kind !== "bot") return s.name || t("game.seat", { n: s.seat + 1 });
  // a player who left is marked "(bot)" by the server: name the seat as before, and the bot that plays it now
  const left = /\s*\(bot\)$/.test(s.name || "");
  const name = (s.name || "").replace(/\s*\(bot\)$/, "").trim();
  if (left) return `${name || t("game.seat", { n: s.seat + 1 })} (${bot})`;
  return name && name !== s.agent ? `${name} (${bot})` : bot;
}
