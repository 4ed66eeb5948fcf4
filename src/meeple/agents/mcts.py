"""Information-set Monte Carlo tree search, generic over the game contract.

Single-observer IS-MCTS: every iteration samples a world the searching seat cannot tell from the
real one (``state.determinize(seat, seed)``) and walks one shared tree whose edges are action ids.
A child is selected by UCT among the actions legal in that world, with the "availability" count
(how often the action was legal when its parent was visited) in place of the parent's visits, so
actions that exist only in some worlds are not over-explored. Opponents' decisions are nodes of the
same tree, each maximising its own seat's reward. After expanding one node, a random rollout runs
for at most ``depth`` decisions; a finished game is scored by its ranks, an unfinished one by the
game's heuristic (``Game.evaluate``), turned into a reward in (0, 1) per seat.

Two options steer the search with the heuristic where its leads are large and its moves differ little (Stone
Age): ``relative`` measures every lead from the root's, and ``expand="all"`` gives a new node all its children
at once, each scored one decision ahead, so a leaf is judged after the move its mover would make.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from meeple.core import Action, Game, State

from .base import Agent, check_count, register_agent
from .evaluation import Evaluator, LeadRewards, check_evaluation_name, evaluation_for, outcome_rewards
from .greedy import DEFAULT_PLAN_WORLDS, SECRET_WORLDS, SOLO_BEAM, SOLO_PLAN_WORLDS
from .turn_plan import seat_default, secret_choice_line
from .turn_search import TurnSearch

DEFAULT_ITERATIONS = 400
#: Where a turn is many decisions: the candidate turns searched at each node, and the beam that finds them (in a
#: game with one seat, as wide as greedy's there: ``greedy.SOLO_BEAM``).
TURN_CANDIDATES = 8
TURN_BEAM = 8
SOLO_TURN_BEAM = SOLO_BEAM


#: Search settings a game does not set in ``Game.mcts_settings`` and the caller does not choose.
SETTINGS: dict[str, Any] = {"depth": 10, "c": 0.7, "relative": False, "expand": "one"}
#: Marks a setting the caller left to the game.
UNSET: Any = object()


def check_settings(depth: Any, c: Any, relative: Any, expand: Any, where: str = "") -> None:
    if depth is not None and (not isinstance(depth, int) or isinstance(depth, bool) or depth < 0):
        raise ValueError(f"mcts: depth must be a non-negative integer or none, got {depth!r}{where}")
    if isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0:
        raise ValueError(f"mcts: c must be a non-negative number, got {c!r}{where}")
    if not isinstance(relative, bool):
        raise ValueError(f"mcts: relative must be true or false, got {relative!r}{where}")
    if expand not in ("one", "all"):
        raise ValueError(f"mcts: expand must be 'one' or 'all', got {expand!r}{where}")


class Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action that leads here: the rewards stored are that seat's
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class MctsAgent(Agent):
    """IS-MCTS with a budget of ``iterations`` and/or ``seconds`` per decision.

    Parameters: ``iterations`` (default 400 when ``seconds`` is not given), ``seconds`` (wall time per
    decision; the search stops at whichever budget runs out first), ``depth`` (rollout decisions
    before the heuristic scores the position; ``None`` plays rollouts to the end and then needs no
    heuristic), ``c`` (UCT exploration constant), ``scale`` (the heuristic lead worth about 0.73 of a
    win; by default the mean absolute lead seen in this search), ``relative`` (leads counted from the
    root position's lead), ``expand`` (``"one"`` child per iteration, or ``"all"`` at once, scored one
    decision ahead), ``evaluation`` (the name of one of the game's ``Game.evaluations`` to score leaves with;
    default the game's own ``evaluate``), ``rollout_turns`` (where a turn is many decisions: the searching seat's
    turns the narrow planner plays after a leaf before it is scored, ``None`` to the end; default 0), ``beam`` and
    ``candidates`` (where a turn is many decisions: the beam that finds a node's candidate turns, by default 16 in a
    game with one seat and 8 otherwise, and how many of its turns are the node's candidates, default 8), ``plan_worlds``
    (the worlds the root's candidate turns are planned in, each partial turn scored by its mean over them, as
    greedy's: by default 2 in a game with one seat, 1 otherwise), ``secret_worlds`` (a secret choice that chance
    answers at once, ``Game.secret_choice``, is made as greedy makes it, over this many worlds, outside the search's
    budget; 0: searched like any decision; default ``greedy.SECRET_WORLDS``). With an
    iteration budget only, the same seed and state give the same choice.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        depth: Any = UNSET,
        c: Any = UNSET,
        scale: float | None = None,
        relative: Any = UNSET,
        expand: Any = UNSET,
        evaluation: str | None = None,
        rollout_turns: Any = 0,
        beam: int | None = None,
        candidates: int = TURN_CANDIDATES,
        plan_worlds: int | None = None,
        secret_worlds: int = SECRET_WORLDS,
    ) -> None:
        #: The search settings given by the caller; the others come from the game's ``Game.mcts_settings``, then
        #: from ``SETTINGS`` (see ``settle``).
        self.chosen = {k: v for k, v in (("depth", depth), ("c", c), ("relative", relative), ("expand", expand)) if v is not UNSET}
        depth, c, relative, expand = (self.chosen.get(k, SETTINGS[k]) for k in ("depth", "c", "relative", "expand"))
        check_settings(depth, c, relative, expand)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        check_count("mcts", "iterations", iterations, optional=True)
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0):
            raise ValueError(f"mcts: seconds must be a positive number, got {seconds!r}")
        if scale is not None and (isinstance(scale, bool) or not isinstance(scale, (int, float)) or not scale > 0):
            raise ValueError(f"mcts: scale must be a positive number, got {scale!r}")
        if rollout_turns is not None and (not isinstance(rollout_turns, int) or isinstance(rollout_turns, bool) or rollout_turns < 0):
            raise ValueError(f"mcts: rollout_turns must be a non-negative integer or none, got {rollout_turns!r}")
        self.rollout_turns = rollout_turns
        check_count("mcts", "beam", beam, optional=True)
        check_count("mcts", "candidates", candidates)
        check_count("mcts", "plan_worlds", plan_worlds, optional=True)
        check_count("mcts", "secret_worlds", secret_worlds, least=0)
        self.secret_worlds = secret_worlds
        #: None: as greedy plans (``greedy.SOLO_PLAN_WORLDS`` in a game with one seat, 1 otherwise; ``plan_worlds_for``).
        self.plan_worlds = plan_worlds
        #: None: ``SOLO_TURN_BEAM`` in a game with one seat, ``TURN_BEAM`` otherwise (``beam_for``).
        self.beam = beam
        self.candidates = candidates
        check_evaluation_name(evaluation, self.name)
        self.evaluation = evaluation
        #: The heuristic, looked up by ``check_game`` (the game is not known before); None where none is needed.
        self.evaluate: Evaluator | None = None
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.depth = depth
        self.c = float(c)
        self.scale = None if scale is None else float(scale)
        self.relative = relative
        self.expand = expand
        #: Iterations run by the last decision (for benchmarks and curious users).
        self.last_iterations = 0
        #: The search over whole turns, for a game whose turn is many decisions (``Game.lookahead``).
        self.turn_search: TurnSearch | None = None

    def settle(self, game: Game) -> None:
        """Take the search settings the caller did not choose from ``game.mcts_settings`` (else ``SETTINGS``)."""
        merged = {**SETTINGS, **game.mcts_settings, **self.chosen}
        check_settings(merged["depth"], merged["c"], merged["relative"], merged["expand"], f" ({game.name}.mcts_settings)")
        self.depth, self.relative, self.expand = merged["depth"], merged["relative"], merged["expand"]
        self.c = float(merged["c"])

    def check_game(self, game: Game) -> None:
        self.settle(game)
        if self.rollout_turns != 0 and not game.lookahead:
            raise ValueError(
                f"mcts: rollout_turns plays whole turns after a leaf, and a {game.name} turn is one decision "
                "(it sets no Game.lookahead): use depth for its rollouts"
            )
        if self.depth is not None or self.expand == "all" or self.evaluation is not None:
            self.evaluate = evaluation_for(game, self.evaluation, self.name)

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        self.check_game(state.game)
        seat = state.current_player
        assert seat is not None
        if len(legal) == 1:
            self.last_iterations = 0
            if self.turn_search is not None:  # a forced step of the chosen turn: keep its plan in step with the game
                self.turn_search.plan.next_step(state.observation(seat), {legal[0].id: legal[0]})
            return legal[0]
        if self.secret_worlds and state.game.secret_choice(state.observation(seat)) is not None:
            self.last_iterations = 0
            if self.turn_search is not None:
                self.turn_search.plan.steps = []
            line = secret_choice_line(state, seat, self.secret_worlds, self.rng, self.evaluate)
            return next(a for a in legal if a.id == line[0])
        if state.game.lookahead:
            if self.turn_search is None:
                self.turn_search = TurnSearch(self.rng, self.c, self.candidates, TURN_BEAM, self.scale, self.evaluate, self.rollout_turns)
            self.turn_search.beam = self.beam_for(state)  # per state: an agent may be handed games of other sizes
            self.turn_search.plan_worlds = self.plan_worlds_for(state)
            action = self.turn_search.act(state, seat, legal, self.iterations, self.seconds)
            self.last_iterations = self.turn_search.last_iterations
            return action
        root = Node(seat)
        search = _Search(self, seat)
        if self.relative and self.depth is not None:
            search.set_baseline(state.determinize(seat, self.rng.getrandbits(63)))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            search.iterate(root, state.determinize(seat, self.rng.getrandbits(63)))
            done += 1
        self.last_iterations = done
        best: Action | None = None
        best_key = (-1, -math.inf)
        for action in legal:  # legal order breaks exact ties, so the choice is reproducible
            child = root.children.get(action.id)
            key = (child.visits, child.total / child.visits) if child and child.visits else (0, -math.inf)
            if key > best_key:
                best, best_key = action, key
        assert best is not None
        return best

    def beam_for(self, state: State) -> int:
        """The beam that finds a node's candidate turns: the ``beam`` asked for, else ``SOLO_TURN_BEAM`` where the
        game has one seat and ``TURN_BEAM`` otherwise."""
        return seat_default(state, self.beam, SOLO_TURN_BEAM, TURN_BEAM)

    def plan_worlds_for(self, state: State) -> int:
        """The worlds the root's candidate turns are planned in: the ``plan_worlds`` asked for, else greedy's
        default for the game's size."""
        return seat_default(state, self.plan_worlds, SOLO_PLAN_WORLDS, DEFAULT_PLAN_WORLDS)


