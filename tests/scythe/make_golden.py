"""Regenerate the golden records (only when a rule change is intended): python -m tests.scythe.make_golden

The 4-player record is played by the simulation's "aggressive" random player, so it holds many combats, Factory
cards and revealed objectives.
"""

import random
from pathlib import Path

from meeple import record
from meeple.games.scythe.game import GAME

from .test_simulation import choose

HERE = Path(__file__).parent / "golden"
GOLDEN = ((2, 11, {}, False), (3, 12, {"payment": "auto"}, False), (5, 15, {}, False), (4, 14, {}, True))


def main() -> None:
    for players, seed, options, aggressive in GOLDEN:
        rng = random.Random(seed)
        s = GAME.new_game(players=players, seed=seed, **options)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(choose(s, legal, rng, True) if aggressive else legal[rng.randrange(len(legal))])
        record.write(record.make(s, seats=["random"] * players), HERE / f"scythe-{players}p-seed{seed}.json")


if __name__ == "__main__":
    main()
