"""Events as sentences for the event log: ``Minji plays 05R onto 05J1``, ``PPUK 뻑! ...``.

:func:`narrate` turns one match event (a table event or a wrapped hand event) into a
:class:`LogLine`, or None for events not worth a line. It only translates: what happened is
the engine's and the match's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gostop.cards import Card
from gostop.match import MatchEvent

__all__ = ["LogLine", "narrate", "cards_text", "words", "reason_words", "SPECIAL_EVENTS", "REASONS"]


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the event log. ``kind``: ``turn`` (a new turn), ``you`` (the human acted),
    ``bot``, ``special`` (ppuk, ttadak, chok, sseul, bombs, steals...), ``table`` (deal, cut,
    gwangpalli), ``end`` (end of a hand or of the match)."""

    text: str
    kind: str = "bot"


#: Special events called out loudly, with their Korean names.
SPECIAL_EVENTS: dict[str, str] = {
    "ppuk": "PPUK 뻑",
    "ttadak": "TTADAK 따닥",
    "chok": "CHOK 쪽",
    "sseul": "SSEUL 싹쓸이",
    "stack-capture": "STACK CAPTURE",
    "ja-ppuk": "JA-PPUK 자뻑",
    "bomb": "BOMB 폭탄",
    "grenade": "GRENADE 수류탄",
    "boss-joker": "JOKER TAKES JUNK",
    "baek-hwa-jeom": "BAEK-HWA-JEOM 백화점",
    "weol-yak": "WEOL-YAK 월약",
    "first-turn-ppuk": "FIRST-TURN PPUK 첫뻑",
    "ppuk-streak": "PPUK AGAIN 연뻑",
    "three-ppuk": "THREE PPUK 삼뻑",
    "heodang": "HEODANG 허당",
    "boar": "THE BOAR",
    "chongtong": "CHONGTONG 총통",
}

#: How a hand ended, in words (HandResult.reason / the ledger's reason).
REASONS: dict[str, str] = {
    "stop": "stopped",
    "chongtong": "held four of a month: chongtong 총통",
    "three-ppuk": "made a third ppuk 삼뻑",
    "heodang": "captured nothing five turns running: heodang 허당",
    "exhaustion": "nobody stopped before the cards ran out",
    "shodang": "a shodang 쇼당 offer was accepted",
    "four-on-table": "four cards of one month on the table",
    "chongtong-tie": "two players held four of a month",
}

#: How the first dealer was chosen (the rules' ``first_dealer``), in words.
_DEALER_METHODS = {
    "lot": "chosen by lot",
    "oldest": "the oldest player",
    "draw_night": "each draws a card: the earliest month deals; on the same month the lower card "
    "deals, junk before ribbon, animal, bright",
    "draw_day": "each draws a card: the latest month deals; on the same month the higher card "
    "deals, bright before animal, ribbon, junk",
}

_EXPLAIN: dict[str, str] = {
    "ppuk": "the stock card matched: the three cards stay as a stack",
    "ttadak": "all four cards of the month taken",
    "chok": "the stock card took the card just laid down",
    "sseul": "the table is swept clean",
    "stack-capture": "a stack of three taken",
    "ja-ppuk": "own ppuk stack taken back",
    "boss-joker": "a captured joker (the boss joker or a bonus card) collects junk",
}


def reason_words(reason: str) -> str:
    """A payment's reason in words (``first-turn-ppuk`` -> ``a ppuk on the first turn``)."""
    words = {
        "first-turn-ppuk": "a ppuk on the first turn",
        "ppuk-streak": "ppuk on each turn so far (yeon-ppuk 연뻑)",  # VAR-PPUK-STREAK
        "first-turn-ttadak": "a ttadak on the first turn (첫따닥)",  # VAR-FIRST-TTADAK
        "three-ppuk": "three ppuk",
        "chongtong": "chongtong 총통",
        "joker": "a joker",
        "no-junk": "no junk to give",
    }
    return words.get(reason, reason.replace("-", " ").replace("_", " "))


