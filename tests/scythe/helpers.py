"""Building explicit Scythe states for rule tests: chosen factions and mats, units and resources placed by hand."""

from __future__ import annotations

from meeple.games.scythe import data as D
from meeple.games.scythe.game import GAME
from meeple.games.scythe.state import SECTION, ScytheState
from meeple.games.scythe.views import check_consistency


def sp(name: str) -> int:
    return D.SPACE_INDEX[name]


def new(factions: str = "nordic,polania", mats: str | None = None, seed: int = 0, **options: object) -> ScytheState:
    n = len(factions.split(","))
    mats = mats or ",".join(D.MATS[:n])
    state = GAME.new_game(players=n, seed=seed, factions=factions, mats=mats, **options)
    assert isinstance(state, ScytheState)
    return state


def refresh(s: ScytheState) -> ScytheState:
    """After editing fields by hand: drop the caches and check the state is still a valid one."""
    s._board = None
    s._legal = None
    check_consistency(s)
    return s


def turn_of(s: ScytheState, seat: int, section: int | None = None) -> ScytheState:
    """Make it ``seat``'s turn at the section choice (or straight at the top action of ``section``)."""
    s.ti = s.order.index(seat)
    s.phase = SECTION
    s.reset_turn()
    if section is not None:
        s.last_section[seat] = -1
        refresh(s)
        s.apply(f"section {section + 1}")
    return refresh(s)


def section_of(s: ScytheState, seat: int, top: str) -> int:
    """The column of ``seat``'s mat whose top action is ``top``."""
    return D.MAT_TOP[s.mat[seat]].index(D.TOP_ACTIONS.index(top))


def place(s: ScytheState, seat: int, slot: int, space: str | None) -> None:
    s.pos[seat][slot] = -1 if space is None else sp(space)
    s._board = None


def workers(s: ScytheState, seat: int, *spaces: str) -> None:
    """Put ``seat``'s workers exactly on these spaces (the rest back on the mat)."""
    for i in range(D.WORKERS):
        s.pos[seat][D.WORKER0 + i] = sp(spaces[i]) if i < len(spaces) else -1
    s._board = None


def mech(s: ScytheState, seat: int, space: str, ability: int | None = None) -> None:
    """Deploy a mech by hand (unlocking ``ability``, else the first locked one)."""
    units = s.pos[seat]
    slot = next(k for k in range(D.MECH0, D.WORKER0) if units[k] < 0)
    units[slot] = sp(space)
    if ability is None:
        ability = next(m for m in range(4) if not s.abil[seat] >> m & 1)
    s.abil[seat] |= 1 << ability
    s._board = None


def resources(s: ScytheState, space: str, **amounts: int) -> None:
    h = sp(space)
    for r, k in amounts.items():
        s.res[h * 4 + D.RESOURCES.index(r)] = k


def res_at(s: ScytheState, space: str, r: str) -> int:
    return s.res[sp(space) * 4 + D.RESOURCES.index(r)]


def texts(s: ScytheState) -> set[str]:
    return {a.text for a in s.legal_actions()}


def play(s: ScytheState, *moves: str) -> ScytheState:
    for m in moves:
        s.apply(m)
    return s


def names(spaces: list[int]) -> set[str]:
    return {D.SPACE_NAMES[h] for h in spaces}


def unlock(s: ScytheState, seat: int, *abilities: int) -> None:
    """Unlock mech abilities by deploying their mechs on the seat's home base (out of the way)."""
    home = D.SPACE_NAMES[D.HOME[s.faction[seat]]]
    for m in abilities:
        mech(s, seat, home, ability=m)


def set_hand(s: ScytheState, seat: int, *values: int) -> None:
    """Give ``seat`` exactly these combat cards, taken from (and returned to) the deck so cards stay conserved."""
    for i in range(4):
        s.deck[i] += s.hand[seat][i]
        s.hand[seat][i] = 0
    for v in values:
        i = D.CARD_VALUES.index(v)
        s.deck[i] -= 1
        s.hand[seat][i] += 1


def battle(factions: str = "nordic,polania", mats: str | None = None, power: tuple[int, int] = (5, 5)) -> ScytheState:
    """Seat 0's character and two workers on the forest 4,1; seat 1's character and a worker on the tundra 5,1.

    Seat 0 is at its Move top action; ``pick character``, ``to 5,1``, ``done`` starts the combat.
    """
    s = new(factions, mats)
    for p in range(2):
        for i in range(D.UNIT_SLOTS):
            s.pos[p][i] = -1
    place(s, 0, D.CHAR, "4,1")
    workers(s, 0, "4,1", "4,1")
    place(s, 1, D.CHAR, "5,1")
    workers(s, 1, "5,1", "6,3")
    s.power = list(power)
    set_hand(s, 0)
    set_hand(s, 1)
    refresh(s)
    turn_of(s, 0, section_of(s, 0, "move"))
    s.apply("move")
    return s


def hold(s: ScytheState, seat: int, *cards: int) -> None:
    """Give ``seat`` exactly these objective cards, swapping them with wherever they were (cards stay conserved)."""
    for k, card in enumerate(cards):
        mine = s.objectives[seat]
        if mine[k] == card:
            continue
        where = next(x for x in (s.objective_deck, *s.objectives) if card in x)
        where[where.index(card)], mine[k] = mine[k], card
