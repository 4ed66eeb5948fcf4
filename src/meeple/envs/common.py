"""What every adapter shares: rewards, tensor shapes and opponents, all over the game contract only."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np

from meeple.core import Action, Game, IllegalAction, Result, State

#: ``win``: zero-sum win/loss, a tie shared (docs/rl.md "Rewards"); ``score``: final score minus the table's mean.
REWARD_MODES = ("win", "score")

#: A policy maps the state (with the seat to move) to its choice.
Policy = Callable[[State], Action]


def implements_tensor(game: Game) -> bool:
    """Whether ``game`` overrides the contract's ``observation_tensor`` hook (without calling it)."""
    return type(game).observation_tensor is not Game.observation_tensor


@cache
def has_tensor(game: Game) -> bool:
    """Whether ``game``'s tensor answers on a fresh game: False where the hook is missing, raises
    NotImplementedError, or its encoder cannot be imported yet; any other error propagates."""
    if not implements_tensor(game):
        return False
    try:
        game.observation_tensor(game.new_game(players=game.min_players, seed=0), 0)
    except NotImplementedError:
        return False
    except ImportError as err:
        # A game whose encoder is still being written must not break the adapters of the others.
        warnings.warn(f"{game.name}'s observation_tensor cannot be imported ({err}); its RL adapters are off", stacklevel=2)
        return False
    return True


def require_tensor(game: Game) -> None:
    if not implements_tensor(game):
        raise NotImplementedError(
            f"{game.name} has no observation tensor yet (implement {type(game).__name__}.observation_tensor "
            "in the game's package and document it in docs/rl/<game>.md); the RL adapters need one"
        )


@cache
def tensor_shape(game: Game, players: int) -> tuple[int, ...]:
    """The fixed shape of ``game``'s observation tensor at this player count."""
    require_tensor(game)
    tensor = np.asarray(game.observation_tensor(game.new_game(players=players, seed=0), 0))
    return tuple(int(d) for d in tensor.shape)


def observe(game: Game, state: State, seat: int) -> np.ndarray:
    return np.asarray(game.observation_tensor(state, seat), dtype=np.float32)


def check_reward_mode(mode: str) -> str:
    if mode not in REWARD_MODES:
        raise ValueError(f"rewards must be one of {list(REWARD_MODES)}, got {mode!r}")
    return mode


def final_rewards(result: Result, mode: str = "win") -> list[float]:
    """Each seat's reward for a finished game (docs/rl.md "Rewards").

    ``win``: with ``k`` winners among ``n`` seats, a winner gets ``(n/k - 1)/(n - 1)`` and everyone
    else ``-1/(n - 1)``: +1/-1 in a two-player game, 0 each for a tie, and always zero-sum.
    ``score``: the seat's final score minus the mean final score (zero-sum, in game points).
    """
    check_reward_mode(mode)
    n = len(result.ranks)
    if n == 1:  # a solo game (Scythe's Automa): +1 beat the game's own opponent (rank 1), -1 lost to it
        return [(1.0 if result.ranks[0] == 1 else -1.0) if mode == "win" else 0.0]
    if mode == "score":
        mean = sum(result.scores) / n
        return [float(s) - mean for s in result.scores]
    winners = set(result.winners)
    k = len(winners)
    return [((n / k if seat in winners else 0.0) - 1.0) / (n - 1) for seat in range(n)]


def reward_range(players: int) -> tuple[float, float]:
    """Bounds of the ``win`` rewards at this player count."""
    return (-1.0 / (players - 1), 1.0) if players > 1 else (-1.0, 1.0)


def action_for_id(game: Game, action_id: Any) -> Action:
    """The action with this id in the game's fixed table; ``state.apply`` then checks it is legal.

    Cheaper than ``game.action_from_id``, which checks legality too, when the action is applied next.
    """
    if not isinstance(action_id, (int, np.integer)) or isinstance(action_id, bool):
        raise IllegalAction(f"action id must be an integer, got {action_id!r}")
    if not 0 <= action_id < game.num_actions:
        raise IllegalAction(f"action id {action_id} is outside 0..{game.num_actions - 1}")
    return game.action_table()[int(action_id)]


def to_action(game: Game, state: State, choice: Any) -> Action:
    """A policy's choice as a legal action: an Action, its notation, or its id."""
    if isinstance(choice, Action):
        state.check_legal(choice)
        return choice
    if isinstance(choice, str):
        return game.parse_action(state, choice)
    if isinstance(choice, (int, np.integer)) and not isinstance(choice, bool):
        return game.action_from_id(state, int(choice))
    raise IllegalAction(f"a policy must return an action, its notation or its id, got {type(choice).__name__}")


def make_policy(spec: Any, seed: int | None) -> Policy:
    """An opponent: a bot-ladder name (``"random"``, ``"greedy"``...), a ``(name, {kwargs})`` pair such as
    ``("mcts", {"iterations": 50})``, an Agent, or any callable ``state -> action``."""
    from meeple.agents import Agent, make_agent

    if isinstance(spec, str):
        return make_agent(spec, seed=seed).act
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) and isinstance(spec[1], dict):
        return make_agent(spec[0], seed=seed, **spec[1]).act
    if isinstance(spec, Agent):
        return spec.act
    if callable(spec):
        return spec
    raise ValueError(f"an opponent must be an agent name, a (name, kwargs) pair, an Agent or a callable state -> action, got {spec!r}")


def env_id(game: Game) -> str:
    """The Gymnasium id, e.g. ``meeple/Splendor-v0`` or ``meeple/StoneAge-v0``."""
    title = "".join(part[:1].upper() + part[1:] for part in game.title.replace("-", " ").split())
    return f"meeple/{title}-v0"


def seed_from(rng: np.random.Generator) -> int:
    """A game seed drawn from an adapter's seeded generator."""
    return int(rng.integers(0, 2**48))


def render_text(game: Game, state: State) -> str:
    """The spectator's view as plain text (games may render to a rich renderable)."""
    view = game.render(state.observation(None))
    if isinstance(view, str):
        return view
    from rich.console import Console

    console = Console(width=120, record=True, file=None, force_terminal=False)
    with console.capture() as capture:
        console.print(view)
    return capture.get()


def render_for_mode(game: Game, state: State | None, mode: str | None) -> str | None:
    """The adapters' ``render()``: ``ansi`` returns the spectator's text, ``human`` prints it, no mode does nothing."""
    if mode is None or state is None:
        return None
    text = render_text(game, state)
    if mode == "human":
        print(text)
        return None
    return text


def require_state(state: State | None) -> State:
    if state is None:
        raise RuntimeError("call reset() before using the environment")
    return state


def needs_rl_extra(module: str, err: ImportError) -> ImportError:
    """The error an adapter raises when a library of the ``rl`` extra is missing, with the install line."""
    return ImportError(
        f"{module} needs {err.name or 'a library'} from meeple's 'rl' extra: pip install 'meeple[rl]' "
        "(in a source checkout: pip install -e '.[rl]')"
    )
