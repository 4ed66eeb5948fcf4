// The browser UI: lobby, game page and replay viewer, routed by the URL's hash.
import { t, setLanguage, preferred, language } from "./i18n.js";
import { get, claimInvitation } from "./api.js";
import { toast } from "./dom.js";
import { lobbyPage } from "./lobby.js";
import { gamePage } from "./table.js";
import { replayPage } from "./replay.js";

const app = document.getElementById("app");
let meta = null;
let teardown = () => {};

async function start() {
  const select = document.getElementById("lang");
  await setLanguage(preferred(), false);
  select.value = language();
  select.addEventListener("change", async () => { await setLanguage(select.value); route(); });
  meta = await get("meta");
  window.addEventListener("hashchange", route);
  route();
}

function route() {
  teardown();
  teardown = () => {};
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "play" && parts.length === 4) {
    // An invitation: claim its seat (a fresh token stays in this browser) and take it out of the address bar.
    const [, id, seat, invite] = parts;
    history.replaceState(null, "", `#/game/${id}/${seat}`);
    claimInvitation(id, Number(seat), invite)
      .catch((e) => toast(e.taken ? t("error.seatTaken") : t("error.generic", { message: e.message })))
      .then(() => { teardown = gamePage(app, id, Number(seat)); });
    return;
  }
  if (parts[0] === "game" && parts.length >= 2) {
    teardown = gamePage(app, parts[1], parts[2] === undefined || parts[2] === "watch" ? null : Number(parts[2]));
    return;
  }
  if (parts[0] === "replay" && parts.length >= 2) return replayPage(app, parts[1]);
  return lobbyPage(app, meta);
}

start().catch((e) => { app.textContent = t("error.generic", { message: String(e) }); });
