"""Batched engines in JAX for accelerators (the optional extra ``meeple[jax]``): docs/rl.md "The batched engine".

>>> import jax, meeple.batched
>>> env = meeple.batched.make("splendor", players=2)
>>> state = env.init(jax.random.split(jax.random.key(0), 1024))

Each engine plays exactly the rules, option defaults and action ids of its Python game and
is tested against it position by position (tests/batched/).
"""

from __future__ import annotations

from typing import Any

ENGINES = ("splendor",)


def make(name: str, players: int = 2, **options: Any) -> Any:
    """The batched engine for game ``name`` (``rewards=``, ``max_steps=`` and the game's options as keywords)."""
    if name not in ENGINES:
        raise ValueError(f"no batched engine for {name!r}; available: {', '.join(ENGINES)}")
    try:
        import jax  # noqa: F401
    except ImportError as exc:
        raise ImportError("meeple.batched needs JAX: pip install 'meeple[jax]'") from exc
    from .splendor import SplendorEnv

    return SplendorEnv(players, **options)


__all__ = ["ENGINES", "make"]
