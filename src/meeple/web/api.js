// REST calls, the seat tokens this browser holds, and the live connection to a game.
const SEATS = "meeple.seats";

async function call(method, path, body) {
  const r = await fetch(`api/${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.error || (data.detail && JSON.stringify(data.detail)) || r.statusText);
  return data;
}

export const get = (path) => call("GET", path);
export const post = (path, body = {}) => call("POST", path, body);

// {gameId: {game, seats: {seat: token}}}; tokens never leave this browser except to this server.
export function mySeats() {
  try { return JSON.parse(localStorage.getItem(SEATS)) || {}; } catch { return {}; }
}

export function saveSeat(id, seat, token, game) {
  const all = mySeats();
  all[id] = all[id] || { game, seats: {} };
  if (game) all[id].game = game;
  all[id].seats[seat] = token;
  localStorage.setItem(SEATS, JSON.stringify(all));
}

export function tokenFor(id, seat) {
  return mySeats()[id]?.seats?.[seat] ?? null;
}

// An invitation claims its seat once: the server answers a fresh token for this browser (or says the seat is taken).
// Rejects with a "taken" error (error.seatTaken in the catalogues) when someone else claimed the seat first.
export async function claimInvitation(id, seat, invite) {
  if (tokenFor(id, seat)) return;  // this browser holds the seat already (its creator, or a second opening)
  const r = await fetch(`api/games/${id}/claim`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat, invite }) });
  const data = await r.json().catch(() => ({}));
  if (r.status === 409) throw Object.assign(new Error(data.error || "taken"), { taken: true });
  if (!r.ok) throw new Error(data.error || r.statusText);
  saveSeat(id, seat, data.token);
}

export function inviteLink(id, seat, token) {
  const base = location.href.split("#")[0];
  return `${base}#/play/${id}/${seat}/${token}`;
}

// A live connection that reconnects by itself; onMessage gets every server message.
export function connect(id, seat, token, onMessage, onStatus) {
  let ws = null;
  let closed = false;
  let retry = 500;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const path = location.pathname.replace(/[^/]*$/, "");
  function open() {
    ws = new WebSocket(`${scheme}://${location.host}${path}ws/games/${id}`);
    ws.onopen = () => {
      retry = 500;
      onStatus(true);
      ws.send(JSON.stringify({ type: "hello", seat, token }));
    };
    ws.onmessage = (e) => onMessage(JSON.parse(e.data));
    ws.onclose = () => {
      onStatus(false);
      if (!closed) setTimeout(open, retry = Math.min(retry * 2, 8000));
    };
  }
  open();
  return {
    send(msg) {
      if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(msg)); return true; }
      return false;
    },
    close() { closed = true; ws && ws.close(); },
  };
}
