"""Building explicit Stone Age states for rule tests (setup injection, forced chance outcomes)."""

from __future__ import annotations

from typing import Any

from meeple.core import ChanceScript
from meeple.games.stoneage.data import CARDS, LOCATION_NAMES, TILES
from meeple.games.stoneage.game import GAME
from meeple.games.stoneage.state import StoneAgeState

W, C, S, G = range(4)
LOC = {name: i for i, name in enumerate(LOCATION_NAMES)}


def new(players: int = 4, seed: int = 0, **options: object) -> StoneAgeState:
    state = GAME.new_game(players=players, seed=seed, **options)
    assert isinstance(state, StoneAgeState)
    return state


def texts(s: StoneAgeState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def force(s: StoneAgeState, *outcomes: tuple[str, Any]) -> None:
    """The next chance outcomes come from this list, in order; set ``s.script = None`` to go back to the RNG."""
    s.script = ChanceScript({"chance": kind, "value": value} for kind, value in outcomes)


def card_with(top: str, value: int | None = None, bottom: str | None = None) -> int:
    for c in CARDS:
        if c.top == top and (value is None or c.value == value) and (bottom is None or c.bottom == bottom):
            return c.id
    raise AssertionError(f"no card {top} {value} {bottom}")


def put_card(s: StoneAgeState, slot: int, cid: int) -> None:
    """Put a civilization card in a display slot (0 = slot 1, cost 1); the one there goes back to the deck."""
    if cid in s.display:
        s.display[s.display.index(cid)] = s.deck.pop()
    else:
        s.deck.remove(cid)
    old = s.display[slot]
    if old >= 0:
        s.deck.append(old)
    s.display[slot] = cid
    s._legal = None


def give_cards(s: StoneAgeState, seat: int, *cids: int) -> None:
    for cid in cids:
        if cid in s.display:
            s.display[s.display.index(cid)] = s.deck.pop()
        else:
            s.deck.remove(cid)
        s.cards[seat].append(cid)


def put_tile(s: StoneAgeState, stack: int, tid: int) -> None:
    """Make ``tid`` the face-up tile of a stack; the tile there goes back among the unrevealed ones."""
    if tid in s.tops:
        i = s.tops.index(tid)
        s.tops[i] = s.pool.pop()
    else:
        s.pool.remove(tid)
    s.pool.append(s.tops[stack])
    s.tops[stack] = tid
    s._legal = None


def tile_of(kind: str, **kw: int) -> int:
    for t in TILES:
        if t.kind == kind and all(getattr(t, k) == v for k, v in kw.items()):
            return t.id
    raise AssertionError(f"no tile {kind} {kw}")


def to_actions(s: StoneAgeState, seat: int, placed: dict[str, int]) -> None:
    """Jump to the actions phase with only ``seat``'s people placed as given (others placed nothing)."""
    n = s.num_players
    s.at = [[0] * len(LOCATION_NAMES) for _ in range(n)]
    s.occ = [0] * len(LOCATION_NAMES)
    for name, count in placed.items():
        s.at[seat][LOC[name]] = count
        s.occ[LOC[name]] = count
    s.home = [0] * n
    s.start = seat
    s.turn = seat
    s._legal = None
    s.begin_actions()


def play(s: StoneAgeState, *moves: str) -> None:
    for m in moves:
        s.apply(m)
