"""Hand records: a versioned JSON record of one hand, and its replay (docs/record-format.md).

A record holds everything needed to play a hand again, move for move: the rules (preset plus
overrides), the number of players, the deal (a seed, an explicit deal, or both) and every action
in order, as the text forms of :class:`gostop.engine.Action`. Replaying it through the engine
gives the same events and the same result every time::

    record = load_record("hand.json")
    hand, steps = replay(record)          # steps: [(action, events), ...]
    hand.result                           # HandResult, or None for an unfinished record

Everything that is wrong with a record (malformed JSON, an unknown card, a deal that is not a
permutation of the deck, an illegal action) raises :class:`RecordError` with one message for
people; an illegal action is named by its 0-based index.

The file format is ``{"format": "gostop-hand", "version": 1, ...}``. A match record (a series of
hands) will be a different ``format`` value; :func:`parse_record` rejects formats and versions it
does not know with a clear message.

This module is in the "game" layer: it imports the engine, rules and cards, and prints nothing.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gostop.cards import Card, CardCodeError, deck_cards, parse_card
from gostop.engine import (
    Action,
    ActionParseError,
    DealError,
    Event,
    Hand,
    HandResult,
    IllegalActionError,
)
from gostop.engine.deal import MISSIONS, deal_sizes, shuffled_order, split_deal
from gostop.errors import GostopError
from gostop.limits import (
    MAX_MISSION_MULTIPLIER,
    MAX_NAGARI_BEFORE,
    MAX_NESTING,
    MAX_POT,
    MAX_PUSHES,
    MAX_SEED,
    clip,
    decode_json,
    nesting_depth,
    nesting_message,
)
from gostop.rules import Rules, RulesError

__all__ = [
    "FORMAT",
    "VERSION",
    "RecordError",
    "ReplayError",
    "Deal",
    "HandRecord",
    "Step",
    "deal_from_seed",
    "check_players",
    "check_cut",
    "fill_deal",
    "fill_record",
    "record_hand",
    "parse_record",
    "load_record",
    "loads_record",
    "dump",
    "dump_in_place",
    "write_atomically",
    "dumps",
    "replay",
    "result_summary",
    "result_json",
]

FORMAT = "gostop-hand"
VERSION = 1
#: Top-level keys of a version-1 hand record (anything else is a mistake, not a silent extra).
_KEYS = frozenset(
    {
        "format",
        "version",
        "title",
        "notes",
        "rules",
        "players",
        "seats",
        "seed",
        "cut",
        "deal",
        "nagari_before",
        "boar_pot",
        "pushes",
        "weol_yak_month",
        "mission",
        "actions",
        "result",
        "expect",
    }
)
_RESULT_KEYS = ("winner", "nagari", "void", "reason", "points", "chips", "shots")


class RecordError(GostopError, ValueError):
    """A record that cannot be read or replayed; the message names the problem for people."""


# -- the deal ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """An explicit deal: hand cards per seat (seat 0 = dealer), the layout, the stock top first.

    Cards are codes. The deal is the one *before* the DEAL-4 checks (layout jokers are still on
    the layout, DEAL-5; the engine runs the checks when the hand is built).
    """

    hands: tuple[tuple[str, ...], ...]
    layout: tuple[str, ...]
    stock: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "layout": list(self.layout),
            "stock": list(self.stock),
        }

    def cards(self) -> list[str]:
        """Every card of the deal (hands, layout, stock)."""
        return [c for h in self.hands for c in h] + list(self.layout) + list(self.stock)


def _deal_sizes(players: int) -> tuple[int, int]:
    """Cards per hand and layout cards of DEAL-2 (RecordError for other player counts)."""
    try:
        return deal_sizes(players)
    except DealError as exc:
        raise RecordError(str(exc)) from None


def check_players(rules: Rules, players: int) -> None:
    """GEN-7 (``two_player_only``, the matgo preset), in plain words: RecordError when the
    rules are not played by ``players`` active players -- before a deal is made or written, so
    that ``gostop deal`` never writes a record that ``gostop replay`` refuses."""
    if rules.two_player_only and players != 2:
        raise RecordError(
            f"the {rules.preset} rules are for 2 players only, not {clip(players)}; "
            "use 2 players or another preset (gostop rules list)"
        )


def check_cut(deck_size: int, cut: int | None) -> None:
    """DEAL-1: a cut moves 1 to ``deck_size - 1`` cards from the top to the bottom (RecordError
    otherwise; ``None`` is no cut). A cut of 0 is refused, not taken as no cut."""
    if cut is None:
        return
    if not isinstance(cut, int) or isinstance(cut, bool) or not 1 <= cut < deck_size:
        raise RecordError(
            f"a cut moves 1 to {deck_size - 1} cards from the top of the {deck_size}-card deck to "
            f"the bottom, got {clip(cut)}"
        )


def deal_from_seed(rules: Rules, players: int, seed: int, cut: int | None = None) -> Deal:
    """The deal a seed produces: exactly the deal of the engine's ``Hand.new``.

    The procedure (:mod:`gostop.engine.deal`): ``random.Random(seed).shuffle`` of
    ``deck_cards(rules.jokers)`` in deck order, the first card of the shuffled list on top; a cut
    of depth c (DEAL-1) moves the top c cards to the bottom; cards are dealt from the top in the
    packets of DEAL-2 (``deal_order``); what is left is the stock, top first.
    """
    deck = [c.code for c in deck_cards(rules.jokers)]
    _deal_sizes(players)
    check_players(rules, players)  # GEN-7
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"a seed is an integer, got {clip(seed)}")
    _check_range("seed", seed, 0, MAX_SEED)
    check_cut(len(deck), cut)  # DEAL-1
    try:
        order = shuffled_order(len(deck), random.Random(seed), cut)
    except DealError as exc:
        raise RecordError(str(exc)) from None
    hands, layout, stock = split_deal(order, players, rules.deal_order)
    return Deal(
        tuple(tuple(deck[i] for i in h) for h in hands),
        tuple(deck[i] for i in layout),
        tuple(deck[i] for i in stock),
    )


def fill_deal(
    rules: Rules,
    players: int,
    hands: Mapping[int, Iterable[str]] | Sequence[Iterable[str]] = (),
    layout: Iterable[str] = (),
    stock: Iterable[str] = (),
    stock_bottom: Iterable[str] = (),
) -> Deal:
    """Build a complete deal from the cards you care about; the rest is filled deterministically.

    ``hands`` gives some cards of some seats (a mapping seat -> cards or a list per seat),
    ``layout`` some layout cards, ``stock`` the top of the stock (top first) and ``stock_bottom``
    the last cards of the stock (last card last). Every other card of the deck goes, in a fixed
    order that spreads the months out (the first card of each month, then the second ...), to the
    free places: seat 0's hand, seat 1's hand, ..., the layout, then the middle of the stock.
    Meant for tests and examples; it raises :class:`RecordError` if a card is unknown or placed
    twice, if a place gets too many cards, or if the filled deal gives a hand four cards of one
    month that you did not place there yourself (an accidental chongtong) or puts three or four
    cards of a month on the layout that you did not ask for.
    """
    per_hand, per_layout = _deal_sizes(players)
    check_players(rules, players)  # GEN-7
    deck = [c.code for c in deck_cards(rules.jokers)]
    hand_lists: list[list[str]] = [[] for _ in range(players)]
    items = hands.items() if isinstance(hands, Mapping) else enumerate(hands)
    for seat, cards in items:
        if not 0 <= seat < players:
            raise RecordError(f"seat {seat} does not exist with {players} players")
        hand_lists[seat] = list(cards)
    lay = list(layout)
    top = list(stock)
    bottom = list(stock_bottom)
    placed = [c for h in hand_lists for c in h] + lay + top + bottom
    deck_set = set(deck)
    for code in placed:
        _check_code(code, "fill_deal")
        if code not in deck_set:
            raise RecordError(f"card {code} is not in the deck of these rules (jokers: {_listed(rules.jokers)})")
    dupes = sorted(c for c, n in Counter(placed).items() if n > 1)
    if dupes:
        raise RecordError(f"cards placed twice: {_listed(dupes)}")
    for seat, h in enumerate(hand_lists):
        if len(h) > per_hand:
            raise RecordError(f"seat {seat} gets {len(h)} cards, a hand holds {per_hand}")
    if len(lay) > per_layout:
        raise RecordError(f"layout gets {len(lay)} cards, the layout holds {per_layout}")
    stock_size = len(deck) - players * per_hand - per_layout
    if len(top) + len(bottom) > stock_size:
        raise RecordError(f"stock gets {len(top) + len(bottom)} cards, it holds {stock_size}")
    used = set(placed)

    def spread_key(code: str) -> tuple[int, int, int]:
        card = parse_card(code)
        if card.index is None:
            return (9, 0, deck.index(code))
        return (card.index % 4, card.month, 0)

    rest = sorted((c for c in deck if c not in used), key=spread_key)
    wanted_hands = [list(h) for h in hand_lists]
    wanted_layout = list(lay)
    for h in hand_lists:
        while len(h) < per_hand:
            h.append(rest.pop(0))
    while len(lay) < per_layout:
        lay.append(rest.pop(0))
    middle = rest
    deal = Deal(tuple(tuple(h) for h in hand_lists), tuple(lay), tuple(top + middle + bottom))
    for seat, h in enumerate(hand_lists):
        for month, n in _month_counts(h).items():
            if n == 4 and _month_counts(wanted_hands[seat]).get(month, 0) < 4:
                raise RecordError(
                    f"the filled deal gives seat {seat} all four cards of month {month} "
                    f"(chongtong); place more cards of seat {seat} yourself"
                )
    asked = _month_counts(wanted_layout)
    for month, n in _month_counts(lay).items():
        if n >= 3 and asked.get(month, 0) < n:
            raise RecordError(
                f"the filled deal puts {n} cards of month {month} on the layout; "
                "place the layout cards yourself"
            )
    return deal


def _month_counts(codes: Iterable[str]) -> dict[int, int]:
    out: dict[int, int] = {}
    for code in codes:
        month = parse_card(code).month
        if month:
            out[month] = out.get(month, 0) + 1
    return out


def _listed(codes: Sequence[str], most: int = 12) -> str:
    """Card codes for a message: the first ``most`` of them, then how many more."""
    shown = " ".join(codes[:most])
    return shown + (f" and {len(codes) - most} more" if len(codes) > most else "")


def _check_range(name: str, value: int, low: int, high: int) -> None:
    """A record count within its sane range (gostop.limits), else :class:`RecordError`."""
    if not low <= value <= high:
        raise RecordError(f"'{name}' must be from {low} to {high}, got {clip(value)}")


def _check_code(code: object, where: str) -> Card:
    if not isinstance(code, str):
        raise RecordError(f"{where}: a card must be a code string, got {clip(code)}")
    if len(code) > 40:
        raise RecordError(f"{where}: unknown card code {clip(code)}")
    try:
        card = parse_card(code)
    except CardCodeError as exc:
        raise RecordError(f"{where}: {exc}") from None
    if card.code != code:
        raise RecordError(f"{where}: {clip(code)} is a card name, records use codes ({card.code})")
    return card


def _check_deal(rules: Rules, players: int, deal: Deal) -> None:
    """The deal has the right sizes and is a permutation of the deck of ``rules``."""
    per_hand, per_layout = _deal_sizes(players)
    if len(deal.hands) != players:
        raise RecordError(f"deal.hands has {len(deal.hands)} hands, the record has {players} players")
    for seat, h in enumerate(deal.hands):
        if len(h) != per_hand:
            raise RecordError(f"deal.hands[{seat}] has {len(h)} cards, a {players}-player hand holds {per_hand}")
    if len(deal.layout) != per_layout:
        raise RecordError(f"deal.layout has {len(deal.layout)} cards, a {players}-player layout has {per_layout}")
    deck = [c.code for c in deck_cards(rules.jokers)]
    cards = deal.cards()
    for code in cards:
        _check_code(code, "deal")
    seen: set[str] = set()
    twice = sorted({c for c in cards if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
    missing = [c for c in deck if c not in seen]
    extra = sorted(seen - set(deck))
    if twice or missing or extra:
        parts = []
        if twice:
            parts.append(f"dealt twice: {_listed(twice)}")
        if missing:
            parts.append(f"missing: {_listed(missing)}")
        if extra:
            parts.append(f"not in the deck (jokers {_listed(rules.jokers)}): {_listed(extra)}")
        raise RecordError(
            f"the deal is not a permutation of the {len(deck)}-card deck ({'; '.join(parts)})"
        )


# -- the record -------------------------------------------------------------------------------


@dataclass
class HandRecord:
    """One hand: rules, players, deal (seed and/or explicit), actions, optional result summary.

    ``actions`` are text forms (``"play 03B"``, ``"go"`` ...). ``result`` is the summary of
    :func:`result_summary`; when present, :func:`replay` checks that the replay reproduces it.
    ``boar_pot`` is the VAR-BOAR pot carried into the hand; ``weol_yak_month`` and ``mission``
    (``(name, multiplier)``) stand for the VAR-WEOLYAK-MONTH / VAR-MISSION draws of an explicit
    deal (a seeded deal draws them itself). ``pushes`` is the VAR-PUSH count of consecutive pushes
    before the hand (written only when not 0, so older records read back unchanged). ``expect`` is free data for test runners (the scenario
    records of ``tests/records``); replay ignores it. ``title`` and ``notes`` are free text.
    """

    rules: Rules
    players: int
    seed: int | None = None
    deal: Deal | None = None
    cut: int | None = None
    nagari_before: int = 0
    actions: list[str] = field(default_factory=list)
    seats: tuple[str, ...] | None = None
    boar_pot: int = 0
    weol_yak_month: int | None = None
    mission: tuple[str, int] | None = None
    result: dict[str, Any] | None = None
    title: str | None = None
    notes: str | None = None
    expect: dict[str, Any] | None = None
    pushes: int = 0

    def __post_init__(self) -> None:
        _deal_sizes(self.players)
        check_players(self.rules, self.players)  # GEN-7
        if self.seed is not None:
            _check_range("seed", self.seed, 0, MAX_SEED)
        _check_range("nagari_before", self.nagari_before, 0, MAX_NAGARI_BEFORE)
        _check_range("boar_pot", self.boar_pot, 0, MAX_POT)
        _check_range("pushes", self.pushes, 0, MAX_PUSHES)
        if self.seed is None and self.deal is None:
            raise RecordError("a record needs a seed, an explicit deal, or both")
        if self.deal is not None:
            _check_deal(self.rules, self.players, self.deal)
            if self.seed is not None and deal_from_seed(self.rules, self.players, self.seed, self.cut) != self.deal:
                raise RecordError(
                    f"the explicit deal is not the deal of seed {self.seed}"
                    + (f" with cut {self.cut}" if self.cut else "")
                    + "; drop one of them or fix it"
                )
        elif self.cut is not None:
            deal_from_seed(self.rules, self.players, self.seed or 0, self.cut)  # checks the depth
        if self.seats is not None and len(self.seats) != self.players:
            raise RecordError(f"seats names {len(self.seats)} players, the record has {self.players}")
        if (self.weol_yak_month is not None or self.mission is not None) and self.seed is not None:
            raise RecordError("weol_yak_month and mission go with an explicit deal only (a seed draws them)")
        if self.weol_yak_month is not None and not 1 <= self.weol_yak_month <= 12:
            raise RecordError(f"'weol_yak_month' must be 1..12, got {self.weol_yak_month}")
        if self.mission is not None and (
            self.mission[0] not in [name for name, _ in MISSIONS]
            or not 1 <= self.mission[1] <= MAX_MISSION_MULTIPLIER
        ):
            names = ", ".join(name for name, _ in MISSIONS)
            raise RecordError(
                f"'mission' must be {{'name', 'multiplier' from 1 to {MAX_MISSION_MULTIPLIER}}} "
                f"with a name among {names}"
            )

    @classmethod
    def from_hand(
        cls,
        hand: Hand,
        *,
        seed: int | None = None,
        deal: Deal | None = None,
        cut: int | None = None,
        seats: Sequence[str] | None = None,
        title: str | None = None,
    ) -> HandRecord:
        """Record a hand played so far (see :func:`record_hand`)."""
        return record_hand(hand, seed=seed, deal=deal, cut=cut, seats=seats, title=title)

    def get_deal(self) -> Deal:
        """The explicit deal, or the deal of the seed."""
        if self.deal is not None:
            return self.deal
        assert self.seed is not None
        return deal_from_seed(self.rules, self.players, self.seed, self.cut)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data (the keys of docs/record-format.md, in that order)."""
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.title is not None:
            out["title"] = self.title
        if self.notes is not None:
            out["notes"] = self.notes
        out["rules"] = self.rules.to_dict()
        out["players"] = self.players
        if self.seats is not None:
            out["seats"] = list(self.seats)
        if self.seed is not None:
            out["seed"] = self.seed
        if self.cut is not None:
            out["cut"] = self.cut
        if self.deal is not None:
            out["deal"] = self.deal.to_json()
        out["nagari_before"] = self.nagari_before
        if self.boar_pot:
            out["boar_pot"] = self.boar_pot
        if self.pushes:
            out["pushes"] = self.pushes
        if self.weol_yak_month is not None:
            out["weol_yak_month"] = self.weol_yak_month
        if self.mission is not None:
            out["mission"] = {"name": self.mission[0], "multiplier": self.mission[1]}
        out["actions"] = list(self.actions)
        if self.result is not None:
            out["result"] = self.result
        if self.expect is not None:
            out["expect"] = self.expect
        return out


