"""The fixed action space and the observation vector of the RL environment.

Both are built from what one seat may know: a :class:`~gostop.engine.Observation`
(``hand.observation(seat)``), the legal actions of the seat when it decides, and the rules
(public). Nothing here looks at a :class:`~gostop.engine.Hand`. The layout of the vector and the
name of every action index are documented in ``docs/rl.md``; :data:`ACTION_NAMES` and
:func:`observation_names` give them in code.

Action space (``Discrete(N_ACTIONS)``), in index order:

* ``play CC`` for the 48 month cards, then ``play JK1``, ``play JK2``, ``play JK3``, ``play JKB``,
  ``play JKX``, ``play JKP`` (a joker of that type; copies of one type are interchangeable and the
  lowest copy in hand is played);
* ``pick CC`` for the 48 month cards, then ``pick JK1`` .. ``pick JKP``;
* ``reveal JK1`` .. ``reveal JKP``;
* ``bomb MM``, ``grenade MM``, ``shake MM``, ``show-quad MM`` for months 01..12;
* ``skip``, ``offer-shodang``, ``accept``, ``refuse``, ``go``, ``stop``, ``chongtong``,
  ``continue``, ``yell``, ``no-yell``;
* ``surrender`` classes, named by the sorted junk values given (``surrender 1``,
  ``surrender 1+1``, ``surrender 2+1``, ``surrender 1+1+1`` ...; values 0..3). The engine lists
  every set of junk cards that pays a debt (EVT-7); the environment groups them by the values
  they give, and an index stands for the first set of its class in card order (the lowest
  cards). Cards of equal junk value count the same for every score, so nothing of the score is
  lost by the grouping.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from gostop.cards import MONTH_CARDS, Card, Kind, parse_card
from gostop.engine import Action, Observation
from gostop.rules import KNOBS, PRESET_NAMES, Knob, Rules
from gostop.scoring import junk_value

__all__ = [
    "ACTION_NAMES",
    "N_ACTIONS",
    "OBS_SIZE",
    "STAGE_NAMES",
    "KNOB_OBS_START",
    "ActionCodec",
    "encode_observation",
    "knob_vector",
    "observation_names",
]

JOKER_TYPES = "123BXP"
#: The 48 month cards in deck-index order.
CARD_CODES: list[str] = [c.code for c in sorted(MONTH_CARDS, key=lambda c: c.sort_key)]
JOKER_CODES: list[str] = [f"JK{t}" for t in JOKER_TYPES]

_SIMPLE = ("skip", "offer-shodang", "accept", "refuse", "go", "stop", "chongtong", "continue", "yell", "no-yell")
SURRENDER_CLASSES: list[tuple[int, ...]] = [
    tuple(sorted(c, reverse=True)) for n in (1, 2, 3) for c in combinations_with_replacement(range(4), n)
]


def _action_names() -> list[str]:
    names: list[str] = []
    names += [f"play {c}" for c in CARD_CODES + JOKER_CODES]
    names += [f"pick {c}" for c in CARD_CODES + JOKER_CODES]
    names += [f"reveal {c}" for c in JOKER_CODES]
    for kind in ("bomb", "grenade", "shake", "show-quad"):
        names += [f"{kind} {m:02d}" for m in range(1, 13)]
    names += list(_SIMPLE)
    names += ["surrender " + "+".join(str(v) for v in cls) for cls in SURRENDER_CLASSES]
    return names


#: The name of every action index.
ACTION_NAMES: tuple[str, ...] = tuple(_action_names())
N_ACTIONS = len(ACTION_NAMES)

_PLAY0 = 0
_PICK0 = 54
_REVEAL0 = 108
_MONTH0 = {"bomb": 114, "grenade": 126, "shake": 138, "show-quad": 150}
_SIMPLE0 = 162
_SURR0 = _SIMPLE0 + len(_SIMPLE)
_SIMPLE_INDEX = {name: _SIMPLE0 + i for i, name in enumerate(_SIMPLE)}
_SURR_INDEX = {cls: _SURR0 + i for i, cls in enumerate(SURRENDER_CLASSES)}
assert ACTION_NAMES[_PICK0] == "pick 01B" and ACTION_NAMES[_SURR0] == "surrender 0"


def _card_slot(card: Card) -> int:
    """0..47 for month cards, 48..53 for jokers (by type)."""
    if card.index is not None:
        return card.index
    assert card.joker_type is not None
    return 48 + JOKER_TYPES.index(card.joker_type.value)


class ActionCodec:
    """Maps the engine's legal actions to indices of the fixed space and back, for one rule set.

    ``mask(legal)`` gives the int8 action mask and remembers, for each legal index, the engine
    action it stands for; ``action(index)`` returns it. Use one codec per decision (call ``mask``
    first).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._index: dict[Action, int] = {}
        self._by_index: dict[int, Action] = {}

    def index_of(self, action: Action) -> int:
        """The index of an engine action (surrenders: their value class)."""
        found = self._index.get(action)
        if found is not None:
            return found
        kind = action.kind
        if kind in ("play", "pick", "reveal"):
            slot = _card_slot(parse_card(action.cards[0]))
            if kind == "reveal":
                idx = _REVEAL0 + slot - 48
            else:
                idx = (_PLAY0 if kind == "play" else _PICK0) + slot
        elif kind in _MONTH0:
            idx = _MONTH0[kind] + action.month - 1
        elif kind == "surrender":
            values = sorted(
                (min(3, junk_value(self.rules, parse_card(c), flex_as_junk=True)) for c in action.cards),
                reverse=True,
            )
            idx = _SURR_INDEX[tuple(values)]
        else:
            idx = _SIMPLE_INDEX[kind]
        self._index[action] = idx
        return idx

    def mask(self, legal: Sequence[Action]) -> np.ndarray:
        """The action mask of ``legal`` (1 = legal); remembers which action each index means.

        Among several engine actions of one index (joker copies, surrenders of one class), the
        first in the engine's order wins (lowest cards first).
        """
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        by_index: dict[int, Action] = {}
        for a in legal:
            i = self.index_of(a)
            if i not in by_index:
                by_index[i] = a
                mask[i] = 1
        self._by_index = by_index
        return mask

    def action(self, index: int) -> Action:
        """The engine action of a legal index of the last :meth:`mask`.

        Raises:
            ValueError: the index is not legal now.
        """
        found = self._by_index.get(int(index))
        if found is None:
            name = ACTION_NAMES[index] if 0 <= int(index) < N_ACTIONS else str(index)
            legal = ", ".join(ACTION_NAMES[i] for i in sorted(self._by_index))
            raise ValueError(f"action {index} ({name}) is not legal now; legal: {legal}")
        return found


