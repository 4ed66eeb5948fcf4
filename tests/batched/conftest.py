"""The batched engine's tests need JAX (the ``jax`` extra, part of ``dev``); without it they are skipped."""

import pytest

pytest.importorskip("jax", reason="meeple.batched needs JAX: pip install 'meeple[jax]'")
