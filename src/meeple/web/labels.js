// How the pages name games and seats.
import { t } from "./i18n.js";

export const gameTitle = (name) => t(`game.${name}`);

export function seatLabel(s) {
  const bot = t("lobby.botName", { name: s.agent });
  if (s.kind !== "bot") return s.name || t("game.seat", { n: s.seat + 1 });
  // a player who left is marked "(bot)" by the server: name the seat as before, and the bot that plays it now
  const left = /\s*\(bot\)$/.test(s.name || "");
  const name = (s.name || "").replace(/\s*\(bot\)$/, "").trim();
  if (left) return `${name || t("game.seat", { n: s.seat + 1 })} (${bot})`;
  return name && name !== s.agent ? `${name} (${bot})` : bot;
}