# -- observation vector -----------------------------------------------------------------------

#: Decision stages of the engine, in the order of the one-hot block.
STAGE_NAMES = ("main", "pick-hand", "pick-stock", "answer-shodang", "yell", "surrender", "go-stop", "chongtong", "over")
_STAGE_INDEX = {s: i for i, s in enumerate(STAGE_NAMES)}

#: Card-location planes (54 slots each: 48 month cards then 6 joker types, as counts / 4).
PLANES = (
    "own hand",
    "layout",
    "in a layout stack",
    "own captures",
    "next seat captures",
    "second next seat captures",
    "next seat shown hand cards",
    "second next seat shown hand cards",
    "pending this turn",
    "pick choice",
    "card being placed",
    "unseen (stock or hidden hands)",
    "mission cards",
)
_N_PLANES = len(PLANES)
_SLOTS = 54
_CARD_BLOCK = _N_PLANES * _SLOTS

# Per relative seat (self, next, second next) numbers, scaled.
_SEAT_FEATURES = (
    ("hand size", 10.0),
    ("own turns", 10.0),
    ("goes", 5.0),
    ("last go points", 10.0),
    ("stop points", 10.0),
    ("skip allowance", 2.0),
    ("ppuk", 3.0),
    ("bombs", 2.0),
    ("exposed", 1.0),
    ("chips", 20.0),
    ("shots", 10.0),
    ("brights captured", 5.0),
    ("animals captured", 9.0),
    ("ribbons captured", 10.0),
    ("junk value captured", 20.0),
    ("is the mover", 1.0),
    ("decides now", 1.0),
    ("is debtor", 1.0),
    ("is creditor", 1.0),
    ("present", 1.0),
)
_MONTH_FEATURES = ("declared months", "shown quads")

_SCALARS = (
    ("turn", 30.0),
    ("stock size", 30.0),
    ("three players", 1.0),
    ("stop target", 10.0),
    ("debt junk", 3.0),
    ("refusals", 3.0),
    ("mission multiplier", 8.0),
    ("nagari before", 3.0),
    ("boar pot", 10.0),
)


#: The presets with a bit of their own in the observation: the first five (a later preset, such
#: as matgo, has no bit, so that weights trained before it still fit; the knob block at the end
#: of the vector tells every preset and house rule apart).
ENCODED_PRESETS: tuple[str, ...] = tuple(p for p in PRESET_NAMES if p != "matgo")


