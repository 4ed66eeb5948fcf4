"""Reading a game's heuristic evaluation (``Game.evaluate``) the way search agents need it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from meeple.core import Game, State

#: A heuristic: one value per seat for a state (``Game.evaluate`` or one of ``Game.evaluations``).
Evaluator = Callable[[State], list[float]]


def has_evaluation(game: Game) -> bool:
    """Whether ``game`` overrides the contract's ``evaluate`` hook."""
    return type(game).evaluate is not Game.evaluate


def require_evaluation(game: Game, agent: str) -> None:
    """A clear error for an agent that needs a heuristic the game does not offer."""
    if not has_evaluation(game):
        raise NotImplementedError(
            f"the {agent!r} agent needs a heuristic evaluation, and {game.name} has none yet "
            f"(implement {type(game).__name__}.evaluate in the game's package); use 'random' meanwhile"
        )


def check_evaluation_name(evaluation: object, agent: str) -> None:
    """A seat spec's ``evaluation=NAME`` must be a name (or None, the game's ``evaluate``); which names exist is
    the game's to say (``evaluation_for``)."""
    if evaluation is not None and (not isinstance(evaluation, str) or not evaluation):
        raise ValueError(f"{agent}: evaluation must be the name of one of the game's evaluations, got {evaluation!r}")


def evaluation_for(game: Game, name: str | None, agent: str) -> Evaluator:
    """The heuristic called ``name`` among ``game.evaluations``; None: the game's own ``evaluate``."""
    if name is None:
        require_evaluation(game, agent)
        return game.evaluate
    found = game.evaluations.get(name)
    if found is None:
        known = ", ".join(sorted(game.evaluations)) or "none besides its evaluate"
        raise ValueError(f"{agent}: {game.name} has no evaluation named {name!r} (it offers: {known})")
    return found


def advantage(values: Sequence[float], seat: int) -> float:
    """``seat``'s value minus the best opponent's: what a player who only wants to win maximises."""
    best_other = max((v for s, v in enumerate(values) if s != seat), default=0.0)
    return float(values[seat]) - float(best_other)


def outcome_rewards(state: State) -> list[float]:
    """Per-seat reward in [0, 1] for a finished game: 1 for the best rank, 0 for the worst, linear between."""
    result = state.result()
    assert result is not None, "outcome_rewards needs a finished game"
    n = len(result.ranks)
    if n == 1:  # a solo game (Scythe's Automa): rank 1 beat the game's own opponent, rank 2 lost to it
        return [1.0 if result.ranks[0] == 1 else 0.0]
    return [(n - r) / (n - 1) for r in result.ranks]


class LeadRewards:
    """A search's rewards from the heuristic: each seat's lead (``advantage``), less its lead at ``baseline`` if
    one is set, divided by ``scale`` and squashed into (0, 1) by the logistic function. Without a ``scale`` the
    leads are divided by the mean absolute lead seen so far by this object, so no game has to know its scale."""

    __slots__ = ("abs_sum", "baseline", "evals", "evaluate", "scale")

    def __init__(self, scale: float | None, evaluate: Evaluator | None = None) -> None:
        self.scale = scale
        #: The heuristic read (None: each world's own ``Game.evaluate``).
        self.evaluate = evaluate
        self.baseline: list[float] | None = None
        self.abs_sum = 0.0
        self.evals = 0

    def set_baseline(self, world: State) -> None:
        """Measure leads from ``world``'s: a search then tells moves apart by what they change, however big the lead."""
        values = (self.evaluate or world.game.evaluate)(world)
        self.baseline = [advantage(values, s) for s in range(len(values))]

    def __call__(self, world: State) -> list[float]:
        values = (self.evaluate or world.game.evaluate)(world)
        leads = [advantage(values, s) for s in range(len(values))]
        if self.baseline is not None:
            leads = [x - b for x, b in zip(leads, self.baseline, strict=True)]
        scale = self.scale
        if scale is None:
            self.abs_sum += sum(abs(x) for x in leads) / len(leads)
            self.evals += 1
            scale = max(self.abs_sum / self.evals, 1e-9)
        return [1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x / scale)))) for x in leads]
