"""The games that ship with meeple. Each module exposes ``GAME``."""

BUILTIN = {
    "splendor": "meeple.games.splendor",
    "stoneage": "meeple.games.stoneage",
}