def _knob_names(k: Knob) -> list[str]:
    """The entries of one knob in the knob block (see :func:`knob_vector`)."""
    if k.kind in ("bool", "int"):
        return [f"knob {k.name}"] + ([f"knob {k.name} is none"] if k.nullable else [])
    if k.kind in ("enum", "flex_card"):
        return [f"knob {k.name}={c}" for c in k.choices] + ([f"knob {k.name} is none"] if k.nullable else [])
    if k.kind == "int_or_target":
        return [f"knob {k.name}", f"knob {k.name}=target"]
    if k.kind == "jokers":
        return [f"knob {k.name} JK{t}" for t in JOKER_TYPES]
    if k.kind == "int_pair":
        return [f"knob {k.name} low", f"knob {k.name} high"]
    raise ValueError(f"knob {k.name}: kind {k.kind} has no encoding")  # a new kind: encode it here


def _knob_values(k: Knob, value: Any) -> list[float]:
    """One knob's value as the numbers named by :func:`_knob_names` (integers over 10, clipped
    to [-10, 10]; choices one-hot; jokers counted per type over 4)."""

    def num(v: Any) -> float:
        return float(min(10.0, max(-10.0, float(v) / 10.0)))

    none = [float(value is None)] if k.nullable else []
    if k.kind == "bool":
        return [float(bool(value))] + none
    if k.kind == "int":
        return [0.0 if value is None else num(value)] + none
    if k.kind in ("enum", "flex_card"):
        return [float(value == c) for c in k.choices] + none
    if k.kind == "int_or_target":
        return [0.0, 1.0] if value == "target" else [num(value), 0.0]
    if k.kind == "jokers":
        kinds = [str(code).split("-")[0] for code in value]
        return [kinds.count(f"JK{t}") / 4.0 for t in JOKER_TYPES]
    low, high = value
    return [num(low), num(high)]


def observation_names() -> list[str]:
    """The name of every entry of the observation vector, in order."""
    names = [f"{plane}: {code}" for plane in PLANES for code in CARD_CODES + JOKER_CODES]
    names += [f"stage {s}" for s in STAGE_NAMES]
    for rel in ("self", "next", "second next"):
        names += [f"{rel} {name}" for name, _ in _SEAT_FEATURES]
    for rel in ("self", "next", "second next"):
        for what in _MONTH_FEATURES:
            names += [f"{rel} {what} {m:02d}" for m in range(1, 13)]
    names += [f"weol-yak month {m:02d}" for m in range(1, 13)]
    names += [name for name, _ in _SCALARS]
    names += [f"preset {p}" for p in ENCODED_PRESETS]
    for k in KNOBS.values():
        names += _knob_names(k)
    return names


OBS_SIZE = len(observation_names())
#: Where the knob block starts: every knob of the rules (RULES.md section 4), so that one policy
#: can tell any table's rules apart, presets and house rules alike. Networks trained before the
#: block existed read the vector up to here (:class:`gostop.rl.learned.PolicyNet`).
KNOB_OBS_START = next(i for i, name in enumerate(observation_names()) if name.startswith("knob "))
_KNOB_CACHE: dict[int, tuple[Rules, np.ndarray]] = {}


def knob_vector(rules: Rules) -> np.ndarray:
    """The knob block of the observation for ``rules`` (float32, computed once per rules object)."""
    found = _KNOB_CACHE.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    vals: list[float] = []
    for k in KNOBS.values():
        vals += _knob_values(k, getattr(rules, k.name))
    vec = np.array(vals, dtype=np.float32)
    vec.setflags(write=False)
    if len(_KNOB_CACHE) > 256:
        _KNOB_CACHE.clear()
    _KNOB_CACHE[id(rules)] = (rules, vec)
    return vec
_STAGE0 = _CARD_BLOCK
_SEAT0 = _STAGE0 + len(STAGE_NAMES)
_NSF = len(_SEAT_FEATURES)
_MONTHS0 = _SEAT0 + 3 * _NSF
_WEOL0 = _MONTHS0 + 3 * 24
_SCAL0 = _WEOL0 + 12
_PRESET0 = _SCAL0 + len(_SCALARS)
_PRESET_INDEX = {p: i for i, p in enumerate(ENCODED_PRESETS)}
_SEAT_SCALE = np.array([1.0 / s for _, s in _SEAT_FEATURES], dtype=np.float32)
_SCAL_SCALE = np.array([1.0 / s for _, s in _SCALARS], dtype=np.float32)
_PLANE = {name: i * _SLOTS for i, name in enumerate(PLANES)}


def _put(vec: np.ndarray, base: int, cards: Sequence[Card]) -> None:
    for c in cards:
        i = c.index
        if i is not None:
            vec[base + i] = 1.0
        else:
            vec[base + _card_slot(c)] += 0.25


