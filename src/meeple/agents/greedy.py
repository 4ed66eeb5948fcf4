"""The greedy agent: one-ply lookahead scored by the game's heuristic evaluation.

A ply is one decision, or, in a game whose turn is a sequence of small decisions (``Game.lookahead`` > 0, as in
Scythe), one whole turn: the agent then plans its turn (turn_plan.py) and plays the plan out.
"""

from __future__ import annotations

import random

from meeple.core import Action, Game, State

from .base import Agent, check_count, register_agent
from .evaluation import Evaluator, check_evaluation_name, evaluation_for
from .turn_plan import PlannedTurn, best_turn, distinct_turns, play_turn, score, seat_default, secret_choice_line

#: The beam width of a turn plan: how many partial turns are kept at each step. A game with one seat (Scythe solo)
#: plans wider: there, with its turns judged in ``SOLO_WORLDS`` worlds, 16 gained +5.4 ± 1.2 coins a game against
#: the Autometta and +3.3 ± 1.0 against the Automa on 300 paired deals for 1.7 times the time (docs/scythe-solo.md,
#: "Scythe solo: search on 300 deals"); two-seat games keep the width their figures were measured with.
DEFAULT_BEAM = 8
SOLO_BEAM = 16
#: How many fresh worlds a turn plan's best candidates are scored in, by default: a plan made in one sampled world
#: trusts that world's draws. Where the game's own opponent moves inside the seat's turn on chance the seat cannot
#: see (a game with one seat, as Scythe's Automa, whose card is drawn after the human's turn), every candidate's end
#: position carries that draw, and judging them in 4 worlds paid against the Autometta and the Automa (+3.9 ± 1.2
#: and +3.6 ± 1.0 coins a game on 300 paired deals, a third more time; 8 worlds and 8 candidates no more:
#: docs/scythe-solo.md, "Scythe solo: search on 300 deals"). Where other seats answer after the turn, 1.
SOLO_WORLDS = 4
DEFAULT_WORLDS = 1
#: How many of the beam's best turns (one per score) are scored in the fresh worlds.
CANDIDATES = 4
#: The beam that finishes a candidate turn in a world that leaves it (another card drawn): narrow, as it runs often.
REPLAN_BEAM = 2
#: At most this many other seats' turns are played between two of the seat's own in a rollout (``play_on``).
MAX_OTHER_TURNS = 8
#: How many worlds the beam itself plans in (``turn_plan.ranked_turns_in_worlds``): planned in one, a turn knows
#: what is drawn inside it (an attack dialled just high enough to beat the card the Automa will draw there), and the
#: better turn it should have been is never among the candidates the fresh worlds compare. Against the Automa, 2
#: gained +1.6 ± 1.1 coins a game and 4 +1.9 ± 1.0 on 300 paired deals, for 1.6 and 4.3 times the time
#: (docs/scythe-solo.md, "Scythe solo: a turn planned in two worlds"). Where other seats answer after the turn, 1.
SOLO_PLAN_WORLDS = 2
DEFAULT_PLAN_WORLDS = 1
#: How many worlds weigh a secret choice that chance answers at once (``Game.secret_choice``: a fight's dial and
#: cards against Scythe's Automa): every way to finish the choice is played in the same worlds and the best mean
#: kept. A turn's plan sees a fight in its two worlds only, and dials just enough to win there. Against the Automa,
#: +0.9 ± 0.6 coins a game and 110 games won against 91 on 600 paired deals, 5% more time (docs/scythe-solo.md,
#: "Scythe solo: a fight's choice weighed in 32 worlds"; 96 worlds did no better).
SECRET_WORLDS = 32
#: How many more of the seat's own turns each candidate is played on in each fresh world before it is scored: a turn
#: that sets up the next (a Trade for the oil an Upgrade needs) is judged by what the next turn makes of it, not by a
#: rate for the setup. Against Scythe's Automa, 1 gained +2.6 ± 0.7 coins a game on 900 paired deals (185 games won
#: against 168) and +4.5 ± 1.7 against the Autometta on 200, at 4.4 times the time (docs/scythe-solo.md, "Scythe solo:
#: a turn's candidates played a turn on"). Where other seats answer after the turn, 0 (candidates are not re-scored).
SOLO_ROLLOUT_TURNS = 1
DEFAULT_ROLLOUT_TURNS = 0
#: Whether the turn plan keeps a partial turn for every first decision (``every_first``): in a game with one seat
#: (Scythe solo, paired on 900 deals: docs/scythe-solo.md, "Scythe solo: every first decision kept in the beam"),
#: not otherwise, where it was not measured.
SOLO_EVERY_FIRST = True
DEFAULT_EVERY_FIRST = False
#: The beam that plays those turns, in one world of its own: 8 wide plays Scythe solo about as well as greedy does at a
#: fifth of its time, 4 wide some 30 coins a game worse (docs/scythe-solo.md, "the planner's own turns as rollouts").
ROLLOUT_BEAM = 8


