"""Building explicit Splendor states for rule tests (§2 ► ENGINE: setup injection)."""

from __future__ import annotations

from meeple.games.splendor.data import CARDS, COLOURS, GOLD, NOBLES
from meeple.games.splendor.game import GAME
from meeple.games.splendor.state import SplendorState

W, U, G, R, K = range(5)


def new(players: int = 2, seed: int = 0, **options: object) -> SplendorState:
    state = GAME.new_game(players=players, seed=seed, **options)
    assert isinstance(state, SplendorState)
    return state


def card_id(tier: int, bonus: str, points: int, **cost: int) -> int:
    """The card with this tier, bonus, points and cost (colour names as keywords)."""
    want = tuple(cost.get(c, 0) for c in COLOURS)
    hits = [c.id for c in CARDS if c.tier == tier and COLOURS[c.bonus] == bonus and c.points == points and c.cost == want]
    assert len(hits) == 1, f"no unique card {tier} {bonus} {points} {cost}: {hits}"
    return hits[0]


def noble_id(**requires: int) -> int:
    want = tuple(requires.get(c, 0) for c in COLOURS)
    return next(n.id for n in NOBLES if n.requires == want)


def _unplace(s: SplendorState, cid: int) -> None:
    """Take a card out of wherever it is (decks, display, reserves); a display slot is refilled from its deck."""
    tier = CARDS[cid].tier - 1
    if cid in s.decks[tier]:
        s.decks[tier].remove(cid)
        return
    if cid in s.display:
        slot = s.display.index(cid)
        s.display[slot] = s.decks[tier].pop() if s.decks[tier] else -1
        return
    for p in range(s.num_players):
        if cid in s.reserved[p]:
            i = s.reserved[p].index(cid)
            s.reserved[p].pop(i)
            s.blind[p].pop(i)
            return
    raise AssertionError(f"card {cid} is not movable (already bought?)")


def put_in_display(s: SplendorState, slot: int, cid: int) -> None:
    """Place a card in a display slot (0..11); the card that was there goes back to its deck."""
    _unplace(s, cid)
    old = s.display[slot]
    if old >= 0:
        s.decks[CARDS[old].tier - 1].append(old)
    s.display[slot] = cid
    s._legal = None


def reserve_for(s: SplendorState, seat: int, cid: int, blind: bool = False) -> None:
    _unplace(s, cid)
    s.reserved[seat].append(cid)
    s.blind[seat].append(blind)
    s._legal = None


def give_cards(s: SplendorState, seat: int, *cids: int) -> None:
    """Seat has bought these cards (bonuses and points follow)."""
    for cid in cids:
        _unplace(s, cid)
        s.bought[seat].append(cid)
        s.bonuses[seat][CARDS[cid].bonus] += 1
        s.points[seat] += CARDS[cid].points
    s._legal = None


def give_bonuses(s: SplendorState, seat: int, counts: dict[int, int], points: bool = False) -> None:
    """Seat owns cards giving these bonuses (0-point tier-1 cards where possible)."""
    for colour, n in counts.items():
        pool = [c.id for c in CARDS if c.bonus == colour and (points or c.points == 0) and c.id not in s.bought[seat]]
        pool = [c for c in pool if all(c not in b for b in s.bought)]
        give_cards(s, seat, *pool[:n])


def give_tokens(s: SplendorState, seat: int, counts: dict[int, int]) -> None:
    """Move tokens from the supply to a seat (index GOLD = 5 for gold)."""
    for kind, n in counts.items():
        assert s.supply[kind] >= n, f"supply has only {s.supply[kind]} of token {kind}"
        s.supply[kind] -= n
        s.tokens[seat][kind] += n
    s._legal = None


def set_nobles(s: SplendorState, *noble_ids: int) -> None:
    assert len(noble_ids) == s.num_players + 1
    s.nobles = list(noble_ids)
    s._legal = None


def texts(s: SplendorState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def token_total(s: SplendorState, kind: int) -> int:
    return s.supply[kind] + sum(t[kind] for t in s.tokens)


__all__ = [
    "GOLD",
    "G",
    "K",
    "R",
    "U",
    "W",
    "card_id",
    "give_bonuses",
    "give_cards",
    "give_tokens",
    "new",
    "noble_id",
    "put_in_display",
    "reserve_for",
    "set_nobles",
    "texts",
    "token_total",
]