class _Search:
    """The state of one decision's search: the reward scale learned so far."""

    __slots__ = ("agent", "rewards", "rng", "seat")

    def __init__(self, agent: MctsAgent, seat: int) -> None:
        self.agent = agent
        self.rng = agent.rng
        self.seat = seat
        self.rewards = LeadRewards(agent.scale, agent.evaluate)

    def set_baseline(self, world: State) -> None:
        self.rewards.set_baseline(world)

    def iterate(self, root: Node, world: State) -> None:
        rng = self.rng
        c = self.agent.c
        node = root
        path = [root]
        expand_all = self.agent.expand == "all"
        while not world.is_over:
            legal = world.legal_actions()
            mover = world.current_player
            assert mover is not None
            children = node.children
            if expand_all and not children:
                self.back_up(root, path, self.expand_all(node, world, legal, mover))
                return
            untried = []
            for a in legal:
                child = children.get(a.id)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                node = children[action.id] = Node(mover)
                world.apply(action)
                path.append(node)
                break
            best_value = -math.inf
            action = legal[0]
            for a in legal:
                child = children[a.id]
                value = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if value > best_value:
                    best_value, action = value, a
            node = children[action.id]
            world.apply(action)
            path.append(node)
        self.back_up(root, path, self.rollout(world))

    @staticmethod
    def back_up(root: Node, path: list[Node], rewards: list[float]) -> None:
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.total += rewards[n.seat]

    def expand_all(self, node: Node, world: State, legal: list[Action], mover: int) -> list[float]:
        """Give ``node`` every child at once, each scored one decision ahead; the mover's best is the node's value.

        A leaf is thus judged after the move its mover would make (what greedy would play), not in the middle of
        exploring all of them, and later visits start from the one-ply values.
        """
        best: list[float] | None = None
        for action in legal:
            child_world = world.clone()
            child_world.apply(action)
            rewards = outcome_rewards(child_world) if child_world.is_over else self.heuristic_rewards(child_world)
            child = node.children[action.id] = Node(mover)
            child.visits = 1
            child.total = rewards[mover]
            if best is None or rewards[mover] > best[mover]:
                best = rewards
        assert best is not None
        return best

    def rollout(self, world: State) -> list[float]:
        rng = self.rng
        depth = self.agent.depth
        steps = 0
        while not world.is_over and (depth is None or steps < depth):
            legal = world.legal_actions()
            world.apply(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            steps += 1
        if world.is_over:
            return outcome_rewards(world)
        return self.heuristic_rewards(world)

    def heuristic_rewards(self, world: State) -> list[float]:
        return self.rewards(world)


register_agent("mcts", MctsAgent)
