"""OpenSpiel adapter: importing this module registers ``gameshelf_<game>`` Python games.

``pyspiel.load_game("gameshelf_borealis(players=3,board_side=II)")``: the parameters are
``players`` (default: the smallest count), every game option (strings, defaults as in the game)
and ``deals``. Traits are the game's own: sequential, imperfect information, explicit chance.
Every installed game is registered; :func:`register_game` registers any other Game object.
``max_game_length`` is the game's bound for the configuration (``Game.max_game_length``) plus the
deal; a configuration without a bound (Borealis with ``max_rounds=none``) is refused with a
BadOption, since OpenSpiel needs one.

Chance: a gameshelf game draws all its randomness from one seeded stream, so the model here puts
one chance node at the root that picks the deal (the setup seed) uniformly among ``deals`` seeds
(default 4096); every later random event (draws, dice, reshuffles) follows from it and stays
hidden, exactly as in the engine. ``resample_from_infostate`` deals the hidden parts anew with
``game.determinize`` (so ISMCTS never sees the true state).

Observation: the string is the seat's view as canonical JSON, the tensor the gameshelf.rl.encode
vector of that view (Markov: what the seat sees now).

Information state (perfect recall): the string holds everything the seat has seen and done since
the deal, one line per move: the seat's own action (its notation; ``.`` for another seat's move)
and a digest of the seat's view after it (the first 16 hex digits of the SHA-256 of its canonical
JSON), then the current view in full. Two histories the seat can tell apart (a view differed at
some point, or it chose differently) give different strings; two it cannot give the same. The
record is kept from the first request on (rebuilt once by replaying the history). A state from
``resample_from_infostate(seat)`` keeps ``seat``'s record; the other seats' pasts are unknown in
the dealt world, so their records restart there (a ``resampled`` line). No information-state
tensor is provided (a fixed-size perfect-recall tensor would bound the history).

Actions are the ids of gameshelf.rl.actions. Returns are final and rank-based in [-1, 1]
(gameshelf.rl.pettingzoo); a solo game returns its score / 100.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadOption
from gameshelf.core.game import Game
from gameshelf.games import all_games
from gameshelf.rl.actions import action_space
from gameshelf.rl.encode import encoder
from gameshelf.rl.pettingzoo import final_rewards

DEALS = 4096
SOLO_MAX = 2.0      # a solo game returns score / 100 (gameshelf.rl.pettingzoo.final_rewards)
Sampler = Any


def short_name(game_id: str) -> str:
    return f"gameshelf_{game_id}"


def _param(option) -> str | int:
    """OpenSpiel reads ``100`` in a game string as an int: an option whose default is a number is
    an int parameter (0 standing for a ``none`` choice); the others are strings."""
    return int(option.default) if option.default.isdigit() else option.default


def _option_value(option, value: object) -> str:
    if option.default.isdigit() and str(value) == "0" and "none" in option.choices:
        return "none"
    return str(value)


def _game_type(game) -> pyspiel.GameType:
    info = game.info
    params = {"players": min(info.player_counts), "deals": DEALS,
              **{option.name: _param(option) for option in info.options}}
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"gameshelf {info.titles['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if info.traits.chance
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION if info.traits.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class GameshelfSpielGame(pyspiel.Game):
    """A gameshelf game under OpenSpiel (see the module docstring)."""

    gameshelf_game: Game

    def __init__(self, params: dict | None = None) -> None:
        game = self.gameshelf_game
        self.gs = game
        params = dict(params or {})
        self.players = int(params.get("players", min(game.info.player_counts)))
        self.deals = int(params.get("deals", DEALS))
        self.options = {o.name: _option_value(o, params.get(o.name, o.default)) for o in game.info.options}
        game.setup(self.players, self.options, 0)       # validates
        self.space = action_space(game, self.players, self.options)
        self.encoder = encoder(game, self.players, self.options)
        length = game.max_game_length(self.players, self.options)
        if length is None:
            chosen = ", ".join(f"{o.name}={self.options[o.name]}" for o in game.info.options
                               if self.options[o.name] != o.default)
            raise BadOption(f"{game.id} with {self.players} players and {chosen or 'the default options'} has no "
                            "bound on its length, and OpenSpiel needs one (max_game_length): choose options "
                            "that bound the game")
        info = pyspiel.GameInfo(num_distinct_actions=self.space.size, max_chance_outcomes=self.deals,
                                num_players=self.players, min_utility=-1.0,
                                max_utility=SOLO_MAX if self.players == 1 else 1.0,
                                max_game_length=length + 1)
        super().__init__(_game_type(game), info, params)

    def new_initial_state(self) -> "GameshelfSpielState":
        return GameshelfSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "Observer | RecallObserver":
        """The information-state observer for a perfect-recall type, else the observation's."""
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return RecallObserver()
        return Observer(self)


