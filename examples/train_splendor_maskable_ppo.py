"""A small maskable PPO learner that beats `random` at 2-player Splendor on a CPU in a few minutes.

    pip install -e '.[rl]' torch        # torch is this example's own dependency, not the package's
    python examples/train_splendor_maskable_ppo.py --minutes 5

It trains through the Gymnasium env (``meeple/Splendor-v0``) against the ``random`` bot, the
learner's seat drawn at random each game, with the zero-sum ``win`` reward only (+1 win, -1
loss, 0 shared) and no reward shaping. Illegal actions never happen: the policy's logits are
masked with the env's ``action_mask`` before sampling, and the masked distribution is what PPO's
ratio and entropy use. At the end it plays ``--eval-games`` fresh games with the greedy policy
and prints the win rate (random play against random wins about half).

Measured on the development machine (one torch thread on 2 shared cores, 2026-11-30): after 5 minutes
and 2,180 games the greedy policy won 95.5 % of 200 fresh games against `random` (docs/rl.md).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from torch import nn

from meeple.envs.gymnasium import MeepleEnv


class Policy(nn.Module):
    def __init__(self, obs_size: int, num_actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.logits = nn.Linear(hidden, num_actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.distributions.Categorical, torch.Tensor]:
        h = self.body(obs)
        logits = self.logits(h).masked_fill(~mask, -1e9)  # illegal actions get no probability
        return torch.distributions.Categorical(logits=logits), self.value(h).squeeze(-1)


def collect(envs: list[MeepleEnv], obs: list[dict], policy: Policy, steps: int, stats: list[float]) -> dict[str, torch.Tensor]:
    """``steps`` decisions in each env; finished games restart at once."""
    keys = ("obs", "mask", "action", "logp", "value", "reward", "done")
    buf: dict[str, list] = {k: [] for k in keys}
    for _ in range(steps):
        o = torch.as_tensor(np.stack([x["observation"] for x in obs]))
        m = torch.as_tensor(np.stack([x["action_mask"] for x in obs]).astype(bool))
        with torch.no_grad():
            dist, value = policy(o, m)
            action = dist.sample()
        rewards, dones = [], []
        for i, env in enumerate(envs):
            nxt, r, terminated, truncated, _ = env.step(int(action[i]))
            done = terminated or truncated
            if done:
                stats.append(r)
                nxt, _ = env.reset()
            obs[i] = nxt
            rewards.append(r)
            dones.append(done)
        row = (o, m, action, dist.log_prob(action), value, torch.tensor(rewards), torch.tensor(dones, dtype=torch.float32))
        for k, v in zip(keys, row, strict=True):
            buf[k].append(v)
    out = {k: torch.stack(v) for k, v in buf.items()}
    with torch.no_grad():
        o = torch.as_tensor(np.stack([x["observation"] for x in obs]))
        m = torch.as_tensor(np.stack([x["action_mask"] for x in obs]).astype(bool))
        out["last_value"] = policy(o, m)[1]
    return out


def advantages(batch: dict[str, torch.Tensor], gamma: float = 0.995, lam: float = 0.95) -> tuple[torch.Tensor, torch.Tensor]:
    """GAE over the rollout (time-major), cut at game ends."""
    rewards, values, dones = batch["reward"], batch["value"], batch["done"]
    adv = torch.zeros_like(rewards)
    last = torch.zeros_like(rewards[0])
    next_value = batch["last_value"]
    for t in reversed(range(len(rewards))):
        alive = 1.0 - dones[t]
        delta = rewards[t] + gamma * next_value * alive - values[t]
        last = delta + gamma * lam * alive * last
        adv[t] = last
        next_value = values[t]
    return adv, adv + values


def update(policy: Policy, opt: torch.optim.Optimizer, batch: dict[str, torch.Tensor], epochs: int = 4, minibatch: int = 256) -> None:
    adv, ret = advantages(batch)
    flat = {k: batch[k].reshape(-1, *batch[k].shape[2:]) for k in ("obs", "mask", "action", "logp")}
    adv, ret = adv.reshape(-1), ret.reshape(-1)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    n = len(adv)
    for _ in range(epochs):
        for idx in torch.randperm(n).split(minibatch):
            dist, value = policy(flat["obs"][idx], flat["mask"][idx])
            ratio = torch.exp(dist.log_prob(flat["action"][idx]) - flat["logp"][idx])
            clipped = torch.clamp(ratio, 0.8, 1.2)
            loss_pi = -torch.min(ratio * adv[idx], clipped * adv[idx]).mean()
            loss_v = 0.5 * (ret[idx] - value).pow(2).mean()
            loss = loss_pi + 0.5 * loss_v - 0.01 * dist.entropy().mean()
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            opt.step()


def evaluate(policy: Policy, games: int, seed: int) -> tuple[float, float]:
    """Greedy play against fresh random opponents: (win rate, mean reward)."""
    env = MeepleEnv("splendor", players=2, opponents=["random"], seat="random")
    wins, total = 0, 0.0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        while True:
            with torch.no_grad():
                dist, _ = policy(torch.as_tensor(obs["observation"])[None], torch.as_tensor(obs["action_mask"].astype(bool))[None])
            obs, r, terminated, truncated, _ = env.step(int(dist.probs.argmax()))
            if terminated or truncated:
                wins += r > 0
                total += r
                break
    return wins / games, total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=5.0, help="training wall time")
    parser.add_argument("--envs", type=int, default=8, help="games played side by side")
    parser.add_argument("--steps", type=int, default=128, help="decisions per env between updates")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (keep it small on a shared machine)")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    envs = [MeepleEnv("splendor", players=2, opponents=["random"], seat="random") for _ in range(args.envs)]
    obs = [env.reset(seed=args.seed * 1000 + i)[0] for i, env in enumerate(envs)]
    policy = Policy(envs[0].observation_space["observation"].shape[0], envs[0].action_space.n)
    opt = torch.optim.Adam(policy.parameters(), lr=3e-4)
    before, _ = evaluate(policy, min(50, args.eval_games), seed=10**6)
    print(f"untrained greedy policy vs random: {before:.0%} wins over {min(50, args.eval_games)} games")
    stats: list[float] = []
    start = time.perf_counter()
    updates = 0
    while time.perf_counter() - start < args.minutes * 60:
        batch = collect(envs, obs, policy, args.steps, stats)
        update(policy, opt, batch)
        updates += 1
        if updates % 10 == 0:
            recent = stats[-200:]
            rate = sum(r > 0 for r in recent) / max(len(recent), 1)
            print(f"{time.perf_counter() - start:6.0f}s  games {len(stats):6d}  win rate (last {len(recent)}, sampling) {rate:.0%}")
    rate, mean = evaluate(policy, args.eval_games, seed=10**6)
    print(
        f"trained {args.minutes:g} min, {len(stats)} games: greedy policy vs random wins {rate:.1%} of {args.eval_games} games (mean reward {mean:+.2f})"
    )


if __name__ == "__main__":
    main()