def encode_observation(obs: Observation, rules: Rules, out: np.ndarray | None = None) -> np.ndarray:
    """The float32 observation vector of ``obs`` (see ``docs/rl.md`` and :func:`observation_names`).

    Seats are relative to ``obs.seat``: slot 0 is the seat itself, slot 1 the next seat in play
    order, slot 2 the one after (always empty in 2-player hands).
    """
    vec = np.zeros(OBS_SIZE, dtype=np.float32) if out is None else out
    if out is not None:
        vec.fill(0.0)
    n = obs.players
    seat = obs.seat
    rel_seats = [(seat + r) % n for r in range(n)]
    _put(vec, _PLANE["own hand"], obs.hand)
    _put(vec, _PLANE["layout"], obs.layout)
    for st in obs.stacks:
        _put(vec, _PLANE["in a layout stack"], st.cards)
    cap_planes = (_PLANE["own captures"], _PLANE["next seat captures"], _PLANE["second next seat captures"])
    for r, s in enumerate(rel_seats):
        _put(vec, cap_planes[r], obs.captures[s])
    if n > 1:
        _put(vec, _PLANE["next seat shown hand cards"], obs.shown_hand_cards[rel_seats[1]])
    if n > 2:
        _put(vec, _PLANE["second next seat shown hand cards"], obs.shown_hand_cards[rel_seats[2]])
    _put(vec, _PLANE["pending this turn"], obs.pending)
    _put(vec, _PLANE["pick choice"], obs.choice)
    if obs.choosing_for is not None:
        _put(vec, _PLANE["card being placed"], (obs.choosing_for,))
    if obs.mission is not None:
        _put(vec, _PLANE["mission cards"], [parse_card(c) for c in obs.mission[1]])
    # Unseen month cards: not in any place this seat can see.
    seen = np.zeros(48, dtype=bool)
    for plane in ("own hand", "layout", "pending this turn", "card being placed"):
        b = _PLANE[plane]
        seen |= vec[b : b + 48] > 0
    for b in cap_planes:
        seen |= vec[b : b + 48] > 0
    for plane in ("next seat shown hand cards", "second next seat shown hand cards"):
        b = _PLANE[plane]
        seen |= vec[b : b + 48] > 0
    u = _PLANE["unseen (stock or hidden hands)"]
    vec[u : u + 48] = ~seen
    vec[_STAGE0 + _STAGE_INDEX[obs.stage]] = 1.0
    debt = obs.debt
    feats = np.zeros((3, _NSF), dtype=np.float32)
    for r, s in enumerate(rel_seats):
        f = feats[r]
        caps = obs.captures[s]
        brights = animals = ribbons = junk = 0
        for c in caps:
            k = c.kind
            if k is Kind.BRIGHT:
                brights += 1
            elif k is Kind.ANIMAL:
                animals += 1
            elif k is Kind.RIBBON:
                ribbons += 1
            else:
                junk += junk_value(rules, c)
        f[:] = (
            obs.hand_sizes[s],
            obs.own_turns[s],
            obs.goes[s],
            obs.last_go_points[s],
            min(obs.stop_points[s], 30),
            obs.skip_allowance[s],
            obs.ppuk[s],
            obs.bombs[s],
            obs.exposed[s],
            max(-100, min(100, obs.chips[s])),
            min(obs.shots[s], 30),
            brights,
            animals,
            ribbons,
            junk,
            obs.mover == s,
            obs.current_player == s,
            debt is not None and debt["debtor"] == s,
            debt is not None and debt["creditor"] == s,
            1.0,
        )
        base = _MONTHS0 + r * 24
        for m in obs.declared_months[s]:
            vec[base + m - 1] = 1.0
        for m in obs.shown_quads[s]:
            vec[base + 12 + m - 1] = 1.0
    vec[_SEAT0 : _SEAT0 + 3 * _NSF] = (feats * _SEAT_SCALE).ravel()
    if obs.weol_yak_month:
        vec[_WEOL0 + obs.weol_yak_month - 1] = 1.0
    scal = np.array(
        (
            obs.turn,
            obs.stock_size,
            n == 3,
            rules.stop_target(n),
            0 if debt is None else debt["junk"],
            len(obs.refusals),
            0 if obs.mission is None else obs.mission[2],
            obs.nagari_before,
            obs.boar_pot,
        ),
        dtype=np.float32,
    )
    vec[_SCAL0 : _SCAL0 + len(_SCALARS)] = scal * _SCAL_SCALE
    p = _PRESET_INDEX.get(rules.preset)
    if p is not None:
        vec[_PRESET0 + p] = 1.0
    vec[KNOB_OBS_START:] = knob_vector(rules)
    return vec