class GameshelfSpielState(pyspiel.State):
    """A pyspiel state wrapping a gameshelf state (``None`` before the deal).

    Its ``__dict__`` holds only plain data (OpenSpiel copies it when it clones a Python state);
    the games are reached through ``get_game()``.
    """

    @property
    def sg(self) -> "GameshelfSpielGame":
        return self.get_game()

    @property
    def gs(self):
        return self.get_game().gs

    def __init__(self, game: GameshelfSpielGame) -> None:
        super().__init__(game)
        self.state = None
        self._replay: list[int] | None = None
        self._recall: list[list[str]] | None = None      # per seat, once an information state is asked for

    def __deepcopy__(self, memo) -> "GameshelfSpielState":
        """OpenSpiel clones Python states with deepcopy: the pyspiel history is replayed without
        running the rules (the players are known), and the gameshelf state is copied cheaply."""
        clone = GameshelfSpielState(self.get_game())
        moves = list(self.full_history())
        clone._replay = [m.player for m in moves]
        for move in moves:
            clone.apply_action(move.action)
        clone._replay = None
        clone.state = None if self.state is None else self.gs.copy(self.state)
        clone._recall = None if self._recall is None else [list(lines) for lines in self._recall]
        return clone

    def current_player(self) -> int:
        if self._replay is not None:
            return self._replay[self._replayed]
        if self.state is None:
            return pyspiel.PlayerId.CHANCE
        seat = self.gs.to_act(self.state)
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.sg.space.ids(self.gs.legal_actions(self.state)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.sg.deals
        return [(i, p) for i in range(self.sg.deals)]

    _replayed = 0

    def _apply_action(self, action: int) -> None:
        if self._replay is not None:
            self._replayed += 1
            return
        if self.state is None:
            self.state = self.gs.setup(self.sg.players, self.sg.options, int(action))
            mover = None
        else:
            mover = self.gs.to_act(self.state)
            self.gs.apply(self.state, self.sg.space.actions[action])
        if self._recall is not None:
            self._remember(self._recall, mover, action)

    # ---- perfect recall -----------------------------------------------------------------------
    def _remember(self, recall: list[list[str]], mover: int | None, action: int) -> None:
        """One line per seat for the move just made (``mover`` None: the deal)."""
        for seat, lines in enumerate(recall):
            did = "deal" if mover is None else self.sg.space.notations[action] if seat == mover else "."
            lines.append(f"{did} {self.view_digest(seat)}")

    def _recall_lines(self) -> list[list[str]]:
        """Every seat's record, rebuilt by replaying the history the first time it is needed."""
        if self._recall is None:
            replay = GameshelfSpielState(self.get_game())
            replay._recall = [[] for _ in range(self.sg.players)]
            for move in self.full_history():
                replay.apply_action(move.action)
            self._recall = replay._recall
        return self._recall

    def view_digest(self, seat: int) -> str:
        """The first 16 hex digits of the SHA-256 of ``seat``'s view as canonical JSON."""
        return hashlib.sha256(self.view_string(seat).encode()).hexdigest()[:16]

    def information_string(self, player: int) -> str:
        """``player``'s perfect-recall information state (see the module docstring)."""
        if self.state is None:
            return "deal pending"
        return "\n".join([*self._recall_lines()[player], self.view_string(player)])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.sg.space.notations[action]

    def is_terminal(self) -> bool:
        return self.state is not None and self.gs.is_over(self.state)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.sg.players
        return final_rewards(self.gs.outcome(self.state), "rank")

    def resample_from_infostate(self, player_id: int, probability_sampler: Sampler) -> "GameshelfSpielState":
        """A state ``player_id`` cannot tell from this one: its view, hidden parts dealt anew."""
        if self.state is None:
            return self.clone()
        self._recall_lines()
        clone = self.clone()
        seed = int(probability_sampler() * 2**53)
        clone.state = self.gs.determinize(self.gs.view(self.state, player_id), Chance(seed))
        for seat, lines in enumerate(clone._recall):
            if seat != player_id:
                lines[:] = [f"resampled {clone.view_digest(seat)}"]
        return clone

    def view_string(self, player: int) -> str:
        if self.state is None:
            return "deal pending"
        return json.dumps(self.gs.view(self.state, player), sort_keys=True, separators=(",", ":"),
                          ensure_ascii=False)

    def __str__(self) -> str:
        return "deal pending" if self.state is None else self.view_string(None)


class Observer:
    """OpenSpiel's PyObserver: the encoder's vector (``tensor``) and the view as a string."""

    def __init__(self, game: GameshelfSpielGame) -> None:
        self.game = game
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GameshelfSpielState, player: int) -> None:
        if state.state is None:
            self.tensor.fill(0.0)
        else:
            self.game.encoder.encode_state(state.gs, state.state, player, out=self.tensor)

    def string_from(self, state: GameshelfSpielState, player: int) -> str:
        return state.view_string(player)


