"""Actions: the decisions of RULES.md 2.18 that are taken inside a hand, as small typed values.

An :class:`Action` is immutable and interned: :meth:`Action.parse` returns the same object for the
same text, and the engine's ``legal_actions()`` lists interned objects, so comparing and hashing
actions is cheap. Its text form is stable (records and the JSON form use it):

============================  ==========================================================
text                          decision
============================  ==========================================================
``play 03B``                  DEC-11 play a card from hand (also a joker, ``play JK2``)
``bomb 05``                   DEC-11 bomb month 5 (BOMB-1)
``grenade 05``                DEC-11 grenade month 5 (VAR-GRENADE)
``skip``                      DEC-11 stock-only turn (TURN-3 d)
``shake 05``                  DEC-6 declare heundeum of month 5 (SHAKE-1)
``show-quad 05``              DEC-7 show a kept quad of month 5 (SHAKE-5)
``reveal JK2``                DEC-8 reveal a joker in hand (JOKER-4)
``offer-shodang``             DEC-9 offer shodang (LIAB-7)
``accept`` / ``refuse``       DEC-10 answer a shodang offer (LIAB-8)
``pick 03J1``                 DEC-12 / DEC-13 which of two layout cards is taken
``surrender 05J1 [05J2 ..]``  DEC-14 the junk card(s) given for a debt (EVT-7)
``go`` / ``stop``             DEC-16 (GOSTOP)
``chongtong`` / ``continue``  DEC-5 declare a quad or keep playing (DEAL-7 optional)
``yell`` / ``no-yell``        DEC-15 shout after an opponent's first-turn ppuk (GOO-14)
============================  ==========================================================

Months are written with two digits; the cards of a ``surrender`` are written in card order
(:attr:`gostop.cards.Card.sort_key`), and :meth:`Action.parse` puts them in that order.

>>> a = Action.parse("play 03B")
>>> (a.kind, a.cards, a.month, str(a))
('play', ('03B',), 0, 'play 03B')
>>> Action.parse("surrender 05J2 05J1") is Action.parse("surrender 05J1 05J2")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gostop.cards import CardCodeError, parse_card
from gostop.errors import GostopError

__all__ = [
    "Action",
    "ActionParseError",
    "IllegalActionError",
    "ACTION_KINDS",
]

# kind -> argument shape: "" none, "card" one card, "month" a month, "cards" 1..3 cards.
_SHAPES: dict[str, str] = {
    "play": "card",
    "bomb": "month",
    "grenade": "month",
    "skip": "",
    "shake": "month",
    "show-quad": "month",
    "reveal": "card",
    "offer-shodang": "",
    "accept": "",
    "refuse": "",
    "pick": "card",
    "surrender": "cards",
    "go": "",
    "stop": "",
    "chongtong": "",
    "continue": "",
    "yell": "",
    "no-yell": "",
}

#: Every action kind, in the order of the table above.
ACTION_KINDS: tuple[str, ...] = tuple(_SHAPES)


class ActionParseError(GostopError, ValueError):
    """A text that is not an action; the message shows the accepted forms."""


class IllegalActionError(GostopError, ValueError):
    """An action that is not legal now. The hand is left untouched.

    Attributes:
        action: the action (or the text) that was refused.
        legal: the legal actions at that moment.
    """

    def __init__(self, message: str, action: object, legal: Sequence[Action]) -> None:
        super().__init__(message)
        self.action = action
        self.legal: tuple[Action, ...] = tuple(legal)


def _sort_key(code: str) -> tuple[int, int, int, str]:
    return parse_card(code).sort_key


class Action:
    """One decision inside a hand. Immutable and interned.

    Every way of building an action (``Action(...)``, :meth:`parse`, pickling, copying)
    returns the one interned object of its text, so two actions are equal exactly when they
    are the same object: equality and hashing are identity (fast), and equal text means equal
    action.

    Attributes:
        kind: one of :data:`ACTION_KINDS`.
        cards: the card codes of the action (``play``, ``reveal``, ``pick``: one;
            ``surrender``: one to three, in card order); ``()`` otherwise.
        month: 1..12 for ``bomb``, ``grenade``, ``shake``, ``show-quad``; 0 otherwise.
        text: the stable text form (also ``str(action)`` and the JSON form).
        index: the deck index (0..47) of the one month card of the action, else -1.
    """

    __slots__ = ("kind", "cards", "month", "text", "index")

    kind: str
    cards: tuple[str, ...]
    month: int
    text: str
    index: int

    _interned: ClassVar[dict[str, Action]] = {}

    def __new__(cls, kind: str, cards: Sequence[str] = (), month: int = 0) -> Action:
        """Build (or fetch the interned) action; arguments are checked.

        Raises:
            ActionParseError: unknown kind, or arguments that do not fit the kind.
        """
        text = _text(kind, tuple(cards), month)
        found = cls._interned.get(text)
        if found is not None:
            return found
        return cls._parse_new(text)

    @classmethod
    def _make(cls, kind: str, cards: tuple[str, ...], month: int, text: str) -> Action:
        self = object.__new__(cls)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "month", month)
        object.__setattr__(self, "text", text)
        # Deck index of a month card (fixed, 0..47) for play/pick/reveal; -1 otherwise.
        first = parse_card(cards[0]) if cards else None
        index = first.index if first is not None and first.index is not None and len(cards) == 1 else -1
        object.__setattr__(self, "index", index)
        cls._interned[text] = self
        return self

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action written ``text`` (see the module docstring).

        Raises:
            ActionParseError: (a ValueError) the text is not an action.
        """
        if not isinstance(text, str):
            raise ActionParseError(f"an action is a text like 'play 03B', got {text!r}")
        found = cls._interned.get(text)
        if found is not None:
            return found
        return cls._parse_new(text)

    @classmethod
    def _parse_new(cls, text: str) -> Action:
        parts = text.split()
        if not parts:
            raise ActionParseError("empty action text; " + _FORMS)
        kind, args = parts[0], parts[1:]
        shape = _SHAPES.get(kind)
        if shape is None:
            raise ActionParseError(f"unknown action {kind!r} in {text!r}; " + _FORMS)
        cards: tuple[str, ...] = ()
        month = 0
        if shape == "":
            if args:
                raise ActionParseError(f"action {kind!r} takes no argument, got {text!r}")
        elif shape == "month":
            if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= 12:
                raise ActionParseError(f"action {kind!r} takes a month 01..12, got {text!r}")
            month = int(args[0])
        else:
            limit = 1 if shape == "card" else 3
            if not 1 <= len(args) <= limit:
                what = "one card" if limit == 1 else "one to three cards"
                raise ActionParseError(f"action {kind!r} takes {what}, got {text!r}")
            try:
                codes = [parse_card(a).code for a in args]
            except CardCodeError as exc:
                raise ActionParseError(f"{text!r}: {exc}") from None
            if len(set(codes)) != len(codes):
                raise ActionParseError(f"{text!r} names a card twice")
            if shape == "cards":
                codes.sort(key=_sort_key)
            cards = tuple(codes)
        canonical = _text(kind, cards, month)
        found = cls._interned.get(canonical)
        if found is None:
            found = cls._make(kind, cards, month, canonical)
        if canonical != text and len(cls._interned) < 100_000:
            cls._interned[text] = found  # remember the variant spelling too
        return found

    # -- value semantics -------------------------------------------------------------------

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Action is immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action.parse, (self.text,))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def to_json(self) -> str:
        """The JSON form: the text."""
        return self.text


