"""The games that ship with meeple. Each module exposes ``GAME``."""

BUILTIN = {
    "scythe": "meeple.games.scythe",
    "splendor": "meeple.games.splendor",
    "stoneage": "meeple.games.stoneage",
}
