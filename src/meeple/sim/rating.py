"""Bradley–Terry ratings from game results, on the Elo scale, with 95% intervals.

Each finished game is read as comparisons between every two entrants in it: the better-ranked one wins, equal
ranks are half a win each. Strengths are fitted by maximum likelihood (Hunter's MM iterations), with one virtual
drawn game between every two entrants so that an entrant that never lost still gets a finite rating (it pulls
ratings toward each other by about one game's worth). Ratings are ``400·log10(strength)``, centred on 1500;
intervals come from the observed information matrix (the Hessian of the log-likelihood), under the constraint
that ratings are relative (their mean is fixed).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

ELO = 400 / math.log(10)  # rating points per unit of natural-log strength
CENTRE = 1500.0
PRIOR_DRAWS = 1.0


@dataclass(frozen=True)
class Rating:
    label: str
    rating: float
    low: float
    high: float
    games: int
    score: float  # wins + half the draws, against the others (virtual games not counted)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "rating": self.rating, "low": self.low, "high": self.high, "games": self.games, "score": self.score}


def pairwise(results: Sequence[Mapping[str, Any]], entrants: int) -> tuple[np.ndarray, np.ndarray]:
    """``wins[i, j]``: how often entrant i finished ahead of j (draws count half); ``games[i, j]``: how often they met."""
    wins = np.zeros((entrants, entrants))
    games = np.zeros((entrants, entrants))
    for r in results:
        ranks = r.get("ranks")
        if ranks is None:
            continue
        who = r["entrants"]
        for a in range(len(who)):
            for b in range(a + 1, len(who)):
                i, j = who[a], who[b]
                games[i, j] += 1
                games[j, i] += 1
                if ranks[a] < ranks[b]:
                    wins[i, j] += 1
                elif ranks[b] < ranks[a]:
                    wins[j, i] += 1
                else:
                    wins[i, j] += 0.5
                    wins[j, i] += 0.5
    return wins, games


def bradley_terry(wins: np.ndarray, games: np.ndarray, prior_draws: float = PRIOR_DRAWS, iterations: int = 10_000) -> np.ndarray:
    """Natural-log strengths (mean 0) maximising the likelihood of ``wins`` out of ``games``."""
    del games  # the comparisons are all in ``wins``: games[i, j] == wins[i, j] + wins[j, i]
    n = len(wins)
    w = wins + prior_draws / 2 * (1 - np.eye(n))
    g = w + w.T
    p = np.ones(n)
    for _ in range(iterations):
        denom = (g / (p[:, None] + p[None, :])).sum(axis=1)
        new = w.sum(axis=1) / denom
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < 1e-12:
            p = new
            break
        p = new
    return np.log(p)


def ratings(results: Sequence[Mapping[str, Any]], labels: Sequence[str], prior_draws: float = PRIOR_DRAWS) -> list[Rating]:
    """Each entrant's rating with its 95% interval, best first."""
    n = len(labels)
    if n < 2:
        raise ValueError("a rating needs at least two entrants")
    wins, games = pairwise(results, n)
    theta = bradley_terry(wins, games, prior_draws)
    g = games + prior_draws * (1 - np.eye(n))
    prob = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    info = -(g * prob * prob.T)
    np.fill_diagonal(info, 0.0)
    np.fill_diagonal(info, -info.sum(axis=1))
    cov = np.linalg.pinv(info)  # the pseudo-inverse fixes the free centre (ratings are relative)
    out = []
    for i, label in enumerate(labels):
        se = math.sqrt(max(cov[i, i], 0.0)) * ELO
        r = CENTRE + theta[i] * ELO
        out.append(Rating(label, float(r), float(r - 1.96 * se), float(r + 1.96 * se), int(games[i].sum()), float(wins[i].sum())))
    return sorted(out, key=lambda x: -x.rating)
