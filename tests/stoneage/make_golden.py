"""Regenerate the golden records (only when a rule change is intended): python -m tests.stoneage.make_golden [NAME...]

With names (file stems such as ``stoneage-3p-seed404``) only those records are written, so adding one does not
rewrite the others.
"""

import random
import sys
from pathlib import Path

from meeple import record
from meeple.games.stoneage.game import GAME

HERE = Path(__file__).parent / "golden"
GOLDEN = ((2, 101, {}), (3, 202, {"any_resources": "at_once"}), (4, 303, {}), (3, 404, {"house_rules": "seed001"}))


def main(names: list[str]) -> None:
    for players, seed, options in GOLDEN:
        if names and f"stoneage-{players}p-seed{seed}" not in names:
            continue
        rng = random.Random(seed)
        s = GAME.new_game(players=players, seed=seed, **options)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        record.write(record.make(s, seats=["random"] * players), HERE / f"stoneage-{players}p-seed{seed}.json")


if __name__ == "__main__":
    main(sys.argv[1:])
