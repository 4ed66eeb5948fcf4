"""Every meeple game as an OpenSpiel Python game (docs/rl.md).

    >>> import pyspiel
    >>> import meeple.envs.openspiel  # registers python_meeple_<game> for every game
    >>> game = pyspiel.load_game("python_meeple_splendor", {"players": 3, "seed": 7})
    >>> state = game.new_initial_state()

Chance is sampled inside ``apply`` by the meeple state's own seeded RNG (OpenSpiel's
``SAMPLED_STOCHASTIC`` chance mode), so there are no chance nodes: every node is a decision.
Each new initial state takes the next seed from the game's generator (parameter ``seed``;
-1, the default, seeds it from the operating system). Because the RNG lives in the state,
cloning and serialising a state keep its future chance outcomes: OpenSpiel's Clone deep-copies
the Python state (we clone the meeple state) and its serialisation pickles it (we pickle
``to_dict()`` and rebuild with ``from_dict``).

The information is imperfect (hidden cards, dials...): ``observation_string`` is the JSON of
``state.observation(seat)``, the observation tensor is the game's ``observation_tensor``, and
``resample_from_infostate`` uses ``state.determinize``, which is what IS-MCTS needs.
Rewards are the zero-sum ``win`` rewards of ``meeple.envs.common.final_rewards``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from .common import needs_rl_extra

try:
    import pyspiel
except ImportError as err:  # the rl extra is optional: say which one to install
    raise needs_rl_extra(__name__, err) from err

from meeple.core import Game, State
from meeple.core import games as game_names
from meeple.core import load as load_game

from .common import action_for_id, final_rewards, implements_tensor, reward_range, tensor_shape

#: Bound on decisions per game for OpenSpiel's GameInfo, unless a game declares ``max_game_length``.
DEFAULT_MAX_GAME_LENGTH = 100_000
_SIMPLE = (bool, int, float, str)


def short_name(name: str) -> str:
    return f"python_meeple_{name}"


def game_type(game: Game) -> pyspiel.GameType:
    params: dict[str, Any] = {"players": max(2, game.min_players), "seed": -1}
    # Game options with plain values become OpenSpiel parameters, defaults as in the rules.
    params.update({k: v for k, v in game.options.items() if isinstance(v, _SIMPLE)})
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"Python meeple {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=max(2, game.min_players),  # zero-sum: a solo game (Scythe's Automa) is not offered here
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=implements_tensor(game),
        parameter_specification=params,
    )


class MeepleSpielGame(pyspiel.Game):
    """A meeple game with OpenSpiel parameters ``players``, ``seed`` and the game's simple options."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        game = load_game(name)
        params = dict(params or {})
        players = int(params.get("players", max(2, game.min_players)))
        game.check_players(players)
        if players < 2:
            raise ValueError(f"the OpenSpiel adapter is zero-sum and needs 2 or more players; play {game.name} solo through Gymnasium")
        low, high = reward_range(players)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=int(getattr(game, "max_game_length", DEFAULT_MAX_GAME_LENGTH)),
        )
        super().__init__(game_type(game), info, params)
        self.meeple_game = game
        self.players = players
        self.game_options = game.check_options({k: params[k] for k in game.options if k in params})
        seed = int(params.get("seed", -1))
        self.seeds = np.random.default_rng(None if seed < 0 else seed)

    def new_initial_state(self, state: Any = None) -> MeepleSpielState:
        if state is not None:
            raise ValueError("meeple OpenSpiel games start from a fresh deal; rebuild a state with deserialize_state")
        return MeepleSpielState(self, _Held(self.meeple_game.name, self.players, int(self.seeds.integers(0, 2**48)), self.game_options))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MeepleObserver:
        if params:
            raise ValueError(f"meeple observers take no parameters, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("meeple games offer observations, not perfect-recall information states")
        return MeepleObserver(self.meeple_game, self.players)


class _Held:
    """The meeple state inside an OpenSpiel state, built on first use.

    OpenSpiel clones a Python state by building a fresh initial state and deep-copying the
    old one's attributes into it, so building lazily keeps clones from paying for a setup
    they throw away; ``__deepcopy__`` and ``__reduce__`` route copying and pickling through
    the contract's ``clone`` and ``to_dict``/``from_dict``.
    """

    __slots__ = ("_state", "name", "options", "players", "seed")

    def __init__(self, name: str, players: int, seed: int, options: dict[str, Any], state: State | None = None) -> None:
        self.name = name
        self.players = players
        self.seed = seed
        self.options = options
        self._state = state

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = load_game(self.name).new_game(players=self.players, seed=self.seed, **self.options)
        return self._state

    def with_state(self, state: State) -> _Held:
        return _Held(self.name, self.players, self.seed, self.options, state)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.name, self.players, self.seed, self.options, None if self._state is None else self._state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        data = None if self._state is None else self._state.to_dict()
        return (_revive, (self.name, self.players, self.seed, self.options, data))


def _revive(name: str, players: int, seed: int, options: dict[str, Any], data: dict[str, Any] | None) -> _Held:
    state = None if data is None else load_game(name).from_dict(data)
    return _Held(name, players, seed, options, state)


class MeepleSpielState(pyspiel.State):
    def __init__(self, game: MeepleSpielGame, held: _Held) -> None:
        super().__init__(game)
        self._held = held

    @property
    def meeple_state(self) -> State:
        """The meeple state this OpenSpiel state wraps (treat it as read-only)."""
        return self._held.state

    def current_player(self) -> int:
        seat = self._held.state.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self._held.state
        if state.is_over or player != state.current_player:
            return []
        return sorted(a.id for a in state.legal_actions())

    def _apply_action(self, action: int) -> None:
        state = self._held.state
        state.apply(action_for_id(state.game, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._held.state.game.action_table()[action].text

    def is_terminal(self) -> bool:
        return self._held.state.is_over

    def returns(self) -> list[float]:
        state = self._held.state
        result = state.result()
        return [0.0] * state.num_players if result is None else final_rewards(result, "win")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MeepleSpielState:
        """A state ``player_id`` cannot tell from this one (the game's ``determinize``)."""
        seed = int(probability_sampler() * 2**48)
        other = self.clone()
        other._held = self._held.with_state(self._held.state.determinize(player_id, seed))
        return other

    def __str__(self) -> str:
        """The full position as JSON (``to_dict`` less its history, which OpenSpiel keeps as action ids)."""
        data = self._held.state.to_dict()
        data.pop("history", None)
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


class MeepleObserver:
    """OpenSpiel's PyObserver: the seat's tensor and its observation as JSON."""

    def __init__(self, game: Game, players: int) -> None:
        if implements_tensor(game):
            shape = tensor_shape(game, players)
            self.tensor: np.ndarray | None = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}
        else:
            self.tensor = None
            self.dict = {}
        self.game = game

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = np.asarray(self.game.observation_tensor(state.meeple_state, player), dtype=np.float32).ravel()

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        return json.dumps(state.meeple_state.observation(player), sort_keys=True, separators=(",", ":"))


class RolloutEvaluator:
    """An evaluator for OpenSpiel's MCTS and IS-MCTS that stays cheap on long games.

    It plays uniformly random moves for at most ``max_decisions`` decisions; a finished game
    scores its returns, an unfinished one the game's heuristic (``Game.evaluate``, each seat's
    lead over its best opponent squashed into (-1, 1) by ``tanh(lead / scale)``), or 0 where the
    game has none. Priors are uniform.
    """

    def __init__(self, max_decisions: int = 20, scale: float = 5.0, random_state: np.random.RandomState | None = None) -> None:
        self.max_decisions = max_decisions
        self.scale = scale
        self.rng = random_state or np.random.RandomState()

    def evaluate(self, state: MeepleSpielState) -> np.ndarray:
        inner = state.meeple_state.clone()
        for _ in range(self.max_decisions):
            if inner.is_over:
                break
            legal = inner.legal_actions()
            inner.apply(legal[self.rng.randint(len(legal))])
        result = inner.result()
        if result is not None:
            return np.array(final_rewards(result, "win"))
        try:
            values = inner.game.evaluate(inner)
        except NotImplementedError:
            return np.zeros(inner.num_players)
        leads = [v - max(w for j, w in enumerate(values) if j != i) for i, v in enumerate(values)]
        return np.tanh(np.array(leads, dtype=float) / self.scale)

    def prior(self, state: MeepleSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def register_all() -> list[str]:
    """Register ``python_meeple_<game>`` for every game; the short names registered."""
    known = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        sname = short_name(name)
        if sname not in known:
            pyspiel.register_game(game_type(load_game(name)), _game_class(name))
        names.append(sname)
    return names


def _game_class(name: str) -> type[MeepleSpielGame]:
    # A class, not a closure: OpenSpiel keeps the creator until process exit, and a plain
    # function held there aborts the interpreter's shutdown.
    def __init__(self: MeepleSpielGame, params: dict[str, Any] | None = None) -> None:
        MeepleSpielGame.__init__(self, name, params)

    return type(f"MeepleSpielGame_{name}", (MeepleSpielGame,), {"__init__": __init__})


REGISTERED = register_all()
