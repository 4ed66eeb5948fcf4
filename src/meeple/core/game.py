"""The game contract (docs/api.md): what every game offers, whatever its rules."""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

import numpy as np

from .action import Action
from .chance import ChanceScript, ForcedChance, chance_entries
from .errors import ChanceError, IllegalAction
from .events import Event
from .result import Result
from .rng import Rng, mix

T = TypeVar("T")

#: An option's allowed values: a tuple of choices, or a predicate with a description.
OptionRule = tuple[Any, ...] | tuple[Callable[[Any], bool], str]


class Game(ABC):
    """A game's rules and fixed data. One instance per game, shared by all its states."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Option defaults; each equals the published rule or our documented convention.
    options: ClassVar[Mapping[str, Any]] = {}
    #: For each option, the tuple of allowed values.
    option_choices: ClassVar[Mapping[str, Sequence[Any]]] = {}
    #: Presets: an option whose value turns on a set of other options, e.g.
    #: ``{"house_rules": {"seed001": {"placement": "one_at_a_time", ...}}}``. A preset only ever sets the options it
    #: names (a form sends every option, so one left at its default cannot be told from one asked for).
    option_presets: ClassVar[Mapping[str, Mapping[Any, Mapping[str, Any]]]] = {}
    #: Size of the fixed action-id space.
    num_actions: int

    # -- setting up ---------------------------------------------------------------

    def new_game(self, players: int, seed: int | None = None, *, chance: Iterable[Any] | None = None, **options: Any) -> State:
        """A new game at its first decision. ``seed=None`` picks a fresh seed (kept in the state).

        ``chance``: chance outcomes to force, from the setup's first draw on (as ``State.force_chance``); the
        outcomes the setup does not use stay forced for the game's first chance draws.
        """
        opts = self.check_options(options)
        self.check_players(players)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        if chance is None:
            return self.setup(players, seed, opts, None)
        entries = chance_entries(chance)
        state = self.setup(players, seed, opts, ForcedChance(None, entries))
        if isinstance(state.script, ForcedChance):
            state.script._state = state
        return state

    #: The game's State subclass; ``setup`` and ``from_dict`` build it.
    state_class: ClassVar[type[State]]

    def setup(self, players: int, seed: int, options: dict[str, Any], script: ChanceScript | None) -> State:
        """Build the initial state; chance comes from ``script`` when it is given (replay)."""
        if not hasattr(self, "state_class"):
            raise NotImplementedError(f"{type(self).__name__} sets no state_class and does not override setup()")
        state = self.state_class.__new__(self.state_class)
        state.init_base(self, players, seed, options, script)
        state.setup(script)
        return state

    def check_players(self, players: Any) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is for {self.min_players}-{self.max_players} players, not {players}")

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The full option set: defaults overridden by ``given``, each checked."""
        opts = dict(self.options)
        for key, value in given.items():
            if key not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise ValueError(f"{self.name} has no option {key!r} (options: {known})")
            choices = self.option_choices.get(key)
            if choices is not None and value not in choices:
                raise ValueError(f"option {key}={value!r} is not one of {list(choices)}")
            opts[key] = value
        for key, presets in self.option_presets.items():
            opts.update(presets.get(opts[key], {}))
        return opts

    # -- actions -----------------------------------------------------------------

    @abstractmethod
    def action_table(self) -> Sequence[Action]:
        """Every action of the fixed id space, indexed by id."""

    @abstractmethod
    def read_notation(self, text: str) -> Action:
        """The action a notation names, whatever the state; IllegalAction if none."""

    def parse_action(self, state: State, text: str) -> Action:
        """The legal action that ``text`` names in ``state`` (the inverse of ``str(action)``)."""
        if not isinstance(text, str):
            raise IllegalAction(f"notation must be a string, got {type(text).__name__}")
        action = self.read_notation(text)
        state.check_legal(action)
        return action

    def action_from_id(self, state: State, action_id: int) -> Action:
        """The legal action with this id in ``state``."""
        if not isinstance(action_id, (int, np.integer)) or isinstance(action_id, bool):
            raise IllegalAction(f"action id must be an integer, got {action_id!r}")
        if not 0 <= action_id < self.num_actions:
            raise IllegalAction(f"action id {action_id} is outside 0..{self.num_actions - 1}")
        action = self.action_table()[int(action_id)]
        state.check_legal(action)
        return action

    # -- presentation ----------------------------------------------------------------

    def render(self, observation: Mapping[str, Any]) -> Any:
        """A view of an observation for the terminal: a string or a ``rich`` renderable."""
        import json

        return json.dumps(observation, indent=1, ensure_ascii=False)

    def describe(self, before: State, action: Action, after: State, viewer: int | None) -> list[Event]:
        """What ``action`` did, in game terms, as ``viewer`` (a seat, or ``None`` for a spectator) may know it.

        ``before`` is the state the action was chosen in and ``after`` the state it led to (chance included).
        Called on demand (the server's log, the terminal, records), never by the engine itself. This default names
        the action's notation, masked by ``public_action_text`` where the game defines it; each game says more.
        """
        seat = before.current_player
        text = str(action)
        mask = getattr(self, "public_action_text", None)
        if mask is not None and viewer != seat:
            text = mask(text, seat, viewer)
        return [Event("action", seat, {"action": text})]

    # -- hooks for agents and learning (a game implements them in its own package) ----

    #: How many more of its own decisions the greedy agent plays out (greedily) before it judges a move. A game whose
    #: turn is a sequence of small decisions sets it so that greedy's one ply is one turn, not one step of a turn.
    lookahead: ClassVar[int] = 0
    #: The mcts agent's search settings that suit this game (``depth``, ``c``, ``relative``, ``expand``; docs/agents.md),
    #: used where a seat spec does not choose them.
    mcts_settings: ClassVar[Mapping[str, Any]] = {}
    #: Seat specs for the bot levels (``easy``, ``medium``, ``hard``) where this game's differ from the defaults in
    #: meeple/agents/levels.py.
    bot_levels: ClassVar[Mapping[str, str]] = {}
    #: The same, for a game with one seat (a solo game against the game's own opponent), where a level's spec there
    #: differs from ``bot_levels``: a search that is the stronger between seats need not be against an automaton.
    solo_bot_levels: ClassVar[Mapping[str, str]] = {}

    def turn_number(self, state: State) -> int | None:
        """The turns played so far, for a game where one seat can play two turns running (Scythe solo: the Automa's
        turn runs inside the human's ``apply``), so that an agent planning a whole turn (``lookahead``) sees where the
        turn ends; None (this default) where a turn ends only when the seat to move changes."""
        return None

    def secret_choice(self, observation: Mapping[str, Any]) -> Hashable | None:
        """From what the seat to move sees (its ``observation``): a key naming the secret choice its decision belongs
        to, where chance answers the choice as soon as it is made (Scythe solo: a combat's dial and cards, answered by
        the Automa's card drawn at the reveal), so that an agent weighs the whole choice in many worlds rather than
        the few it plans a turn in. The key stays the same through the choice's decisions; None (this default)
        elsewhere."""
        return None

    def evaluate(self, state: State) -> list[float]:
        """A heuristic value per seat (higher is better), for greedy play and truncated search."""
        raise NotImplementedError(f"{self.name} has no heuristic evaluation")

    #: Named heuristics offered besides ``evaluate`` (optional; same form: a state -> a value per seat), chosen with a
    #: seat spec's ``evaluation=NAME`` (``greedy``, ``mcts``). Empty by default.
    evaluations: ClassVar[Mapping[str, Callable[[State], list[float]]]] = MappingProxyType({})

    def observation_tensor(self, state: State, seat: int) -> np.ndarray:
        """A fixed-shape float32 array of exactly what ``seat`` may know (docs/rl.md)."""
        raise NotImplementedError(f"{self.name} has no observation tensor")

    # -- serialisation -------------------------------------------------------------

    def from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``State.to_dict()``; ValueError if the dict is not a valid state."""
        if not hasattr(self, "state_class"):
            raise NotImplementedError(f"{type(self).__name__} sets no state_class and does not override from_dict()")
        return self.state_class.from_dict(self, data)

    def __repr__(self) -> str:
        return f"<meeple game {self.name!r}>"


class State(ABC):
    """One moment of one game. Mutable: ``apply`` changes it in place."""

    __slots__ = ("_legal", "game", "history", "num_players", "opts", "rng", "script", "seed")

    game: Game
    num_players: int
    seed: int
    opts: dict[str, Any]
    history: list[Any]
    rng: Rng
    script: ChanceScript | None
    _legal: list[Action] | None

    def init_base(self, game: Game, players: int, seed: int, options: dict[str, Any], script: ChanceScript | None) -> None:
        self.game = game
        self.num_players = players
        self.seed = seed
        self.opts = options
        self.history = []
        self.rng = Rng(seed)
        self.script = script
        self._legal = None

    def copy_base_into(self, other: State) -> None:
        other.game = self.game
        other.num_players = self.num_players
        other.seed = self.seed
        other.opts = self.opts  # never mutated after setup
        other.history = self.history.copy()
        other.rng = self.rng.clone()
        other.script = None
        other._legal = self._legal

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.opts)

    # A game either sets ``Game.state_class`` and implements these two, or overrides ``Game.setup`` and
    # ``Game.from_dict`` itself.
    def setup(self, script: ChanceScript | None) -> None:
        """Lay out the game (after ``init_base``): the published setup, its chance outcomes recorded."""
        raise NotImplementedError(f"{type(self).__name__} does not implement setup(script)")

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, Any]) -> State:
        """The state ``to_dict`` wrote, checked: ValueError names the first inconsistency."""
        raise NotImplementedError(f"{cls.__name__} does not implement from_dict(game, data)")

    # -- whose turn ------------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    # -- actions -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions, in a deterministic order. Empty once over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_over else self.generate_legal()
        return legal

    @abstractmethod
    def generate_legal(self) -> list[Action]: ...

    def check_legal(self, action: Action) -> None:
        if self.is_over:
            raise IllegalAction(f"the game is over; {action} cannot be played")
        legal = self.legal_actions()
        for a in legal:  # identity first: games hand out shared action objects
            if a is action:
                return
        if action not in legal:
            raise IllegalAction(f"{action} is not legal now: {self.why_illegal(action)}")

    def why_illegal(self, action: Action) -> str:
        """A person-readable reason; games override it with rule-specific explanations."""
        return f"seat {self.current_player} has {len(self.legal_actions())} legal actions and this is not one"

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an action or its notation) for the current player."""
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        elif not isinstance(action, Action):
            raise IllegalAction(f"expected an action or its notation, got {type(action).__name__}")
        else:
            self.check_legal(action)
        self.history.append(action.text)
        self._legal = None
        if self.script is None:
            self.do(action)
        else:
            self.do_scripted(action)

    def do_scripted(self, action: Action) -> None:
        """``do`` while outcomes are scripted; a forced outcome that does not fit undoes the whole action."""
        script = self.script
        if not isinstance(script, ForcedChance):
            self.do(action)
            return
        before, entries = self.clone(), script.entries()
        before.history.pop()
        before._legal = None
        try:
            self.do(action)
        except ChanceError:
            self.restore(before)
            self.script = ForcedChance(self, entries) if entries else None
            raise

    def restore(self, other: State) -> None:
        """Become ``other`` (a clone of this state), field by field."""
        for cls in type(self).__mro__:
            slots = getattr(cls, "__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name in ("__weakref__", "__dict__"):
                    continue
                if hasattr(other, name):
                    setattr(self, name, getattr(other, name))
                elif hasattr(self, name):
                    delattr(self, name)
        if hasattr(other, "__dict__"):
            vars(self).clear()
            vars(self).update(vars(other))

    def force_chance(self, outcomes: Iterable[Any]) -> ForcedChance:
        """Fix the next chance outcomes: the game takes them, in order, wherever it would draw from its RNG (a card
        dealt, dice rolled, a tile turned), then goes back to the RNG.

        ``outcomes`` are ``(kind, value)`` pairs or history entries ``{"chance": kind, "value": value}``, with the
        kinds and values each game records in ``history`` (docs/api.md, "Set up a position"). The RNG still
        advances at each forced draw, so everything after is as reproducible as an unforced game, and the forced
        outcomes go into ``history`` like any other, so a record of the game replays them. A forced outcome of
        another kind than the game asks for, or one not possible there (a card not in the deck), raises
        ``meeple.ChanceError`` and undoes the action that asked for it. Replaces any outcomes still forced; a clone
        or ``to_dict`` does not carry them. As a context manager (``with state.force_chance([...]):``) it checks on
        leaving that every forced outcome was used.
        """
        forced = ForcedChance(self, chance_entries(outcomes))
        self.script = forced if len(forced) else None
        return forced

    @property
    def forced_chance(self) -> list[dict[str, Any]]:
        """The forced chance outcomes not used yet (``force_chance``), oldest first."""
        script = self.script
        return script.entries() if isinstance(script, ForcedChance) else []

    @abstractmethod
    def do(self, action: Action) -> None:
        """Carry out a legal action (already checked and recorded)."""

    def legal_action_mask(self) -> np.ndarray:
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        ids = [a.id for a in self.legal_actions()]
        if ids:
            mask[ids] = 1
        return mask

    # -- chance ----------------------------------------------------------------------------

    def chance_index(self, kind: str, pool: Sequence[T]) -> int:
        """Index of an element of ``pool`` drawn uniformly (or read from the replay script)."""
        i = self.rng.below(len(pool))  # drawn in replay too, so a replayed state's RNG matches the original's
        script = self.script
        if script is not None and not script and script.then_rng:
            self.script = script = None  # the forced outcomes are used up: the RNG's draw stands
        if script is not None:
            value = script.take(kind)
            try:
                i = list(pool).index(value)
            except ValueError:
                raise script.error(f"chance outcome {kind}={value!r} is not possible here") from None
        self.history.append({"chance": kind, "value": pool[i]})
        return i

    def chance_value(self, kind: str, sample: Callable[[Rng], Any], valid: Callable[[Any], bool]) -> Any:
        """A chance outcome sampled by ``sample`` (or read from the replay script, checked by ``valid``)."""
        value = sample(self.rng)  # drawn in replay too, so a replayed state's RNG matches the original's
        script = self.script
        if script is not None and not script and script.then_rng:
            self.script = script = None
        if script is not None:
            value = script.take(kind)
            if not valid(value):
                raise script.error(f"chance outcome {kind}={value!r} is not possible here")
        self.history.append({"chance": kind, "value": value})
        return value

    # -- views ---------------------------------------------------------------------------------

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def result(self) -> Result | None: ...

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe: exactly what ``seat`` may know (``None``: a spectator)."""

    def check_seat(self, seat: int | None) -> None:
        if seat is None:
            return
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be None or an integer in 0..{self.num_players - 1}, got {seat!r}")

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The full state, JSON-safe; ``game.from_dict`` reads it back exactly (each game's layout, field by field:
        docs/state.md). Outcomes still forced by ``force_chance`` are not part of it."""

    def base_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "version": self.game.version,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.opts),
            "rng": self.rng.state,
            "history": list(self.history),
        }

    @abstractmethod
    def determinize(self, seat: int | None, seed: int) -> State:
        """A full state that ``seat`` cannot tell from this one: hidden information resampled.

        The future chance stream is reseeded from ``seed`` as well, so a deck's order is
        resampled even where the seat saw no card of it.
        """

    def reseeded(self, seed: int) -> Rng:
        return Rng(mix(seed, self.seed, len(self.history)))

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"seat {self.current_player} to move"
        return f"<{self.game.name} state, {self.num_players} players, {status}>"
