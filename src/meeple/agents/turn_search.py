"""Information-set MCTS over whole turns, for games whose turn is a sequence of small decisions (``Game.lookahead``).

A tree over single decisions spends a second's search inside one Scythe turn (a section, a top action's steps, a
bottom action, its payment) and never sees the next one. This search's edges are whole turns instead: at a node
the seat to move has, as candidates, the ``turns`` best-scored turns a beam search (turn_plan.py) finds for it in
the first sampled world that reaches the node. Every iteration samples a world with ``state.determinize``, walks
the tree by UCT over the candidates (a candidate's availability counts the visits where it could start), plays
the chosen turns (finishing one afresh where this world departs from it: another card drawn, another fight), expands
one untried candidate, best-ranked first, and scores the position reached by the game's heuristic (a finished game
by its ranks). Opponents' turns are nodes of the same tree, each maximising its own seat's reward. The move played
begins the most visited turn; the agent then plays that turn out, searching again only where its seat's
observation is not the one the turn expected. With ``rollout_turns``, a leaf is scored only after the narrow
planner has played that many more of the searching seat's turns (or the game to its end).
"""

from __future__ import annotations

import math
import random
import time

from meeple.core import Action, State

from .evaluation import Evaluator, LeadRewards, outcome_rewards
from .turn_plan import PlannedTurn, best_turn, distinct_turns, play_turn

#: The beam of the others' turns played after a leaf: narrow, as it runs once per iteration.
ROLLOUT_BEAM = 2
#: A rollout that reaches the end is scored this much by who won, the rest by the final margin (``roll_out``).
FINISHED_OUTCOME = 0.5


