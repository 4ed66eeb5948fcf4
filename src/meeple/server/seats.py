"""Who sits where: a new game's request read and checked, seat tokens, invitations and open seats.

A seat's secrets are stored as hashes only. The creator's seat (the first human one) is bound at creation; every
other human seat is claimed once, by its invitation, by joining it when the creator offered it as open, or (in a
rematch) with the token the same seat had in the finished game. A claim gives the claimer a fresh token.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from typing import Any

from meeple.agents import agent_names, make_agent, parse_agent_spec
from meeple.core import Game
from meeple.core import games as game_names
from meeple.core import load as load_game

from .errors import BadRequest, Forbidden, Refused
from .limits import Limits

HUMAN = "human"
BOT = "bot"
MAX_NAME = 40
MAX_SPEC = 80


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_secret() -> tuple[str, str]:
    """A fresh secret and the hash that is stored."""
    secret = secrets.token_urlsafe(24)
    return secret, hash_token(secret)


def matches(secret: Any, stored: str | None) -> bool:
    return isinstance(secret, str) and stored is not None and hmac.compare_digest(hash_token(secret), stored)


def check_seat_index(seat: Any, players: int, what: str = "seat") -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise BadRequest(f"{what} must be an integer in 0..{players - 1}")
    return seat


def check_bot(spec: str, limits: Limits) -> None:
    """A bot seat's spec (``mcts:seconds=1``): a known agent, parameters it accepts, a search within the limits."""
    if len(spec) > MAX_SPEC:
        raise BadRequest(f"a bot spec is at most {MAX_SPEC} characters")
    try:
        _, params = parse_agent_spec(spec)
        make_agent(spec, seed=0)
    except ValueError as e:
        raise BadRequest(str(e)) from None
    seconds, iterations = params.get("seconds"), params.get("iterations")
    if isinstance(seconds, (int, float)) and not (math.isfinite(seconds) and seconds <= limits.max_bot_seconds):
        raise BadRequest(f"a bot may search at most {limits.max_bot_seconds:g} seconds a decision on this server")
    if isinstance(iterations, (int, float)) and iterations > limits.max_bot_iterations:
        raise BadRequest(f"a bot may search at most {limits.max_bot_iterations} iterations a decision on this server")


def _open_seats(value: Any, humans: list[int], creator: int | None) -> set[int]:
    """``open``: false, true (every human seat but the creator's) or a list of human seats."""
    if value is None or value is False:
        return set()
    if value is True:
        return {i for i in humans if i != creator}
    if isinstance(value, list) and all(isinstance(i, int) and not isinstance(i, bool) for i in value):
        chosen = set(value)
        wrong = sorted(chosen - set(humans) | ({creator} & chosen))
        if wrong:
            raise BadRequest(f"open lists seats that are not free human seats: {wrong} (the creator's seat is {creator})")
        return chosen
    raise BadRequest("open must be true, false or a list of human seats")


def check_spec(spec: dict[str, Any], limits: Limits) -> tuple[Game, int, dict[str, Any], list[dict[str, Any]]]:
    """The game, player count, options and seats of a new-game request; BadRequest if invalid."""
    name = spec.get("game")
    if not isinstance(name, str) or name not in game_names():
        raise BadRequest(f"no game called {name!r}; available: {', '.join(game_names())}"[:300])
    game = load_game(name)
    players = spec.get("players", game.min_players)
    if not isinstance(players, int) or isinstance(players, bool):
        raise BadRequest(f"players must be an integer ({game.min_players}-{game.max_players} players)")
    raw_options = spec.get("options") or {}
    if not isinstance(raw_options, dict):
        raise BadRequest("options must be a JSON object of option names and values")
    try:
        game.check_players(players)
        options = game.check_options(raw_options)
    except (ValueError, TypeError) as e:  # TypeError: a value of a type the game's check does not expect
        raise BadRequest(f"{name}: {e}"[:300]) from None
    kinds = spec.get("seats") or [HUMAN] + ["random"] * (players - 1)
    names = spec.get("names") or [""] * players
    if not isinstance(kinds, list) or len(kinds) != players or not all(isinstance(k, str) for k in kinds):
        raise BadRequest(f"seats must list {players} entries (human or a bot: {', '.join(agent_names())})")
    if not isinstance(names, list) or len(names) != players or not all(isinstance(n, str) for n in names):
        raise BadRequest(f"names must list {players} strings")
    seats = []
    for i, (kind, nick) in enumerate(zip(kinds, names, strict=True)):
        if kind == HUMAN:
            seats.append({"kind": HUMAN, "agent": None, "name": nick.strip()[:MAX_NAME], "token": None, "joined": False})
            continue
        try:
            check_bot(kind, limits)
        except BadRequest as e:
            raise BadRequest(f"seat {i}: {kind[:MAX_SPEC]!r} is neither human nor a bot ({', '.join(agent_names())}): {e.message}") from None
        seats.append({"kind": BOT, "agent": kind, "name": nick.strip()[:MAX_NAME] or kind, "token": None, "joined": True})
    return game, players, options, seats


def seat_up(seats: list[dict[str, Any]], open_value: Any) -> tuple[int | None, dict[int, str], dict[int, str]]:
    """Bind the creator's seat and issue the secrets: returns the creator's seat, a token for every human seat
    (the creator's, and the ones a hot-seat game is played with from the creator's browser) and an invitation
    for every other human seat. Mutates ``seats`` to hold the hashes."""
    humans = [i for i, s in enumerate(seats) if s["kind"] == HUMAN]
    creator = humans[0] if humans else None
    offered = _open_seats(open_value, humans, creator)
    tokens: dict[int, str] = {}
    invites: dict[int, str] = {}
    for i in humans:
        tokens[i], seats[i]["token"] = new_secret()
        seats[i].update(creator=i == creator, open=i in offered, joined=i == creator)
        if i != creator:
            invites[i], seats[i]["invite"] = new_secret()
    return creator, tokens, invites


def claim(info: dict[str, Any], seat: int, *, invite: Any = None, previous: Any = None, name: Any = None) -> str:
    """Seat ``seat`` for the holder of its invitation (or its token in the game this one is a rematch of);
    returns the seat's new token. Mutates ``info``."""
    if info["kind"] != HUMAN:
        raise Refused(f"seat {seat} is played by a bot")
    if info["joined"]:
        raise Refused(f"seat {seat} is taken: its invitation was used already")
    if invite is not None:
        if not matches(invite, info.get("invite")):
            raise Forbidden(f"that is not the invitation of seat {seat} (the creator can issue a new one)")
    elif previous is not None:
        if not matches(previous, info.get("previous")):
            raise Forbidden(f"that is not the token seat {seat} had in the game this one is a rematch of")
    else:
        raise BadRequest("a claim carries the seat's invitation or, in a rematch, previous_token")
    token, info["token"] = new_secret()
    info.update(joined=True, invite=None, previous=None)
    if isinstance(name, str) and name.strip():
        info["name"] = name.strip()[:MAX_NAME]
    return token
