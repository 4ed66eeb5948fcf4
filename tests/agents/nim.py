"""A tiny game over the contract, with no heuristic: Nim with one pile, take 1-3, taking the last
stone wins. Its perfect play is known (leave a multiple of 4), so it checks search without any
game's heuristic, and it shows the clear error of agents that need ``Game.evaluate``."""

from __future__ import annotations

from typing import Any

from meeple.core import Action, ChanceScript, Result, State

from .helpers import ToyGame

TAKE = tuple(Action(i, f"take{i + 1}") for i in range(3))


class Nim(ToyGame):
    actions = TAKE
    name = "nim"
    title = "Nim"
    min_players = 2
    max_players = 2
    options = {"stones": 10}
    num_actions = 3

    def setup(self, players: int, seed: int, options: dict[str, Any], script: ChanceScript | None) -> NimState:
        s = NimState.__new__(NimState)
        s.init_base(self, players, seed, options, script)
        s.stones = options["stones"]
        s.turn = 0
        return s


class NimState(State):
    __slots__ = ("stones", "turn")
    stones: int
    turn: int

    @property
    def current_player(self) -> int | None:
        return None if self.stones == 0 else self.turn

    @property
    def is_over(self) -> bool:
        return self.stones == 0

    def generate_legal(self) -> list[Action]:
        return list(TAKE[: min(3, self.stones)])

    def do(self, action: Action) -> None:
        self.stones -= action.id + 1
        if self.stones:
            self.turn = 1 - self.turn

    def clone(self) -> NimState:
        s = NimState.__new__(NimState)
        self.copy_base_into(s)
        s.stones, s.turn = self.stones, self.turn
        return s

    def result(self) -> Result | None:
        if self.stones:
            return None
        return Result((1, 0) if self.turn == 0 else (0, 1), (1, 2) if self.turn == 0 else (2, 1))

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn}

    def to_dict(self) -> dict[str, Any]:
        return {**self.base_dict(), "stones": self.stones, "turn": self.turn}

    def determinize(self, seat: int | None, seed: int) -> NimState:
        s = self.clone()
        s.rng = self.reseeded(seed)
        return s


NIM = Nim()