class TurnNode:
    __slots__ = ("avail", "children", "lines", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who played the turn that leads here: the rewards stored are that seat's
        self.children: dict[int, TurnNode] = {}
        self.lines: list[tuple[int, ...]] | None = None  # the mover's candidate turns here (action ids)
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class TurnSearch:
    """One seat's search over turns; ``act`` is the mcts agent's when the game sets ``Game.lookahead``."""

    def __init__(
        self,
        rng: random.Random,
        c: float,
        turns: int,
        beam: int,
        scale: float | None,
        evaluate: Evaluator | None = None,
        rollout_turns: int | None = 0,
        plan_worlds: int = 1,
    ) -> None:
        self.rng = rng
        #: The worlds the root's candidate turns are planned in (``turn_plan.ranked_turns_in_worlds``): planned in one,
        #: an attack is dialled to beat the card that world will draw, and the turn that dials higher is never a
        #: candidate. The root's only: deeper nodes are expanded once an iteration, and planning them in more worlds
        #: would halve the iterations.
        self.plan_worlds = plan_worlds
        #: The heuristic that scores turns and leaves (None: the game's own ``evaluate``).
        self.evaluate = evaluate
        self.c = c
        self.turns = turns
        self.beam = beam
        #: The searching seat's turns played after a leaf, by the narrow planner, before the leaf is scored
        #: (None: to the end of the game).
        self.rollout_turns = rollout_turns
        self.scale = scale
        self.rewards = LeadRewards(scale, evaluate)
        self.limit = 0
        #: The rest of the chosen turn.
        self.plan = PlannedTurn()
        self.last_iterations = 0

    def act(self, state: State, seat: int, legal: list[Action], iterations: int | None, seconds: float | None) -> Action:
        by_id = {a.id: a for a in legal}
        planned = self.plan.next_step(state.observation(seat), by_id)
        if planned is not None:
            self.last_iterations = 0
            return planned
        self.limit = state.game.lookahead
        self.rewards = LeadRewards(self.scale, self.evaluate)
        root = TurnNode(seat)
        first = state.determinize(seat, self.rng.getrandbits(63))
        self.rewards.set_baseline(first)  # leads from the root's: a game far ahead or behind still tells turns apart
        others = [state.determinize(seat, self.rng.getrandbits(63)) for _ in range(self.plan_worlds - 1)]
        root.lines = self.candidates(first, seat, others)
        deadline = None if seconds is None else time.perf_counter() + seconds
        done = 0
        if len(root.lines) > 1:
            while True:
                if iterations is not None and done >= iterations:
                    break
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                self.iterate(root, first.clone() if done == 0 else state.determinize(seat, self.rng.getrandbits(63)))
                done += 1
        self.last_iterations = done
        best, best_key = 0, (-1, -math.inf)
        for i in range(len(root.lines)):  # rank order breaks exact ties, so the choice is reproducible
            child = root.children.get(i)
            key = (child.visits, child.total / child.visits) if child and child.visits else (0, -math.inf)
            if key > best_key:
                best, best_key = i, key
        line = root.lines[best]
        if line[0] not in by_id:
            raise RuntimeError(f"{state.game.name}: determinize changed seat {seat}'s legal actions (id {line[0]} is missing)")
        self.plan.follow(first, seat, line)
        return by_id[line[0]]

    def candidates(self, world: State, seat: int, others: list[State] | None = None) -> list[tuple[int, ...]]:
        """The ``turns`` best-scored turns for ``seat``, as action ids, one per score (``distinct_turns``), planned in
        ``world`` and ``others``."""
        return distinct_turns(world, seat, self.limit, self.beam, self.turns, self.evaluate, others)

    def iterate(self, root: TurnNode, world: State) -> None:
        node = root
        path = [root]
        while not world.is_over:
            mover = world.current_player
            assert mover is not None
            if node.lines is None:
                node.lines = self.candidates(world, mover)
            legal = {a.id for a in world.legal_actions()}
            fits = [i for i, line in enumerate(node.lines) if line and line[0] in legal]
            if not fits:  # no candidate starts in this world: play its best turn here, outside the tree
                for action in best_turn(world, mover, self.limit, self.beam, self.evaluate):
                    world.apply(action)
                break
            untried = [i for i in fits if i not in node.children]
            for i in fits:
                if i in node.children:
                    node.children[i].avail += 1
            if untried:
                i = untried[0]
                child = node.children[i] = TurnNode(mover)
                play_turn(world, mover, node.lines[i], self.limit, self.beam, self.evaluate)
                path.append(child)
                break
            i = max(fits, key=lambda j: self.uct(node.children[j]))
            play_turn(world, mover, node.lines[i], self.limit, self.beam, self.evaluate)
            node = node.children[i]
            path.append(node)
        # The others play their turns (the best a narrow beam finds) until the searching seat is to move again, so
        # every leaf is judged at the same point of the round: a leaf right after one's own turn flatters it.
        searcher = root.seat
        for _ in range(8):
            if world.is_over or world.current_player == searcher:
                break
            mover = world.current_player
            assert mover is not None
            for action in best_turn(world, mover, self.limit, ROLLOUT_BEAM, self.evaluate):
                world.apply(action)
        if self.rollout_turns != 0:
            rewards = self.roll_out(world, searcher)
        else:
            rewards = outcome_rewards(world) if world.is_over else self.rewards(world)
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.total += rewards[n.seat]

    def roll_out(self, world: State, searcher: int) -> list[float]:
        """Play ``rollout_turns`` more of the searcher's turns (and the others' between them) with the narrow
        planner, then score the position; a game finished on the way by its outcome and its final margin together,
        as a search that only counts wins learns nothing where nearly every rollout is lost."""
        played = 0
        while not world.is_over:
            mover = world.current_player
            assert mover is not None
            if mover == searcher:
                if played == self.rollout_turns:
                    break
                played += 1
            for action in best_turn(world, mover, self.limit, ROLLOUT_BEAM, self.evaluate):
                world.apply(action)
        if not world.is_over:
            return self.rewards(world)
        outcome = outcome_rewards(world)
        return [FINISHED_OUTCOME * o + (1.0 - FINISHED_OUTCOME) * m for o, m in zip(outcome, self.rewards(world), strict=True)]

    def uct(self, child: TurnNode) -> float:
        return child.total / child.visits + self.c * math.sqrt(math.log(child.avail) / child.visits)