def record_hand(
    hand: Hand,
    *,
    seed: int | None = None,
    deal: Deal | None = None,
    cut: int | None = None,
    seats: Sequence[str] | None = None,
    title: str | None = None,
    boar_pot: int = 0,
    weol_yak_month: int | None = None,
    mission: tuple[str, int] | None = None,
) -> HandRecord:
    """A record of ``hand`` as played so far: its rules, players, ``nagari_before``, history.

    Say how the hand was dealt: the ``seed`` (and ``cut``) given to ``Hand.new``, or the
    ``deal`` given to ``Hand.from_deal`` (with its ``boar_pot``, ``weol_yak_month``,
    ``mission`` if any). The result summary is included when the hand is over.
    """
    result = hand.result
    return HandRecord(
        rules=hand.rules,
        players=hand.players,
        seed=seed,
        deal=deal,
        cut=cut,
        nagari_before=hand.observation(0).nagari_before,
        pushes=hand.observation(0).pushes,
        actions=[str(a) for a in hand.history],
        seats=tuple(seats) if seats is not None else None,
        boar_pot=boar_pot,
        weol_yak_month=weol_yak_month,
        mission=mission,
        result=result_summary(result) if result is not None else None,
        title=title,
    )


# -- reading and writing ----------------------------------------------------------------------