class RecallObserver:
    """OpenSpiel's PyObserver for the perfect-recall information state: a string, no tensor."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: GameshelfSpielState, player: int) -> None:
        pass

    def string_from(self, state: GameshelfSpielState, player: int) -> str:
        return state.information_string(player)


def register_game(game: Game) -> str:
    """Register ``game`` (any Game object) as ``gameshelf_<id>`` unless that name is taken;
    returns the short name."""
    name = short_name(game.id)
    if name not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(game), _factory(game))
    return name


def register() -> list[str]:
    """Register every installed game; returns the short names."""
    return [register_game(game) for game in all_games()]


def _factory(game: Game) -> type:
    """A class per game (pyspiel keeps the class it registers; a plain closure there crashes the
    interpreter at exit)."""
    name = "Gameshelf" + "".join(part.title() for part in game.id.split("_")) + "Game"
    cls = type(name, (GameshelfSpielGame,), {"gameshelf_game": game, "__module__": __name__})
    globals()[name] = cls
    return cls


REGISTERED = register()


# ---- OpenSpiel's own bots against gameshelf's (a short match, for bench/RESULTS.md) -----------------
def ismcts_bot(game: GameshelfSpielGame, sims: int, seed: int, rollouts: int = 1):
    """OpenSpiel's ISMCTS with random rollouts, keyed by our information-state strings."""
    from open_spiel.python.algorithms import ismcts, mcts
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng)
    return ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=sims, random_state=rng,
                            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)


def play_game(game: GameshelfSpielGame, bots: dict[int, Any], seed: int) -> GameshelfSpielState:
    """One game: ``bots[seat]`` is a pyspiel bot (``step(state)``) or a gameshelf agent
    (``choose(game, view, legal)``); the deal is ``seed`` modulo ``deals``."""
    state = game.new_initial_state()
    state.apply_action(seed % game.deals)
    while not state.is_terminal():
        seat = state.current_player()
        bot = bots[seat]
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif hasattr(bot, "choose"):
            gs, s = game.gs, state.state
            action = game.space.id(bot.choose(gs, gs.view(s, seat), gs.legal_actions(s)))
        else:
            action = bot.step(state)
        state.apply_action(action)
    return state


def match(game_id: str, sims: int, opponent: str, games: int, seed: int = 0, players: int = 2) -> dict[str, Any]:
    """OpenSpiel ISMCTS (``sims`` simulations) against a gameshelf agent spec, seats alternating."""
    from gameshelf.agents import make_agent
    game = pyspiel.load_game(f"{short_name(game_id)}(players={players})")
    rows = []
    for g in range(games):
        spiel_seat = g % players
        bots = {s: make_agent(opponent, seed * 1000 + g * 10 + s) for s in range(players)}
        bots[spiel_seat] = ismcts_bot(game, sims, seed * 1000 + g)
        state = play_game(game, bots, seed * 1000 + g)
        outcome = game.gs.outcome(state.state)
        rows.append({"seat": spiel_seat, "rank": outcome.ranks[spiel_seat], "scores": list(outcome.scores),
                     "return": state.returns()[spiel_seat]})
    return {"game": game_id, "sims": sims, "opponent": opponent, "games": rows,
            "wins": sum(r["rank"] == 1 for r in rows)}
