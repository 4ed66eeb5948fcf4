"""Regenerate the golden records (only when a rule change is intended): python -m tests.scythe.make_golden"""

import random
from pathlib import Path

from meeple import record
from meeple.games.scythe.game import GAME

HERE = Path(__file__).parent / "golden"
GOLDEN = ((2, 11, {}), (3, 12, {"payment": "auto"}), (5, 15, {}))


def main() -> None:
    for players, seed, options in GOLDEN:
        rng = random.Random(seed)
        s = GAME.new_game(players=players, seed=seed, **options)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        record.write(record.make(s, seats=["random"] * players), HERE / f"scythe-{players}p-seed{seed}.json")


if __name__ == "__main__":
    main()
