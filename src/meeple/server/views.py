"""What one seat is told about a game: built from ``observation(seat)`` and nothing hidden.

The view never holds a seat token, a chance outcome from the history, or another seat's
observation. The game log lists decisions by their notation; a game whose notations could
carry a secret may define ``public_action_text(text, seat, viewer) -> str`` to mask them.
``events`` tells the last decisions in game terms as this seat may know them, and ``since`` where
its own last decision left the game (see :mod:`.narration`).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .narration import events_for, events_json

if TYPE_CHECKING:
    from .rooms import Live

LOG_TAIL = 300
#: Decisions told in game terms in each view (and every decision since the seat's own last one): each view is
#: pushed whole, so this tail is kept short.
EVENTS_TAIL = 60


def public_seats(live: Live) -> list[dict[str, Any]]:
    connected = live.connected()
    return [
        {
            "seat": i,
            "kind": s["kind"],
            "agent": s["agent"],
            "name": s.get("name") or "",
            "joined": bool(s["joined"]),
            "open": bool(s.get("open")) and not s["joined"],  # offered by the creator to anyone, still free
            "connected": connected[i],
        }
        for i, s in enumerate(live.stored.seats)
    ]


def game_log(live: Live, viewer: int | None) -> tuple[list[dict[str, Any]], int]:
    mask = getattr(live.state.game, "public_action_text", None)
    entries = []
    for entry, seat in zip(live.stored.history, live.stored.deciders, strict=True):
        if isinstance(entry, str):
            text = entry if mask is None or viewer == seat else mask(entry, seat, viewer)
            entries.append({"seat": seat, "action": text})
    return entries[-LOG_TAIL:], len(entries)


def seat_view(live: Live, seat: int | None, *, can_undo: bool, remaining: float | None) -> dict[str, Any]:
    view = view_fields(live, seat, can_undo=can_undo, remaining=remaining)
    view["events"], view["since"] = events_for(live.id, live.stored.record(), live.stored.deciders, seat, EVENTS_TAIL)
    return view


def seat_view_json(live: Live, seat: int | None, *, can_undo: bool, remaining: float | None, abandoned: bool = False) -> str:
    """:func:`seat_view` as the JSON text a connection sends (``legal`` emptied when ``abandoned``): the events, most
    of a view, are spliced in from each decision's entry encoded once rather than encoded again for every view."""
    view = view_fields(live, seat, can_undo=can_undo, remaining=remaining)
    if abandoned:
        view["legal"] = []
    events, view["since"] = events_json(live.id, live.stored.record(), live.stored.deciders, seat, EVENTS_TAIL)
    text = json.dumps(view, separators=(",", ":"))
    return f'{text[:-1]},"events":{events}}}'


def view_fields(live: Live, seat: int | None, *, can_undo: bool, remaining: float | None) -> dict[str, Any]:
    """Everything of a seat's view but its events and since."""
    state = live.state
    game = state.game
    current = state.current_player
    mine = seat is not None and current == seat and live.stored.seats[seat]["kind"] == "human"
    log, moves = game_log(live, seat)
    result = state.result()
    return {
        "type": "state",
        "id": live.id,
        "game": game.name,
        "title": game.title,
        "players": state.num_players,
        "options": state.options,
        "seat": seat,
        "ply": len(state.history),
        "moves": moves,
        "seats": public_seats(live),
        "current_player": current,
        "over": state.is_over,
        "observation": state.observation(seat),
        "legal": [str(a) for a in state.legal_actions()] if mine else [],
        "log": log,
        # "events" (each decision in game terms, as this seat may know it: narration.py) and "since" are added by
        # seat_view and seat_view_json
        "result": None if result is None else result.to_dict(),
        "clock": live.stored.clock,
        "remaining": remaining,
        "timeouts": {str(k): v for k, v in live.timeouts.items()},
        "can_undo": can_undo,
        **game_facts(live.stored),
    }


def game_facts(stored: Any) -> dict[str, Any]:
    """Facts of the game itself (server.rooms): the seed only where the creator chose it, or once the game is over."""
    return {
        "seeded": stored.seeded,
        "seed": stored.seed if stored.seeded or stored.over else None,
        "abandoned": stored.abandoned,
        "rematch": stored.rematch,
    }


def summary(stored: Any, live: Live | None = None) -> dict[str, Any]:
    """A lobby line: public facts only."""
    seats = [
        {"seat": i, "kind": s["kind"], "agent": s["agent"], "name": s.get("name") or "", "joined": bool(s["joined"]),
         "open": bool(s.get("open")) and not s["joined"]}
        for i, s in enumerate(stored.seats)
    ]  # fmt: skip
    return {
        "id": stored.id,
        "game": stored.game,
        "players": stored.players,
        "options": dict(stored.options),  # the rules in force: public (a preset shows as the options it turned on)
        "seats": seats,
        "open": stored.open,
        "over": stored.over,
        "result": stored.result,
        "current_player": None if live is None else live.state.current_player,
        "created": stored.created,
        **game_facts(stored),
    }
