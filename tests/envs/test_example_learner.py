"""The maskable PPO example still runs against the env (skipped where torch is not installed, as in CI)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_splendor_maskable_ppo.py"


def test_one_update_and_one_evaluation_game() -> None:
    import torch

    spec = importlib.util.spec_from_file_location("train_splendor_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    ex = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ex)
    torch.manual_seed(0)
    envs = [ex.MeepleEnv("splendor", players=2, opponents=["random"], seat="random") for _ in range(2)]
    obs = [env.reset(seed=i)[0] for i, env in enumerate(envs)]
    policy = ex.Policy(envs[0].observation_space["observation"].shape[0], envs[0].action_space.n, hidden=32)
    opt = torch.optim.Adam(policy.parameters(), lr=1e-3)
    before = [p.detach().clone() for p in policy.parameters()]
    batch = ex.collect(envs, obs, policy, steps=16, stats=[])
    # Every sampled action was legal: masked logits give illegal ids no probability.
    chosen = batch["mask"].gather(2, batch["action"].unsqueeze(-1))
    assert bool(chosen.all())
    ex.update(policy, opt, batch, epochs=1, minibatch=16)
    assert any(not torch.equal(a, b) for a, b in zip(before, policy.parameters(), strict=True))
    rate, mean = ex.evaluate(policy, games=1, seed=3)
    assert rate in (0.0, 1.0) and -1.0 <= mean <= 1.0