class GreedyAgent(Agent):
    """Tries every legal action on a determinized copy and keeps the one whose result it likes best.

    The copy comes from ``state.determinize(seat, seed)``, so the agent never sees what its seat may
    not know; a move that draws a card or rolls dice draws from that copy's reseeded chance stream.
    Each candidate is scored from the mover's seat as its evaluation minus the best opponent's
    (a finished game by its result), averaged over ``samples`` determinizations; ties are broken by
    the agent's seeded generator.

    With ``lookahead`` > 0 (default: the game's ``Game.lookahead``) a ply is the rest of the seat's
    turn, up to that many decisions: a beam search of width ``beam`` (by default 16 in a game with one seat, 8
    otherwise) over the seat's own decisions
    finds the best-scored turn in ``plan_worlds`` determinized worlds (each partial turn scored by its mean over
    them; by default 2 in a game with one seat, 1 otherwise), and the agent plays it step by step while
    the seat's observation stays the one the plan expected (a card drawn or a fight changes it: the
    agent then plans again). ``samples`` applies to the one-decision ply only. The ``candidates`` best turns of
    that search are then played in ``worlds`` fresh determinized worlds, and the turn with the best mean score is
    chosen: one world's luck (a card, a fight's draw) no longer picks the turn (``worlds=1``: the planning world
    alone decides; by default 4 in a game with one seat, 1 otherwise). In each of those worlds a candidate is first
    played on for ``rollout_turns`` more of the seat's own turns (by default 1 in a game with one seat, 0 otherwise),
    each planned by a ``rollout_beam``-wide beam in a world of its own, the others' turns between them by a narrow
    one, and scored there: a turn that sets up the next is judged by what the next turn makes of it. With
    ``every_first`` (by default in a game with one seat only) the plan's beam also keeps, beyond its width, the best
    partial turn of each first decision it would otherwise drop.

    ``blunder`` (0 to 1) is the chance of a uniformly random legal action instead, drawn afresh at each decision
    that starts a ply (none while a planned turn is being played out): a weaker, still purposeful player (the
    ``easy`` level, levels.py).

    Where the game names the decision part of a secret choice that chance answers at once (``Game.secret_choice``),
    the whole choice is made apart from the turn's plan: each way to finish it is played in the same
    ``secret_worlds`` worlds and the best mean score is played (0: no such step).

    ``evaluation`` names the heuristic that scores positions: one of the game's ``Game.evaluations`` (Scythe:
    ``fitted``), or None for the game's own ``evaluate``.
    """

    name = "greedy"

    def __init__(
        self, seed: int | None = None, samples: int = 1, lookahead: int | None = None, beam: int | None = None, blunder: float = 0.0,
        worlds: int | None = None, evaluation: str | None = None, candidates: int = CANDIDATES, plan_worlds: int | None = None,
        secret_worlds: int = SECRET_WORLDS, rollout_turns: int | None = None, rollout_beam: int = ROLLOUT_BEAM,
        every_first: bool | None = None,
    ) -> None:
        check_count("greedy", "samples", samples)
        check_count("greedy", "lookahead", lookahead, least=0, optional=True)
        check_count("greedy", "beam", beam, optional=True)
        check_count("greedy", "worlds", worlds, optional=True)
        check_count("greedy", "candidates", candidates)
        check_count("greedy", "plan_worlds", plan_worlds, optional=True)
        #: None: ``SOLO_PLAN_WORLDS`` in a game with one seat, ``DEFAULT_PLAN_WORLDS`` otherwise (``plan_worlds_for``).
        self.plan_worlds = plan_worlds
        if isinstance(blunder, bool) or not isinstance(blunder, (int, float)) or not 0 <= blunder <= 1:
            raise ValueError(f"greedy: blunder must be a number from 0 to 1, got {blunder!r}")
        check_evaluation_name(evaluation, self.name)
        self.rng = random.Random(seed)
        self.evaluation = evaluation
        #: The heuristic, looked up by ``check_game`` (the game is not known before).
        self.evaluate: Evaluator | None = None
        self.blunder = float(blunder)
        self.samples = samples
        self.lookahead = lookahead
        #: None: ``SOLO_BEAM`` in a game with one seat, ``DEFAULT_BEAM`` otherwise (``beam_for``).
        self.beam = beam
        #: None: ``SOLO_WORLDS`` in a game with one seat, ``DEFAULT_WORLDS`` otherwise (``worlds_for``).
        self.worlds = worlds
        check_count("greedy", "secret_worlds", secret_worlds, least=0)
        self.secret_worlds = secret_worlds
        self.candidates = candidates
        check_count("greedy", "rollout_turns", rollout_turns, least=0, optional=True)
        check_count("greedy", "rollout_beam", rollout_beam)
        #: None: ``SOLO_ROLLOUT_TURNS`` in a game with one seat, ``DEFAULT_ROLLOUT_TURNS`` otherwise.
        self.rollout_turns = rollout_turns
        self.rollout_beam = rollout_beam
        if every_first is not None and not isinstance(every_first, bool):
            raise ValueError(f"greedy: every_first must be true or false, got {every_first!r}")
        #: None: ``SOLO_EVERY_FIRST`` in a game with one seat, ``DEFAULT_EVERY_FIRST`` otherwise.
        self.every_first = every_first
        #: The rest of the turn being played (turn plans only).
        self.plan = PlannedTurn()

    def check_game(self, game: Game) -> None:
        self.evaluate = evaluation_for(game, self.evaluation, self.name)

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        game = state.game
        self.check_game(game)
        if len(legal) == 1:
            # The plan is not advanced past a forced step, so the next decision plans afresh from the position
            # reached: a new beam there finds what the first one's narrow beam cut (Scythe solo, 20 deals: 31.5
            # coins a game planning again, 27.3 following the plan on).
            return legal[0]
        seat = state.current_player
        assert seat is not None
        if self.blunder and not self.plan.steps and self.rng.random() < self.blunder:
            return legal[self.rng.randrange(len(legal))]
        lookahead = game.lookahead if self.lookahead is None else self.lookahead
        if lookahead:
            return self.act_by_turn(state, seat, legal, lookahead)
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            world = state.determinize(seat, self.rng.getrandbits(63))
            by_id = {a.id: a for a in world.legal_actions()}
            for i, action in enumerate(legal):
                twin = by_id.get(action.id)
                if twin is None:
                    raise RuntimeError(f"{game.name}: determinize changed seat {seat}'s legal actions ({action} is missing)")
                child = world.clone()
                child.apply(twin)
                totals[i] += score(child, seat, self.evaluate)
        best = max(totals)
        ties = [i for i, t in enumerate(totals) if t == best]
        return legal[ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]]

    def act_by_turn(self, state: State, seat: int, legal: list[Action], lookahead: int) -> Action:
        """The next step of the planned turn, planning it first when the game has left the plan."""
        by_id = {a.id: a for a in legal}
        seen = state.observation(seat)
        if self.secret_worlds and state.game.secret_choice(seen) is not None:
            self.plan.steps = []
            return by_id[secret_choice_line(state, seat, self.secret_worlds, self.rng, self.evaluate)[0]]
        planned = self.plan.next_step(seen, by_id)
        if planned is not None:
            return planned
        world = state.determinize(seat, self.rng.getrandbits(63))
        line = self.choose_turn(state, world, seat, lookahead)
        if line[0] not in by_id:
            raise RuntimeError(f"{state.game.name}: determinize changed seat {seat}'s legal actions (id {line[0]} is missing)")
        self.plan.follow(world, seat, line)
        return by_id[line[0]]

    def choose_turn(self, state: State, world: State, seat: int, lookahead: int) -> tuple[int, ...]:
        """The turn (action ids) to play: the beam search's best in ``world``; with ``worlds`` > 1, the one of its
        ``candidates`` best (one per score) whose mean score over ``worlds`` fresh worlds is highest (``world``
        itself is left out: its luck chose the candidates). The beam plans in ``world`` and ``plan_worlds`` - 1 more,
        the actions ``world``'s. Ties keep the beam's order."""
        others = [state.determinize(seat, self.rng.getrandbits(63)) for _ in range(self.plan_worlds_for(state) - 1)]
        lines = distinct_turns(
            world, seat, lookahead, self.beam_for(state), self.candidates, self.evaluate, others, self.every_first_for(state)
        )
        worlds = self.worlds_for(state)
        if worlds == 1 or len(lines) == 1:
            return lines[0]
        rollout = self.rollout_turns_for(state)
        totals = [0.0] * len(lines)
        for _ in range(worlds):
            other = state.determinize(seat, self.rng.getrandbits(63))
            # Every candidate's later turns are planned in the same worlds: their luck is shared, not compared. Two
            # seeds to spare, for a turn the plan leaves unfinished.
            seeds = [self.rng.getrandbits(63) for _ in range(rollout + 2)] if rollout else []
            for i, line in enumerate(lines):
                child = other.clone()
                play_turn(child, seat, line, lookahead, REPLAN_BEAM, self.evaluate)
                if rollout:
                    self.play_on(child, seat, lookahead, rollout, seeds)
                totals[i] += score(child, seat, self.evaluate)
        return lines[max(range(len(lines)), key=lambda i: (totals[i], -i))]

    def play_on(self, world: State, seat: int, lookahead: int, turns: int, seeds: list[int]) -> None:
        """Play ``turns`` more of ``seat``'s turns in ``world`` (changed here), each planned by a ``rollout_beam``-wide
        beam in a world of its own (``seeds``: planned in ``world`` itself, an attack would be dialled against the
        card that world is about to draw) and played in ``world``; the other seats' turns between them by a narrow
        beam. A turn the plan leaves unfinished is planned on with the next seed."""
        game = world.game
        first = game.turn_number(world)  # None where a turn ends when the seat to move changes: count them instead
        for played, seed in enumerate(seeds):
            for _ in range(MAX_OTHER_TURNS):
                if world.is_over or world.current_player == seat:
                    break
                mover = world.current_player
                assert mover is not None
                for action in best_turn(world, mover, lookahead, REPLAN_BEAM, self.evaluate):
                    world.apply(action)
            if world.is_over or world.current_player != seat:
                return
            done = played if first is None else game.turn_number(world) - first
            if done >= turns:
                return
            plan = world.determinize(seat, seed)
            line = tuple(a.id for a in best_turn(plan, seat, lookahead, self.rollout_beam, self.evaluate))
            play_turn(world, seat, line, lookahead, REPLAN_BEAM, self.evaluate)

    def rollout_turns_for(self, state: State) -> int:
        """The seat's own turns a candidate is played on before it is scored: the ``rollout_turns`` asked for, else
        ``SOLO_ROLLOUT_TURNS`` where the game has one seat and ``DEFAULT_ROLLOUT_TURNS`` otherwise."""
        return seat_default(state, self.rollout_turns, SOLO_ROLLOUT_TURNS, DEFAULT_ROLLOUT_TURNS)

    def every_first_for(self, state: State) -> bool:
        """Whether the turn plan keeps a partial turn for every first decision: the ``every_first`` asked for, else
        ``SOLO_EVERY_FIRST`` where the game has one seat and ``DEFAULT_EVERY_FIRST`` otherwise."""
        return bool(seat_default(state, self.every_first, SOLO_EVERY_FIRST, DEFAULT_EVERY_FIRST))

    def plan_worlds_for(self, state: State) -> int:
        """The worlds a turn is planned in: the ``plan_worlds`` asked for, else ``SOLO_PLAN_WORLDS`` where the game
        has one seat and ``DEFAULT_PLAN_WORLDS`` otherwise."""
        return seat_default(state, self.plan_worlds, SOLO_PLAN_WORLDS, DEFAULT_PLAN_WORLDS)

    def beam_for(self, state: State) -> int:
        """The width of a turn plan: the ``beam`` asked for, else ``SOLO_BEAM`` where the game has one seat and
        ``DEFAULT_BEAM`` otherwise."""
        return seat_default(state, self.beam, SOLO_BEAM, DEFAULT_BEAM)

    def worlds_for(self, state: State) -> int:
        """The worlds a turn's candidates are scored in: the ``worlds`` asked for, else ``SOLO_WORLDS`` where the
        game has one seat (its own opponent answers inside the seat's turn) and ``DEFAULT_WORLDS`` otherwise."""
        return seat_default(state, self.worlds, SOLO_WORLDS, DEFAULT_WORLDS)


register_agent("greedy", GreedyAgent)
