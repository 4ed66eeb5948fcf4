"""Reading a game's heuristic evaluation (``Game.evaluate``) the way search agents need it."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.core import Game, State


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
