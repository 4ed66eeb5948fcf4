"""Scythe as a meeple game: options, setup and the action space."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import numpy as np

from meeple.core import Action, Game, State
from meeple.core.events import Event

from . import actions
from .automa import OPTION_CHOICES as AUTOMA_CHOICES
from .automa import OPTIONS as AUTOMA_OPTIONS
from .combat import CARDS, DIAL
from .state import ScytheState


def fitted_evaluation(state: State) -> list[float]:
    """The evaluation fitted on the outcomes of many games (fitted.py), offered as ``evaluation=fitted``."""
    from .fitted import evaluate

    return evaluate(state)  # type: ignore[arg-type]


class Scythe(Game):
    name = "scythe"
    title = "Scythe"
    version = "2"  # 2: combat, encounters, the Factory and objectives were added
    min_players = 1  # 1: the solo game against the Automa (automa §N, docs/rules/scythe.md)
    max_players = 5
    options = {
        # §2.4: "random" deals by the seed; or one name per seat, e.g. "nordic,crimea".
        "factions": "random",
        "mats": "random",
        # §2.4 ⚠: no Rusviet+Industrial, no Crimea+Patriotic (the later official balance rule).
        "ban_pairs": True,
        # §3: the player chooses which controlled territories pay; "auto" pays from the largest piles.
        "payment": "choose",
        # §3 ⚠: the 2016 wording let Rusviet repeat the Factory-card section.
        "relentless_factory": False,
        # §14 ⚠: Crimea Wayfare may reach the Albion/Togawa home-base spaces (as the digital edition).
        "wayfare_expansion_homes": True,
        # Solo only (players=1): the Automa's level and every ⚠ point of automa §13 (docs/rules/scythe.md).
        **AUTOMA_OPTIONS,
    }
    option_choices = {
        "ban_pairs": (True, False),
        "payment": ("choose", "auto"),
        "relentless_factory": (False, True),
        "wayfare_expansion_homes": (True, False),
        **AUTOMA_CHOICES,
    }
    num_actions = actions.NUM_ACTIONS
    # A turn is a section, a top action's steps, a bottom action and its payment: greedy judges a whole turn.
    lookahead = 25
    evaluations = MappingProxyType({"fitted": fitted_evaluation})
    # Against the Automa greedy, its candidate turns played a turn on, scores 5.0 ± 2.1 coins a game more than
    # mcts:seconds=1 on the same 100 deals (docs/scythe-solo.md, "... mcts rolled on by the 8-wide planner"): there
    # hard plays the strongest bot measured.
    solo_bot_levels = MappingProxyType({"hard": "greedy"})
    state_class = ScytheState

    def turn_number(self, state: State) -> int | None:
        # In solo the human moves again after the Automa's turn: the seat to move never changes.
        return state.turns  # type: ignore[attr-defined]

    def secret_choice(self, observation: Mapping[str, Any]) -> Hashable | None:
        # Only solo: against the Automa the reveal follows the human's choice inside the same apply (automa §7). A
        # fight is told from the next one (another space, or the Automa attacking after the human's turn) by its turn,
        # space and attacker.
        if "automa" not in observation or observation["phase"] not in (DIAL, CARDS):
            return None
        fight = observation["turn"]["combat"]
        return (observation["turns"], fight["space"], fight["attacker"])

    def action_table(self) -> Sequence[Action]:
        return actions.ACTIONS

    def read_notation(self, text: str) -> Action:
        return actions.read(text)

    def render(self, observation: Mapping[str, Any]) -> Any:
        from .render import render

        return render(observation)

    def board_data(self) -> dict[str, Any]:
        """The printed board (hexes, terrain, rivers, lakes, tunnels) and the printed mats: static and public, for
        the table's views (``table``: each mat's columns, each faction's abilities, the popularity tiers)."""
        from . import data as D
        from .describe import ability_term, faction_ability_term

        mats = {
            D.MATS[m]: [
                {
                    "top": D.TOP_ACTIONS[D.MAT_TOP[m][b]],
                    "bottom": D.BOTTOM_ACTIONS[b],
                    "cost": D.MAT_BASE_COST[m][b],
                    "cubes": D.MAT_CUBE_SPACES[m][b],
                    "coins": D.MAT_COINS_REWARD[m][b],
                    "resource": D.RESOURCES[b],
                }
                for b in range(4)
            ]
            for m in range(len(D.MATS))
        }
        factions = {
            D.FACTIONS[f]: {
                "home": D.SPACE_NAMES[D.HOME[f]],
                "ability": faction_ability_term(f),
                "mechs": [ability_term(f, m) for m in range(4)],
                "mech_names": list(D.MECH_ABILITIES[f]),
            }
            for f in range(len(D.FACTIONS))
        }
        tiers = [{"from": lo, "to": hi, "star": st, "territory": te, "pair": pr} for lo, hi, st, te, pr in D.TIERS]
        # which top-row cube slots belong to which top action (the upgrade spots of each column)
        slots = {"move": ["move", "coins"], "bolster": ["power", "cards"], "trade": ["popularity"], "produce": ["produce"]}
        encounters = {c: [[list(cost), list(gain)] for cost, gain in options] for c, options in D.ENCOUNTER_OPTIONS.items()}
        factory = {c: {"cost": list(cost), "gain": list(gain), "mode": mode} for c, (cost, gain, mode) in D.FACTORY_TOP.items()}
        from .automa import CARDS

        automa_cards = {
            c: {
                scheme: {
                    "move": [alt["action"] for alt in card[scheme]["move"]],
                    "only": [alt.get("only_if_automa_faction") for alt in card[scheme]["move"]],
                    "gain": [[g["type"], g["amount"]] for g in card[scheme]["gain"]],
                    "recruit_bonus": card[scheme]["recruit_bonus"],
                }
                for scheme in ("scheme_1", "scheme_2")
            }
            for c, card in CARDS.items()
        }
        table = {
            "automa_cards": automa_cards,
            "mats": mats,
            "factions": factions,
            "tiers": tiers,
            "stars": list(D.STAR_KINDS),
            "top_slots": slots,
            "encounters": encounters,
            "factory_cards": factory,
        }
        return {**D.MAP, "table": table}

    def public_action_text(self, text: str, seat: int | None, viewer: int | None) -> str:
        """What another seat's game log shows: a combat dial and the cards tucked stay secret (§8.2)."""
        if text.startswith("dial "):
            return "dial ?"
        if text.startswith("cards "):
            return "cards ?"
        return text

    def describe(self, before: State, action: Action, after: State, viewer: int | None) -> list[Event]:
        """What the decision did, in game terms, as ``viewer`` may know it (describe.py)."""
        from .describe import describe

        return describe(before, action, after, viewer)  # type: ignore[arg-type]

    def evaluate(self, state: State) -> list[float]:
        from .evaluate import evaluate

        return evaluate(state)  # type: ignore[arg-type]

    def observation_tensor(self, state: State, seat: int) -> np.ndarray:
        from .encode import observation_tensor

        return observation_tensor(state, seat)  # type: ignore[arg-type]


GAME = Scythe()