def _int(
    data: Mapping[str, Any], key: str, *, minimum: int | None = None, maximum: int | None = None
) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"'{key}' must be an integer, got {clip(value)}")
    if minimum is not None and value < minimum:
        raise RecordError(f"'{key}' must be at least {minimum}, got {clip(value)}")
    if maximum is not None and value > maximum:
        raise RecordError(f"'{key}' must be at most {maximum}, got {clip(value)}")
    return value


def _codes(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list of card codes")
    for i, code in enumerate(value):
        _check_code(code, f"{where}[{i}]")
    return tuple(value)


def _check_format(data: dict[str, Any]) -> None:
    """A hand record says so: ``"format": "gostop-hand"`` (a match record is refused by name)."""
    fmt = data.get("format")
    if fmt != FORMAT:
        if fmt == "gostop-match":
            raise RecordError("this is a match record; a hand record is expected here ('format': 'gostop-hand')")
        raise RecordError(f"not a hand record: 'format' must be {FORMAT!r}, got {clip(fmt)}")


def parse_record(data: Any) -> HandRecord:
    """A :class:`HandRecord` from decoded JSON. Raises :class:`RecordError`."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if nesting_depth(data, MAX_NESTING) > MAX_NESTING:
        raise RecordError(nesting_message("the record"))
    _check_format(data)
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"'version' must be an integer, got {clip(version)}")
    if version > VERSION:
        raise RecordError(
            f"record version {clip(version)} is newer than this gostop understands (version {VERSION}); "
            "upgrade gostop to replay it"
        )
    if version < 1:
        raise RecordError(f"unknown record version {version}")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        shown = ", ".join(clip(k, 40) for k in unknown[:5]) + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
        raise RecordError(f"unknown key(s) in the record: {shown} (known: {', '.join(sorted(_KEYS))})")
    if "rules" not in data:
        raise RecordError("the record has no 'rules' ({'preset': ..., 'overrides': {...}})")
    try:
        rules = Rules.from_dict(data["rules"])
    except (RulesError, CardCodeError) as exc:
        raise RecordError(f"rules: {exc}") from None
    players = _int(data, "players")
    if players is None:
        raise RecordError("the record has no 'players' (2 or 3)")
    seats = data.get("seats")
    if seats is not None and (not isinstance(seats, list) or not all(isinstance(s, str) for s in seats)):
        raise RecordError("'seats' must be a list of names, seat 0 (the dealer) first")
    deal = None
    if data.get("deal") is not None:
        d = data["deal"]
        if isinstance(d, dict) and "stock_bottom" in d:
            raise RecordError(_PARTIAL_HINT.format(what="the deal has 'stock_bottom'"))
        if not isinstance(d, dict) or set(d) != {"hands", "layout", "stock"}:
            raise RecordError("'deal' must be an object with exactly 'hands', 'layout' and 'stock'")
        if not isinstance(d["hands"], list):
            raise RecordError("deal.hands must be a list of hands, seat 0 (the dealer) first")
        hands = tuple(_codes(h, f"deal.hands[{i}]") for i, h in enumerate(d["hands"]))
        deal = Deal(hands, _codes(d["layout"], "deal.layout"), _codes(d["stock"], "deal.stock"))
        players_given = data.get("players")
        if isinstance(players_given, int) and players_given in (2, 3) and _is_partial(rules, players_given, deal):
            placed = len(deal.cards())
            raise RecordError(
                _PARTIAL_HINT.format(what=f"the deal is partial ({placed} of {len(deck_cards(rules.jokers))} cards placed)")
            )
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of action texts")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise RecordError(f"action {i}: must be a text like 'play 03B', got {clip(a)}")
    result = data.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError("'result' must be an object")
    expect = data.get("expect")
    if expect is not None and not isinstance(expect, dict):
        raise RecordError("'expect' must be an object")
    for key in ("title", "notes"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise RecordError(f"'{key}' must be a string")
    mission = data.get("mission")
    if mission is not None:
        if not isinstance(mission, dict) or set(mission) != {"name", "multiplier"}:
            raise RecordError("'mission' must be an object with 'name' and 'multiplier'")
        mission = (
            clip(mission["name"], 40) if not isinstance(mission["name"], str) else mission["name"],
            _int(mission, "multiplier", minimum=1, maximum=MAX_MISSION_MULTIPLIER) or 1,
        )
    return HandRecord(
        rules=rules,
        players=players,
        seed=_int(data, "seed", minimum=0, maximum=MAX_SEED),
        deal=deal,
        cut=_int(data, "cut", minimum=1),
        nagari_before=_int(data, "nagari_before", minimum=0, maximum=MAX_NAGARI_BEFORE) or 0,
        actions=list(actions),
        seats=tuple(seats) if seats is not None else None,
        boar_pot=_int(data, "boar_pot", minimum=0, maximum=MAX_POT) or 0,
        pushes=_int(data, "pushes", minimum=0, maximum=MAX_PUSHES) or 0,
        weol_yak_month=_int(data, "weol_yak_month", minimum=1, maximum=12),
        mission=mission,
        result=result,
        title=data.get("title"),
        notes=data.get("notes"),
        expect=expect,
    )


_PARTIAL_HINT = (
    "{what}: complete it with `gostop deal --fill RECORD.json` (or gostop.record.fill_record), "
    "which fills the rest deterministically and writes the whole deal into the record"
)


def _is_partial(rules: Rules, players: int, deal: Deal) -> bool:
    """Fewer cards than the deck, and no place holding more than it should."""
    per_hand, per_layout = _deal_sizes(players)
    deck = len(deck_cards(rules.jokers))
    return (
        len(deal.cards()) < deck
        and len(deal.hands) <= players
        and all(len(h) <= per_hand for h in deal.hands)
        and len(deal.layout) <= per_layout
    )


def fill_record(data: Any) -> HandRecord:
    """A record whose explicit ``deal`` is partial, completed with :func:`fill_deal`.

    ``data`` is a decoded hand record whose ``deal`` gives some cards: ``hands`` (a list per
    seat, possibly shorter or fewer than the players), ``layout``, ``stock`` (the top of the
    stock, top first) and optionally ``stock_bottom`` (the last cards of the stock). Every other
    card is placed by :func:`fill_deal` (deterministically: the same partial deal always gives
    the same deal). Returns the complete record (no ``seed``: a filled deal is not a shuffle).
    A complete deal is returned as it is. Raises :class:`RecordError`.
    """
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if nesting_depth(data, MAX_NESTING) > MAX_NESTING:
        raise RecordError(nesting_message("the record"))
    _check_format(data)  # (before the deal: a match record has none of its own)
    d = data.get("deal")
    if not isinstance(d, dict):
        raise RecordError("the record has no explicit 'deal' to fill")
    if data.get("seed") is not None:
        raise RecordError("a partial deal goes without a 'seed' (a seed deals every card itself)")
    extra = sorted(set(d) - {"hands", "layout", "stock", "stock_bottom"})
    if extra:
        raise RecordError(f"unknown key(s) in 'deal': {', '.join(clip(k, 40) for k in extra[:5])}")
    if "rules" not in data:
        raise RecordError("the record has no 'rules' ({'preset': ..., 'overrides': {...}})")
    try:
        rules = Rules.from_dict(data["rules"])
    except (RulesError, CardCodeError) as exc:
        raise RecordError(f"rules: {exc}") from None
    players = _int(data, "players")
    if players is None:
        raise RecordError("the record has no 'players' (2 or 3)")
    _deal_sizes(players)
    hands_in = d.get("hands", [])
    if not isinstance(hands_in, list):
        raise RecordError("deal.hands must be a list of hands, seat 0 (the dealer) first")
    if len(hands_in) > players:
        raise RecordError(f"deal.hands has {len(hands_in)} hands, the record has {players} players")
    hands = [_codes(h, f"deal.hands[{i}]") for i, h in enumerate(hands_in)]
    filled = fill_deal(
        rules,
        players,
        hands,
        _codes(d.get("layout", []), "deal.layout"),
        _codes(d.get("stock", []), "deal.stock"),
        _codes(d.get("stock_bottom", []), "deal.stock_bottom"),
    )
    complete = dict(data)
    complete["deal"] = filled.to_json()
    return parse_record(complete)


def loads_record(text: str) -> HandRecord:
    """Parse a record from JSON text."""
    return parse_record(decode_json(text, RecordError))


def load_record(path: str | Path) -> HandRecord:
    """Read a record file. Raises :class:`RecordError` (also for a missing or unreadable file)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text") from None
    return loads_record(text)


def dumps(record: HandRecord) -> str:
    """The record as JSON text: one key per line, card lists kept on one line each."""
    data = record.to_json()
    lines = ["{"]
    keys = list(data)
    for n, key in enumerate(keys):
        comma = "," if n < len(keys) - 1 else ""
        value = data[key]
        if key == "deal":
            hands = ",\n".join("      " + json.dumps(h) for h in value["hands"])
            text = (
                "{\n    \"hands\": [\n" + hands + "\n    ],\n"
                f"    \"layout\": {json.dumps(value['layout'])},\n"
                f"    \"stock\": {json.dumps(value['stock'])}\n  }}"
            )
        elif key == "actions":
            text = "[" + ", ".join(json.dumps(a) for a in value) + "]" if len(value) < 8 else (
                "[\n" + ",\n".join("    " + json.dumps(a) for a in value) + "\n  ]"
            )
        elif key in ("expect", "result") and isinstance(value, dict):
            text = _dumps_block(value)
        else:
            text = json.dumps(value, ensure_ascii=False)
        lines.append(f"  {json.dumps(key)}: {text}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dumps_block(value: dict[str, Any]) -> str:
    """An object one key per line; a list value one item per line (each item compact)."""
    lines = []
    for key, item in value.items():
        if isinstance(item, list) and item and all(isinstance(x, dict) for x in item):
            inner = ",\n".join("      " + json.dumps(x, ensure_ascii=False) for x in item)
            lines.append(f"    {json.dumps(key)}: [\n{inner}\n    ]")
        else:
            lines.append(f"    {json.dumps(key)}: {json.dumps(item, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n  }"


def dump(record: HandRecord, path: str | Path) -> None:
    """Write the record to a file (see :func:`dumps`)."""
    Path(path).write_text(dumps(record), encoding="utf-8")


def dump_in_place(record: HandRecord, path: str | Path) -> None:
    """Replace the file at ``path`` with the record, atomically (:func:`write_atomically`)."""
    write_atomically(path, dumps(record))


def write_atomically(path: str | Path, text: str) -> None:
    """Replace (or create) the file at ``path`` with ``text``, atomically: the text is written to
    a temporary file beside it (a unique name), flushed to disk, then renamed over ``path``; the
    old file stays whole if anything fails, and no temporary file is left behind.

    Raises:
        OSError: the file cannot be written. Its ``filename`` is always ``path`` as given (never
            the hidden temporary file), and its ``strerror`` says why in words: ``path`` is a
            directory, its directory does not exist (it is not created), ...
    """
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "it is a directory", str(path))
    parent = target.parent
    if not parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, f"there is no directory {str(parent)!r}", str(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None
        raise


# -- replay -----------------------------------------------------------------------------------

#: One replayed action: the action and the events it caused.
Step = tuple[Action, list[Event]]


def build_hand(record: HandRecord) -> Hand:
    """The engine hand of the record before any action (``Hand.from_deal`` or ``Hand.new``)."""
    try:
        if record.deal is not None:
            return Hand.from_deal(
                record.rules,
                [list(h) for h in record.deal.hands],
                list(record.deal.layout),
                list(record.deal.stock),
                nagari_before=record.nagari_before,
                boar_pot=record.boar_pot,
                weol_yak_month=record.weol_yak_month,
                mission=record.mission,
                pushes=record.pushes,
            )
        assert record.seed is not None
        return Hand.new(
            record.rules,
            record.players,
            record.seed,
            nagari_before=record.nagari_before,
            cut=record.cut,
            boar_pot=record.boar_pot,
            pushes=record.pushes,
        )
    except DealError as exc:
        raise RecordError(f"deal: {exc}") from None


class ReplayError(RecordError):
    """A record whose replay failed part-way: the facts up to the failure come with the error.

    Attributes:
        hand: the hand after the last action that replayed (before the failing one).
        steps: ``(action, events)`` of the actions that replayed.
        action: the 0-based index of the failing action, or None when every action replayed
            and the record's ``result`` is what differs.
    """

    def __init__(self, message: str, hand: Hand, steps: list[Step], action: int | None) -> None:
        super().__init__(message)
        self.hand = hand
        self.steps = steps
        self.action = action


def replay(
    record: HandRecord,
    upto: int | None = None,
    on_step: Callable[[int, Action, int | None, Hand], None] | None = None,
) -> tuple[Hand, list[Step]]:
    """Play the record's actions through the engine.

    Returns the hand after the last action and, per action, ``(action, events)``. With
    ``upto = N`` only the actions 0..N are played (the state after action N; the record's
    ``result`` is then not checked). ``on_step(i, action, seat, hand)`` is called after each
    action with the seat that made it.

    Raises :class:`ReplayError` (a :class:`RecordError` carrying the facts up to the failure)
    naming the 0-based index of the first action that cannot be parsed, is illegal (the message
    lists the legal ones) or comes after the end of the hand, and when the record's ``result``
    summary differs from the replayed result; :class:`RecordError` when the deal itself is bad
    or ``upto`` is not the index of an action.
    """
    hand = build_hand(record)
    steps: list[Step] = []
    actions = record.actions
    if upto is not None:
        if not 0 <= upto < len(actions):
            last = f"0 to {len(actions) - 1}" if actions else "none: the record has no actions"
            raise RecordError(f"there is no action {clip(upto)} in the record (actions: {last})")
        actions = actions[: upto + 1]
    try:
        _replay_actions(hand, actions, steps, on_step)
        if record.result is not None and upto is None:
            _check_result(record.result, hand)
    except _ActionFailed as failed:
        raise ReplayError(str(failed), hand, steps, failed.index) from None
    except RecordError as exc:
        raise ReplayError(str(exc), hand, steps, None) from None
    return hand, steps


class _ActionFailed(RecordError):
    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


#: The longest explanation of an action that cannot be read (the engine's, with the list of
#: every action form: about 250 characters).
_PARSE_PROBLEM_LIMIT = 400


def _parse_problem(exc: ActionParseError, text: str) -> str:
    """The engine's reason why ``text`` is no action, whole (it lists the forms an action
    takes), but with ``text`` itself, which it repeats, cut as :func:`clip` cuts it."""
    reason = str(exc).replace(repr(text), clip(text, 40))
    return reason if len(reason) <= _PARSE_PROBLEM_LIMIT else reason[: _PARSE_PROBLEM_LIMIT - 3] + "..."


def _replay_actions(
    hand: Hand,
    actions: Sequence[str],
    steps: list[Step],
    on_step: Callable[[int, Action, int | None, Hand], None] | None,
) -> None:
    for i, text in enumerate(actions):
        if hand.is_over:
            raise _ActionFailed(f"action {i} ({clip(text, 40)}): the hand is already over ({_over_reason(hand)})", i)
        try:
            action = Action.parse(text)
        except ActionParseError as exc:
            raise _ActionFailed(f"action {i} ({clip(text, 40)}) cannot be read: {_parse_problem(exc, text)}", i) from None
        legal = hand.legal_actions()
        if action not in legal:
            shown = ", ".join(str(a) for a in legal)
            raise _ActionFailed(
                f"action {i} ({clip(text, 40)}) is illegal for seat {hand.current_player}; legal: {shown}", i
            )
        seat = hand.current_player
        try:
            events = hand.apply(action)
        except IllegalActionError as exc:
            raise _ActionFailed(f"action {i} ({clip(text, 40)}) is illegal: {exc}", i) from None
        steps.append((action, list(events)))
        if on_step is not None:
            on_step(i, action, seat, hand)


def _over_reason(hand: Hand) -> str:
    result = hand.result
    if result is None:
        return "over"
    if result.winner is not None:
        return f"seat {result.winner} won by {result.reason}"
    return str(result.reason)


def result_summary(result: HandResult) -> dict[str, Any]:
    """The short result kept in a record: winner, nagari, void, reason, points, chips, shots."""
    return {
        "winner": result.winner,
        "nagari": bool(result.nagari),
        "void": bool(result.void),
        "reason": result.reason,
        "points": result.points,
        "chips": list(result.chips),
        "shots": list(result.shots),
    }


def _check_result(expected: Mapping[str, Any], hand: Hand) -> None:
    if hand.result is None:
        raise RecordError("the record has a result but its actions do not finish the hand")
    got = result_summary(hand.result)
    for key in _RESULT_KEYS:
        if key in expected and expected[key] != got[key]:
            raise RecordError(f"replay gives {key} = {got[key]!r}, the record says {clip(expected[key])}")


def table_json(hand: Hand) -> dict[str, Any]:
    """The table as a record's author sees it, every card face up (``gostop replay --json``).

    ``layout`` (every layout card, stack cards included), ``stacks`` (``{"month", "owner",
    "made_on_turn", "cards"}``), ``hands``, ``captures``, ``stock`` (top first), and per seat
    ``stop_points`` (SCORE-10), ``goes``, ``bombs``, ``ppuk``, ``declared_months``; who must
    decide next (``current_player``, null when over) and at what ``stage``.
    """
    obs = hand.observation(0).to_json()
    return {
        "stage": obs["stage"],
        "current_player": obs["current_player"],
        "turn": obs["turn"],
        "layout": [c.code for c in hand.layout_cards()],
        "stacks": obs["stacks"],
        "hands": [[c.code for c in hand.hand_cards(s)] for s in range(hand.players)],
        "captures": [[c.code for c in hand.capture_cards(s)] for s in range(hand.players)],
        "stock": [c.code for c in hand.stock_cards()],
        "stop_points": obs["stop_points"],
        "goes": obs["goes"],
        "bombs": obs["bombs"],
        "ppuk": obs["ppuk"],
        "declared_months": obs["declared_months"],
        "chips": obs["chips"],
        "shots": obs["shots"],
    }


def step_json(index: int, action: Action, seat: int | None, hand: Hand) -> dict[str, Any]:
    """One action of ``gostop replay --json``'s ``steps``: its index, text, the seat that made
    it, and right after it the layout (``layout`` and ``stacks`` as in :func:`table_json`) and
    every seat's stop points."""
    obs = hand.observation(0).to_json()
    return {
        "action": index,
        "text": str(action),
        "seat": seat,
        "layout": [c.code for c in hand.layout_cards()],
        "stacks": obs["stacks"],
        "stop_points": obs["stop_points"],
    }


def result_json(
    hand: Hand, steps: Sequence[Step], step_tables: Sequence[Mapping[str, Any]] | None = None
) -> dict[str, Any]:
    """The ``gostop replay --json`` object (docs/record-format.md, "gostop replay --json").

    ``payments`` are the net chips per seat, zero-sum, fixed payments included; ``shots`` the
    shots per seat (``goo-stupe``). For a finished hand they are the result's (``final``
    true); for an unfinished one they are the fixed payments and shots made so far (``final``
    false). ``points`` / ``stop_points`` are the winner's hand points and stop points (0 without
    a winner). ``settlement`` is the settlement of a stop (``Settlement.to_json()`` with its
    explanation ``steps``, the multiplier breakdown ``factors`` and ``opponent_multipliers``,
    the winner's sake-cup class ``flex_class``, and ``opponents``: the seats of ``payments``);
    ``liability`` names who paid for both and why (``{"kind", "seat"}``) or is null.
    ``fixed_payments`` lists the flat payments of the hand (final only). ``state`` is
    :func:`table_json` of the hand at the end; ``steps`` (when given) the layout after each
    action (:func:`step_json`). ``events`` lists every event in order, each with the index of
    the action that caused it (``"action": null`` for the events of the deal).
    """
    events: list[dict[str, Any]] = [{"action": None, **ev.to_json()} for ev in hand.deal_events]
    for i, (_action, evs) in enumerate(steps):
        events.extend({"action": i, **ev.to_json()} for ev in evs)
    state = table_json(hand)
    result = hand.result
    out: dict[str, Any]
    if result is None:
        out = {
            "over": False,
            "final": False,
            "winner": None,
            "nagari": False,
            "void": False,
            "reason": None,
            "points": 0,
            "stop_points": 0,
            "payments": list(state["chips"]),
            "shots": list(state["shots"]),
            "settlement": None,
            "liability": None,
            "fixed_payments": None,
            "captures": state["captures"],
        }
    else:
        settlement = None
        liability = None
        if result.settlement is not None:
            settlement = result.settlement.to_json()
            settlement["steps"] = list(result.settlement.steps)
            settlement["opponents"] = list(result.opponents)
            liable = result.settlement.liable
            if liable is not None:
                liability = {"kind": result.settlement.liability, "seat": result.opponents[liable]}
        out = {
            "over": True,
            "final": True,
            "winner": result.winner,
            "nagari": result.nagari,
            "void": result.void,
            "reason": result.reason,
            "points": result.points,
            "stop_points": result.stop_points,
            "payments": list(result.chips),
            "shots": list(result.shots),
            "settlement": settlement,
            "liability": liability,
            "fixed_payments": [p.to_json() for p in result.fixed_payments],
            "captures": [[c.code for c in cs] for cs in result.captures],
        }
    out["state"] = state
    if step_tables is not None:
        out["steps"] = list(step_tables)
    out["events"] = events
    return out