_FORMS = (
    "actions are: play CARD, bomb MM, grenade MM, skip, shake MM, show-quad MM, reveal JOKER, "
    "offer-shodang, accept, refuse, pick CARD, surrender CARD [CARD [CARD]], go, stop, "
    "chongtong, continue, yell, no-yell"
)


def _text(kind: str, cards: tuple[str, ...], month: int) -> str:
    shape = _SHAPES.get(kind)
    if shape is None:
        raise ActionParseError(f"unknown action kind {kind!r}; " + _FORMS)
    if shape == "month":
        if not isinstance(month, int) or not 1 <= month <= 12 or cards:
            raise ActionParseError(f"action {kind!r} takes a month 1..12")
        return f"{kind} {month:02d}"
    if shape == "":
        if cards or month:
            raise ActionParseError(f"action {kind!r} takes no argument")
        return kind
    if month or not cards:
        raise ActionParseError(f"action {kind!r} takes card codes")
    if shape == "cards":
        try:
            cards = tuple(sorted((parse_card(c).code for c in cards), key=_sort_key))
        except CardCodeError as exc:
            raise ActionParseError(str(exc)) from None
    elif len(cards) != 1:
        raise ActionParseError(f"action {kind!r} takes one card")
    return kind + " " + " ".join(cards)
