"""The agent interface and the registry of agents by name."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from meeple.core import Action, Game, State


class Agent(ABC):
    """Picks an action for ``state.current_player``.

    An agent may read only what that seat may know: ``state.observation(seat)``, the legal
    actions, and ``state.determinize(seat, seed)`` for search. Agents are seeded, so the same
    seed and the same states give the same choices.
    """

    name: str = "agent"

    @abstractmethod
    def act(self, state: State) -> Action: ...

    def check_game(self, game: Game) -> None:
        """Raise a clear error if this agent cannot play ``game`` (e.g. it needs ``Game.evaluate``)."""
        return None

    def __repr__(self) -> str:
        return f"<agent {self.name}>"


_FACTORIES: dict[str, Callable[..., Agent]] = {}


def check_count(agent: str, name: str, value: Any, least: int = 1, optional: bool = False) -> None:
    """A seat-spec option that counts something: ValueError unless ``value`` is an integer (a bool is not one) of at
    least ``least`` (1 or 0), or None where the option is ``optional``."""
    if optional and value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        kind = "a positive integer" if least == 1 else "a non-negative integer"
        raise ValueError(f"{agent}: {name} must be {kind}, got {value!r}")


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    """Make ``factory(seed=..., **kwargs)`` available as ``make_agent(name)``."""
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    return sorted(_FACTORIES)


def make_agent(name: str, seed: int | None = None, **kwargs: Any) -> Agent:
    """The agent registered as ``name``, built with ``seed`` and parameters.

    ``name`` may be a seat spec that carries parameters, ``"mcts:iterations=500:depth=8"``
    (see :func:`parse_agent_spec`); keyword arguments override the spec's.
    """
    if not isinstance(name, str):
        raise ValueError(f"an agent name must be a string, got {type(name).__name__}")
    name, params = parse_agent_spec(name)
    params.update(kwargs)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"no agent called {name!r}; available: {', '.join(agent_names())}")
    try:
        return factory(seed=seed, **params)
    except TypeError as e:  # an unknown parameter name
        raise ValueError(f"agent {name!r} does not accept {', '.join(sorted(params)) or 'these arguments'}: {e}") from None


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a seat spec ``name[:key=value[:key=value...]]`` into the name and its parameters.

    Values are read as JSON where they can be (``500``, ``0.5``, ``true``), ``none``/``null`` as None,
    and otherwise kept as strings: ``mcts:seconds=1`` gives ``("mcts", {"seconds": 1})``. The colon
    keeps specs apart from the comma that separates seats in ``--seats mcts:iterations=500,greedy``.
    """
    name, *parts = spec.strip().split(":")
    name = name.strip()
    if not name:
        raise ValueError(f"seat spec {spec!r} has no agent name")
    params: dict[str, Any] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise ValueError(f"seat spec {spec!r}: {part!r} must look like key=value")
        if key in params:
            raise ValueError(f"seat spec {spec!r} sets {key!r} twice")
        params[key] = _spec_value(raw.strip())
    return name, params


def _spec_value(raw: str) -> Any:
    if raw.lower() in ("none", "null"):
        return None
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw
