"""Scoring a position for one seat, finding the best-scored turn, and playing a chosen turn out step by step."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from meeple.core import Action, State

from .evaluation import Evaluator, advantage, outcome_rewards

#: A finished game outweighs any heuristic difference: winning now beats every other move.
_OUTCOME_WEIGHT = 1e6


def score(state: State, seat: int, evaluate: Evaluator | None = None) -> float:
    """How good ``state`` is for ``seat``: its heuristic lead (by ``evaluate``, default the game's own), or its
    result once the game is over."""
    value = advantage((evaluate or state.game.evaluate)(state), seat)
    if state.is_over:
        value += _OUTCOME_WEIGHT * (outcome_rewards(state)[seat] - 0.5)
    return value


def turn_over(state: State, seat: int, start: int | None) -> bool:
    """Whether ``seat``'s turn that began at turn number ``start`` (``Game.turn_number``) has ended: the game is over,
    another seat (or chance) is to move, or, in a game where a seat moves twice running, the turn count moved on."""
    return state.is_over or state.current_player != seat or (start is not None and state.game.turn_number(state) != start)


def best_turn(world: State, seat: int, limit: int, width: int, evaluate: Evaluator | None = None) -> list[Action]:
    """The best-scored sequence of ``seat``'s decisions from ``world`` to the end of its turn (or ``limit`` steps).

    A beam search: at each step every kept partial turn is extended by each of its legal actions, and the
    ``width`` best-scored extensions that reach distinct positions are kept (``keep_distinct``); a partial turn
    whose seat no longer moves (its turn ended, a defender or the chance of a fight now decides, the game is over)
    is finished. Scoring each step keeps the
    search on promising lines, while the width keeps a move whose worth shows only later (a top action that pays
    for the bottom one) alive long enough to be seen. ``world`` is not changed; ties keep the legal order.
    """
    return list(ranked_turns(world, seat, limit, width, evaluate)[0][1])


_Entry = tuple[float, State, tuple[Action, ...]]
#: A beam entry: its score and position first (``keep_distinct`` reads those), then whatever its search keeps.
_Kept = TypeVar("_Kept", bound=tuple[Any, ...])


def ranked_turns(
    world: State, seat: int, limit: int, width: int, evaluate: Evaluator | None = None, every_first: bool = False
) -> list[tuple[float, tuple[Action, ...]]]:
    """Every turn the beam search of ``best_turn`` finished or kept to the end, best-scored first. With
    ``every_first``, the beam also keeps the best partial turn of each decision that can be made now
    (``keep_every_first``)."""
    frontier: list[_Entry] = [(score(world, seat, evaluate), world, ())]
    finished: list[tuple[float, tuple[Action, ...]]] = []
    start = world.game.turn_number(world)
    for _ in range(limit):
        grown: list[_Entry] = []
        for value, state, line in frontier:
            if line and turn_over(state, seat, start):
                finished.append((value, line))
                continue
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                grown.append((score(child, seat, evaluate), child, (*line, action)))
        if not grown:
            frontier = []
            break
        grown.sort(key=lambda entry: -entry[0])
        frontier = keep_distinct(grown, width)
        if every_first:
            frontier = keep_every_first(grown, frontier)
    finished.extend((value, line) for value, _, line in frontier)
    finished.sort(key=lambda entry: -entry[0])  # stable: of equal scores, the first found first
    return finished


#: A world of a plan made in several (``ranked_turns_in_worlds``): its position, its score, and whether it still
#: follows the plan (False once its turn is over or the plan's next step is not legal there, its score then fixed).
_WorldEntry = tuple[State, float, bool]


def ranked_turns_in_worlds(
    worlds: list[State], seat: int, limit: int, width: int, evaluate: Evaluator | None = None, replan: int = 2,
    every_first: bool = False,
) -> list[tuple[float, tuple[Action, ...]]]:
    """``ranked_turns`` with each partial turn scored by its mean over several worlds the seat cannot tell apart.

    A plan made in one world knows that world's draws: an attack looks won at the lowest dial that beats the card
    the defender will draw there, an encounter good for the card it will turn up. Here every step is played in
    each of ``worlds`` (the first leads: its legal actions are the ones tried, its positions tell lines apart) and
    scored by the mean, so a step that pays only for one world's luck no longer leads the beam. A world whose turn
    ends, or where the next step is not legal (another card was drawn), keeps its score from there, its turn
    finished by a ``replan``-wide beam. Actions returned are the first world's. ``every_first``: as in
    ``ranked_turns``.
    """
    lead = worlds[0]
    start = lead.game.turn_number(lead)
    first = tuple((w, score(w, seat, evaluate), True) for w in worlds)
    frontier: list[tuple[float, State, tuple[Action, ...], tuple[_WorldEntry, ...]]] = [(_mean(first), lead, (), first)]
    finished: list[tuple[float, tuple[Action, ...]]] = []
    for _ in range(limit):
        grown: list[tuple[float, State, tuple[Action, ...], tuple[_WorldEntry, ...]]] = []
        for value, _, line, entries in frontier:
            if line and turn_over(entries[0][0], seat, start):
                finished.append((value, line))
                continue
            legal_there = [{a.id: a for a in w.legal_actions()} if going else {} for w, _, going in entries]
            for action in entries[0][0].legal_actions():
                grown_entries = []
                for k, (w, v, going) in enumerate(entries):
                    if not going:
                        grown_entries.append((w, v, False))
                        continue
                    twin = action if k == 0 else legal_there[k].get(action.id)
                    child = w.clone()
                    if twin is None:
                        for rest in best_turn(child, seat, limit - len(line), replan, evaluate):
                            child.apply(rest)
                        grown_entries.append((child, score(child, seat, evaluate), False))
                        continue
                    child.apply(twin)
                    going = k == 0 or not turn_over(child, seat, start)
                    grown_entries.append((child, score(child, seat, evaluate), going))
                packed = tuple(grown_entries)
                grown.append((_mean(packed), packed[0][0], (*line, action), packed))
        if not grown:
            frontier = []
            break
        grown.sort(key=lambda entry: -entry[0])
        frontier = keep_distinct(grown, width)
        if every_first:
            frontier = keep_every_first(grown, frontier)
    finished.extend((value, line) for value, _, line, _ in frontier)
    finished.sort(key=lambda entry: -entry[0])
    return finished


def _mean(entries: tuple[_WorldEntry, ...]) -> float:
    return sum(v for _, v, _ in entries) / len(entries)


def distinct_turns(
    world: State, seat: int, limit: int, width: int, count: int, evaluate: Evaluator | None = None,
    others: list[State] | None = None, every_first: bool = False,
) -> list[tuple[int, ...]]:
    """The ``count`` best-scored turns of ``ranked_turns`` as action ids, one per score: turns that score exactly the
    same are nearly always one turn told apart by a detail (which territory pays), and weighing them apart would
    crowd out the real alternatives. With ``others``, each turn is planned and scored in those worlds too
    (``ranked_turns_in_worlds``). ``every_first``: as in ``ranked_turns``."""
    out: list[tuple[int, ...]] = []
    seen: set[float] = set()
    if others:
        ranked = ranked_turns_in_worlds([world, *others], seat, limit, width, evaluate, every_first=every_first)
    else:
        ranked = ranked_turns(world, seat, limit, width, evaluate, every_first)
    for value, line in ranked:
        if value not in seen:
            seen.add(value)
            out.append(tuple(a.id for a in line))
            if len(out) == count:
                break
    return out


def seat_default(state: State, asked: int | None, solo: int, other: int) -> int:
    """An agent's setting for ``state``'s game: what was ``asked``, else ``solo`` in a game with one seat (where the
    game's own opponent, as Scythe's Automa, moves inside the seat's turn) and ``other`` otherwise."""
    if asked is not None:
        return asked
    return solo if state.num_players == 1 else other


def keep_distinct(grown: list[_Kept], width: int) -> list[_Kept]:
    """The ``width`` best of ``grown`` (sorted best first), one per position: two partial turns with the same score
    and the same legal actions next are nearly always one position reached by different orders or details (two
    tokens put in either order, a move that ends where it began), and a beam full of them has no room left for a
    turn that pays before it gives (Trade: a coin first, then the goods)."""
    kept: list[_Kept] = []
    seen: set[tuple[float, tuple[int, ...]]] = set()
    for entry in grown:
        key = (entry[0], tuple(a.id for a in entry[1].legal_actions()))
        if key not in seen:
            seen.add(key)
            kept.append(entry)
            if len(kept) == width:
                break
    return kept


def keep_every_first(grown: list[_Kept], kept: list[_Kept]) -> list[_Kept]:
    """``kept`` and, after it, the best entry of ``grown`` (sorted best first; an entry's line of actions third) for
    each first action no line of ``kept`` starts with: a decision whose partial turns all rank below another's is
    otherwise cut before its turn is whole, however its last step would pay (a first step worth nothing at once)."""
    firsts = {entry[2][0].id for entry in kept}
    out = list(kept)
    for entry in grown:
        first = entry[2][0].id
        if first not in firsts:
            firsts.add(first)
            out.append(entry)
    return out


def play_turn(world: State, seat: int, ids: tuple[int, ...], limit: int, width: int, evaluate: Evaluator | None = None) -> None:
    """Play the turn ``ids`` (action ids) for ``seat`` in ``world``; where this world does not allow the next step
    (a different card drawn, a different fight), finish the turn with the best-scored rest instead."""
    start = world.game.turn_number(world)
    for k, action_id in enumerate(ids):
        if turn_over(world, seat, start):
            return
        action = next((a for a in world.legal_actions() if a.id == action_id), None)
        if action is None:
            for rest in best_turn(world, seat, limit - k, width, evaluate):
                world.apply(rest)
            return
        world.apply(action)


def secret_choice_line(state: State, seat: int, worlds: int, rng: random.Random, evaluate: Evaluator | None = None) -> tuple[int, ...]:
    """The way to finish the secret choice ``seat`` is making (``Game.secret_choice``; action ids) with the best mean
    score over ``worlds`` determinized worlds, every line played in the same worlds; ties keep the legal order.

    A turn's plan sees such a choice in the few worlds it plans in, and picks what wins there (a fight dialled just
    high enough to beat the card each of those worlds draws); here each line meets the same many draws."""
    game = state.game
    key = game.secret_choice(state.observation(seat))
    # The ways to finish the choice are the seat's own to know: any world lists the same.
    lines: list[tuple[int, ...]] = []
    stack: list[tuple[State, tuple[int, ...]]] = [(state.determinize(seat, rng.getrandbits(63)), ())]
    while stack:
        here, line = stack.pop()
        for action in reversed(here.legal_actions()):
            child = here.clone()
            child.apply(action)
            longer = (*line, action.id)
            if not child.is_over and child.current_player == seat and game.secret_choice(child.observation(seat)) == key:
                stack.append((child, longer))
            else:
                lines.append(longer)
    lines.sort()
    totals = [0.0] * len(lines)
    for _ in range(worlds):
        world = state.determinize(seat, rng.getrandbits(63))
        for i, line in enumerate(lines):
            child = world.clone()
            for action_id in line:
                twin = next((a for a in child.legal_actions() if a.id == action_id), None)
                if twin is None:
                    raise RuntimeError(f"{game.name}: determinize changed seat {seat}'s secret choice (id {action_id})")
                child.apply(twin)
            totals[i] += score(child, seat, evaluate)
    return lines[max(range(len(lines)), key=lambda i: (totals[i], -i))]


class PlannedTurn:
    """The rest of a turn an agent chose: before each step, the observation the step expects, and its action id.

    The agent plays the next step while its seat's observation is the one expected, so it neither searches again
    inside a turn that goes to plan nor plays a step the game has left behind (a card drawn, a fight lost).
    """

    __slots__ = ("steps",)

    def __init__(self) -> None:
        self.steps: list[tuple[dict[str, Any], int]] = []

    def next_step(self, seen: dict[str, Any], legal: dict[int, Action]) -> Action | None:
        """The planned action if ``seen`` is what the plan expected and the action is legal; else None, and the
        plan is dropped."""
        if self.steps:
            expected, action_id = self.steps.pop(0)
            if expected == seen and action_id in legal:
                return legal[action_id]
        self.steps = []
        return None

    def follow(self, world: State, seat: int, ids: tuple[int, ...]) -> None:
        """Plan the steps after the first of ``ids``, recording what ``seat`` sees before each as ``world`` (changed
        here) plays them; the plan ends where the world leaves the turn."""
        self.steps = []
        start = world.game.turn_number(world)
        for action_id in ids:
            if turn_over(world, seat, start):
                break
            action = next((a for a in world.legal_actions() if a.id == action_id), None)
            if action is None:
                break
            self.steps.append((world.observation(seat), action_id))
            world.apply(action)
        self.steps = self.steps[1:]