def cards_text(cards: Sequence[Card | str]) -> str:
    """Card codes separated by spaces (``-`` for none)."""
    return " ".join(c if isinstance(c, str) else c.code for c in cards) or "-"


def words(value: Any) -> str:
    """A value of an event's data as a player reads it: card codes and words separated by
    spaces, never a Python repr (``['08B', '08A']`` is ``08B 08A``; None is empty)."""
    if value is None:
        return ""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return ", ".join(f"{words(k)} {words(v)}".strip() for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return " ".join(w for w in (words(v) for v in value) if w)
    return str(value)


def _verb(who: str, you: bool, verb: str) -> str:
    """``You play`` / ``Minji plays``."""
    if you:
        return f"{who} {verb}"
    if verb.endswith(("s", "sh", "ch")):
        return f"{who} {verb}es"
    if verb == "say":
        return f"{who} says"
    return f"{who} {verb}s"


def _named(name: Callable[[int | None], str], seat: Any, human: int) -> str:
    """A seat's name inside a sentence: ``you`` for the person called ``You`` (never ``You``
    mid-sentence); a name the person chose stays as it is."""
    named = name(seat)
    return "you" if seat == human and named == "You" else named


def narrate(
    ev: MatchEvent,
    name: Callable[[int | None], str],
    hand_seats: Sequence[int],
    human: int,
) -> LogLine | None:
    """One log line for ``ev`` (None: nothing to say).

    ``name(table_seat)`` names a seat (``"You"`` for the human); ``hand_seats`` maps the hand
    seats of the hand the event belongs to onto table seats (for the seats inside ``data``).
    """
    if ev.type == "hand":
        return _hand_line(ev, name, hand_seats, human)
    return _table_line(ev, name, human)


def _table_line(ev: MatchEvent, name: Callable[[int | None], str], human: int) -> LogLine | None:
    who = name(ev.seat)
    you = ev.seat == human
    d = ev.data
    t = ev.type
    if t == "first-dealer":
        how = _DEALER_METHODS.get(str(d.get("method", "")), str(d.get("method", "")))
        draws = d.get("draws") or []
        drawn = ""
        if draws:
            drawn = "; " + ", ".join(
                f"{_named(name, x.get('seat'), human)} {'draw' if x.get('seat') == human else 'draws'} {x.get('card')}"
                for x in draws if isinstance(x, Mapping)
            )
        return LogLine(f"{who} {'deal' if you else 'deals'} first ({how}{drawn}).", "table")
    if t == "cut":
        depth = d.get("depth")
        text = "no cut" if depth is None else f"cut at {depth}"
        return LogLine(f"{who}: {text}.", "table")
    if t in ("stay", "drop"):
        return LogLine(f"{_verb(who, you, t)} (gwangpalli 광팔이).", "table")
    if t == "forced-in":
        return LogLine(f"{who} {'are' if you else 'is'} forced to play this hand.", "table")
    if t == "forced-out":
        return LogLine(f"{who} {'are' if you else 'is'} forced out of this hand.", "table")
    if t == "iris-out":
        return LogLine(f"{who} {'hold' if you else 'holds'} 05A and must sit out.", "table")
    if t == "claim":
        if d.get("claimed"):
            return LogLine(
                f"{_verb(who, you, 'claim')} compensation for {words(d.get('cards')) or '-'}: "
                f"{d.get('amount')} chips from each payer.",
                "table",
            )
        return LogLine(f"{who}: no compensation claim.", "table")
    if t == "compensation":
        return LogLine(f"{_verb(who, you, 'pay')} {_named(name, d.get('to'), human)} {d.get('amount')} chips (compensation).", "table")
    if t == "push":  # VAR-PUSH
        return LogLine(
            f"{_verb(who, you, 'push')}: the {d.get('forgone')} chips of this hand are not paid; "
            f"the next hand pays {1 << int(d.get('pushes', 1))} times.",
            "table",
        )
    if t == "collect":
        return LogLine(f"{_verb(who, you, 'collect')} the winnings (no push).", "table")
    if t == "hand-start":
        seats = d.get("seats", [])
        carry = d.get("carry", 0)
        playing = ", ".join(_named(name, s, human) for s in seats)
        more = f"; {carry} nagari before: stakes doubled" if carry else ""
        if d.get("pushes"):
            pushes = int(d["pushes"])
            more += f"; {pushes} push{'es' if pushes != 1 else ''} before: stakes x{1 << pushes}"
        return LogLine(f"New hand. Dealer: {_named(name, ev.seat, human)}. Playing: {playing}{more}.", "table")
    if t == "match-end":
        return LogLine("The match is over.", "end")
    return None


def _hand_line(
    ev: MatchEvent, name: Callable[[int | None], str], hand_seats: Sequence[int], human: int
) -> LogLine | None:
    he = ev.hand_event
    t: str = he.type
    d: Mapping[str, Any] = he.data
    who = name(ev.seat)
    you = ev.seat == human
    kind = "you" if you else "bot"
    cards = cards_text(he.cards)

    def seat_name(hand_seat: Any) -> str:
        """The name of a hand seat inside a sentence (``you`` for the person)."""
        if isinstance(hand_seat, int) and 0 <= hand_seat < len(hand_seats):
            return _named(name, hand_seats[hand_seat], human)
        return "?"

    if t in SPECIAL_EVENTS and t not in ("bomb", "grenade", "chongtong"):
        why = _EXPLAIN.get(t, "")
        extra = f" ({why})" if why else ""
        if t == "stack-capture" and d.get("owner") is not None:
            owner = seat_name(d.get("owner"))
            whose = "your" if owner == "you" else owner + "'s"
            extra = f" ({whose} ppuk stack)"
        if t == "first-turn-ppuk":
            extra = " (paid at once)"
        return LogLine(f"{SPECIAL_EVENTS[t]}! {who}{extra}{' ' + cards if he.cards else ''}", "special")
    if t == "deal":
        if he.cards:
            return LogLine(f"You are dealt {cards}.", "table") if you else None
        return None
    if t == "layout":
        return LogLine(f"On the table: {cards}.", "table")
    if t == "layout-joker":
        return LogLine(f"A joker dealt to the table goes to the dealer ({who}).", "table")
    if t == "dealt-stack":
        return LogLine(f"Three of a month dealt to the table: a stack {cards}.", "table")
    if t == "chongtong":
        return LogLine(f"{SPECIAL_EVENTS[t]}! {who} {'hold' if you else 'holds'} {cards}.", "special")
    if t == "keep-quad":
        return LogLine(f"{who} {'keep' if you else 'keeps'} a quad and plays on.", kind)
    if t == "turn":
        return LogLine(f"-- {who}{'r' if you else chr(39) + 's'} turn --", "turn")
    if t == "shake":
        return LogLine(f"{_verb(who, you, 'shake')} (heundeum 흔들기): {cards} shown.", "special")
    if t == "show-quad":
        return LogLine(f"{_verb(who, you, 'show')} a quad: {cards}.", "special")
    if t == "reveal":
        return LogLine(f"{_verb(who, you, 'reveal')} {cards}: it goes to the captures, a replacement is drawn.", kind)
    if t == "draw":
        return LogLine(f"You draw {cards} to replace the joker.", kind) if you and he.cards else None
    if t == "offer-shodang":
        return LogLine(f"{_verb(who, you, 'offer')} shodang 쇼당 (end the hand as a nagari); hand shown: {cards}.", "special")
    if t == "accept" and d.get("auto"):
        return LogLine(f"{who} {'are' if you else 'is'} deemed to accept the shodang offer (the first answer was a refusal).", "special")
    if t in ("accept", "refuse"):
        return LogLine(f"{_verb(who, you, t)} the shodang offer.", "special")
    if t == "play":
        onto = words(d.get("onto"))
        return LogLine(f"{_verb(who, you, 'play')} {cards}" + (f" onto {onto}" if onto else "") + ".", kind)
    if t in ("bomb", "grenade"):
        return LogLine(f"{SPECIAL_EVENTS[t]}! {_verb(who, you, t)} {cards}.", "special")
    if t == "skip":
        forced = " (hand empty)" if d.get("forced") else ""
        return LogLine(f"{who}: stock-only turn{forced}.", kind)
    if t == "substitute":
        return LogLine(f"The stock card {cards} is played in place of the joker.", kind)
    if t == "pick":
        return LogLine(f"{_verb(who, you, 'take')} {cards} with {words(d.get('for')) or '?'}.", kind)
    if t == "flip":
        onto = words(d.get("onto"))
        choice = [words(c) for c in d.get("choice") or ()]
        tail = f" onto {onto}" if onto else (f" (matches {' and '.join(choice)})" if choice else "")
        return LogLine(f"{_verb(who, you, 'flip')} {cards}{tail}.", kind)
    if t == "capture":
        return LogLine(f"{_verb(who, you, 'capture')} {cards}.", kind)
    if t == "surrender":
        to = seat_name(d.get("to"))
        return LogLine(f"STEAL: {_verb(who, you, 'give')} {to} {cards}" + (f" ({words(d.get('for'))})" if d.get("for") else "") + ".", "special")
    if t == "no-junk":
        return LogLine(f"{who} {'have' if you else 'has'} no junk to give.", kind)
    if t == "payment":
        return LogLine(
            f"{_verb(who, you, 'pay')} {seat_name(d.get('to'))} {d.get('amount')} {d.get('unit', 'chips')} "
            f"({reason_words(str(d.get('reason', '')))}).",
            "special",
        )
    if t == "shot":
        shots = d.get("n")
        count = f"{shots} shot{'' if shots == 1 else 's'}"
        return LogLine(f"{who} {'take' if you else 'takes'} {count} ({reason_words(str(d.get('reason', '')))}).", "special")
    if t in ("yell", "no-yell"):
        return LogLine(f"{who}: {'yells!' if t == 'yell' else 'no yell'}", kind)
    if t == "go":
        return LogLine(f"GO 고! {_verb(who, you, 'say')} go #{d.get('goes')} with {d.get('points')} points.", "special")
    if t == "stop":
        return LogLine(f"STOP 스톱! {_verb(who, you, 'stop')} with {d.get('points')} points.", "special")
    if t == "four-on-table":  # DEAL-6: what follows (void deal, nagari or the dealer's win) is its own event
        return LogLine(f"Four cards of one month on the table: {cards}.", "table")
    if t == "boar-ante":  # VAR-BOAR pot
        each, pot = d.get("each"), d.get("pot")
        return LogLine(f"Everyone antes {each} chip{'' if each == 1 else 's'} for the boar (July animal): "
                       f"the pot holds {pot} chip{'' if pot == 1 else 's'}.", "table")
    if t == "win":
        return LogLine(f"{who} {'win' if you else 'wins'}: {REASONS.get(str(d.get('reason')), d.get('reason'))}.", "end")
    if t == "nagari":
        return LogLine(f"Nagari 나가리: {REASONS.get(str(d.get('reason')), d.get('reason'))}.", "end")
    if t == "void":
        # DEAL-6 / DEAL-8: a void deal does not count and is dealt again; a nagari (matgo's
        # four_on_table = nagari) counts as a hand: its words must not say "re-dealt"
        return LogLine(f"Void deal: {REASONS.get(str(d.get('reason')), d.get('reason'))}; the cards are dealt again.", "end")
    if t == "settlement":
        return None  # the hand summary explains it
    return LogLine(f"{t}: {who} {cards}", kind)
