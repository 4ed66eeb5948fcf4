"""The agent interface and the registry of agents by name."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from meeple.core import Action, State


class Agent(ABC):
    """Picks an action for ``state.current_player``.

    An agent may read only what that seat may know: ``state.observation(seat)``, the legal
    actions, and ``state.determinize(seat, seed)`` for search. Agents are seeded, so the same
    seed and the same states give the same choices.
    """

    name: str = "agent"

    @abstractmethod
    def act(self, state: State) -> Action: ...

    def __repr__(self) -> str:
        return f"<agent {self.name}>"


_FACTORIES: dict[str, Callable[..., Agent]] = {}


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    """Make ``factory(seed=..., **kwargs)`` available as ``make_agent(name)``."""
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    return sorted(_FACTORIES)


def make_agent(name: str, seed: int | None = None, **kwargs: Any) -> Agent:
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"no agent called {name!r}; available: {', '.join(agent_names())}")
    return factory(seed=seed, **kwargs)
