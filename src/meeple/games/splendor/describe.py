"""What one Splendor decision did, in game terms, as one viewer may know it (docs/rules/splendor.md, "Events").

Everything is read from the states before and after the decision, so the engine never pays for it. A turn's
decisions each tell their own part: the action (tokens taken, a card reserved or bought), then the card dealt into
the gap, the gold that came with a reservation, each token returned, the noble that visited, the final round.

The only secret a decision can touch is a card reserved blind from a deck (§13): its owner is told the
card, everyone else only its level (and, as on the table, the deck it came from).

Marks name the board elements ``views/splendor.js`` draws with ``data-mark``: ``card:<id>`` (a card, wherever it
lies), ``deck:<level>``, ``token:<colour>`` (a supply pile), ``noble:<id>`` and ``seat:<n>`` (a player's area).
"""

from __future__ import annotations

from typing import Any

from meeple.core.events import Event, counts, term

from . import actions as A
from .data import CARDS, DISPLAY_PER_TIER, GOLD, NOBLES, TOKEN_NAMES
from .state import SplendorState

#: Game words for event parameters: catalogue keys ``term.splendor.<colour>`` (Stone Age has gold too).
WORDS = tuple(f"splendor.{name}" for name in TOKEN_NAMES)


def card_params(card_id: int) -> dict[str, Any]:
    """A face-up card as event values: its level, bonus colour, prestige points and cost."""
    card = CARDS[card_id]
    return {
        "level": card.tier,
        "bonus": term(WORDS[card.bonus]),
        "points": card.points,
        "cost": counts({WORDS[c]: n for c, n in enumerate(card.cost)}),
    }


def token_counts(amounts: list[int]) -> dict[str, Any]:
    return counts({WORDS[k]: n for k, n in enumerate(amounts)})


def token_marks(amounts: list[int]) -> tuple[str, ...]:
    return tuple(f"token:{TOKEN_NAMES[k]}" for k, n in enumerate(amounts) if n)


def describe(before: SplendorState, action: A.SplendorAction, after: SplendorState, viewer: int | None) -> list[Any]:
    """The events of one decision (``before`` → ``after``) for ``viewer`` (a seat, or None for a spectator)."""
    seat = before.turn
    me = f"seat:{seat}"
    kind = action.kind
    events: list[Event] = []
    if kind == A.TAKE or kind == A.TAKE_TWO:
        got = [after.tokens[seat][k] - before.tokens[seat][k] for k in range(6)]
        events.append(Event("splendor.take", seat, {"gems": token_counts(got)}, (*token_marks(got), me)))
    elif kind == A.RESERVE:
        card = before.display[action.arg]  # type: ignore[index]
        events.append(Event("splendor.reserve", seat, card_params(card), (f"card:{card}", me)))
    elif kind == A.RESERVE_DECK:
        level = int(action.arg) + 1  # type: ignore[call-overload]
        card = after.reserved[seat][-1]
        if viewer == seat:
            events.append(Event("splendor.reserve_blind", seat, card_params(card), (f"card:{card}", f"deck:{level}", me)))
        else:
            events.append(Event("splendor.reserve_hidden", seat, {"level": level}, (f"deck:{level}", me)))
    elif kind == A.BUY:
        events.append(purchase(before, action, after, seat))
    elif kind == A.RETURN:
        back = [before.tokens[seat][k] - after.tokens[seat][k] for k in range(6)]
        events.append(Event("splendor.return", seat, {"gems": token_counts(back)}, (*token_marks(back), me)))
    elif kind == A.PASS:
        events.append(Event("splendor.pass", seat, {}, (me,)))
    if kind in (A.RESERVE, A.RESERVE_DECK):
        if after.tokens[seat][GOLD] > before.tokens[seat][GOLD]:
            events.append(Event("splendor.gold", seat, {}, ("token:gold", me)))
        else:
            events.append(Event("splendor.no_gold", seat, {}, (me,)))
    events += dealt(before, after)
    events += nobles(before, after, seat)
    if after.final_round and not before.final_round:
        events.append(Event("splendor.final_round", seat, {"points": after.points[seat]}, (me,)))
    return events


def purchase(before: SplendorState, action: A.SplendorAction, after: SplendorState, seat: int) -> Event:
    """§7: the card bought, what it cost after bonuses (tokens and gold paid) and what it gives."""
    source = int(action.arg)  # type: ignore[call-overload]
    if source < A.DISPLAY_SLOTS:
        card, kind = before.display[source], "splendor.buy"
    else:
        card, kind = before.reserved[seat][source - A.DISPLAY_SLOTS], "splendor.buy_reserved"
    paid = [before.tokens[seat][k] - after.tokens[seat][k] for k in range(6)]
    params = card_params(card)
    params["paid"] = token_counts(paid) if any(paid) else term("splendor.bonuses_only")
    return Event(kind, seat, params, (f"card:{card}", *token_marks(paid), f"seat:{seat}"))


def dealt(before: SplendorState, after: SplendorState) -> list[Event]:
    """§6–§7, §11: a card turned up into an emptied display slot (public), or the slot left empty."""
    out = []
    for slot, (old, new) in enumerate(zip(before.display, after.display, strict=True)):
        if old == new:
            continue
        level = slot // DISPLAY_PER_TIER + 1
        if new >= 0:
            out.append(Event("splendor.deal", None, card_params(new), (f"card:{new}", f"deck:{level}")))
        else:
            out.append(Event("splendor.deck_empty", None, {"level": level}, (f"deck:{level}",)))
    return out


def nobles(before: SplendorState, after: SplendorState, seat: int) -> list[Event]:
    """§9: the noble that visited at the end of the turn (chosen, or the only one who could)."""
    out = []
    for noble in after.nobles_won[seat][len(before.nobles_won[seat]) :]:
        tile = NOBLES[noble]
        params = {"requires": counts({WORDS[c]: n for c, n in enumerate(tile.requires)}), "points": tile.points}
        out.append(Event("splendor.noble", seat, params, (f"noble:{noble}", f"seat:{seat}")))
    return out

