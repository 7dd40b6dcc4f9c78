"""The events of a match in words: one feed line per event and the big call-outs (ppuk 뻑,
ttadak 따닥, chok 쪽, sseul 싹쓸이, bombs, go, stop...), in English and Korean.

The server says each event of an ``update`` in the connection's language (docs/protocol.md,
"Language"): :func:`event_line` reads an event as the protocol sends it (a match event, or the
hand event inside a ``hand`` wrapper) with the names of the seats it concerns, and never looks
at a card code except to say the card's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gostop.words.cards import cards_said
from gostop.words.catalog import Catalog, catalog
from gostop.words.person import as_named, is_you, said_name

__all__ = ["event_line", "callout_text", "reason_text", "bot_name"]


def bot_name(name: str, lang: str = "en") -> str:
    """A bot's name in the letters of ``lang`` (the names the server gives bot seats,
    ``gostop.server.room.BOT_NAMES``; a name we did not give stays as it is)."""
    w = catalog(lang)
    names = {
        "Minji": w.t("Minji"),
        "Hoon": w.t("Hoon"),
        "Sora": w.t("Sora"),
        "Jun": w.t("Jun"),
        "Yuna": w.t("Yuna"),
        "Tae": w.t("Tae"),
        "Dami": w.t("Dami"),
    }
    return names.get(name, name)


def reason_text(reason: str | None, lang: str = "en") -> str:
    """Why a hand or a match ended, or why a payment is made (a result's ``reason`` key)."""
    if not reason:
        return ""
    w = catalog(lang)
    words = {
        "stop": w.t("stop"),
        "chongtong": w.t("chongtong"),
        "three-ppuk": w.t("three ppuk"),
        "heodang": w.t("heodang"),
        "first-turn-ppuk": w.t("first-turn ppuk"),
        "ppuk-streak": w.t("a ppuk on each turn so far (yeon-ppuk)"),  # VAR-PPUK-STREAK
        "first-turn-ttadak": w.t("a ttadak on the first turn"),  # VAR-FIRST-TTADAK
        "first-turn-four": w.t("four of a month on the first turn"),
        "boar": w.t("the boar"),
        "nagari": w.t("nagari"),
        "joker": w.t("joker"),
        "no-junk": w.t("no junk to give"),
        "ja-ppuk": w.t("ja-ppuk"),
        "yell": w.t("yell"),
        "exhaustion": w.t("the cards ran out (nagari)"),
        "shodang": w.t("shodang (nagari)"),
        "four-on-table": w.t("four of a month on the table"),
        "chongtong-tie": w.t("chongtong on both sides (nagari)"),
        "match_hands": w.t("every hand was played"),
        "hands_limit": w.t("every hand was played"),
        "target_chips": w.t("the chip target was reached"),
        "nagari_limit": w.t("too many nagari in a row"),
        "closed": w.t("the match was closed"),
    }
    return words.get(reason, reason.replace("-", " ").replace("_", " "))


def _cards(codes: Sequence[str], w: Catalog) -> str:
    return cards_said(codes, w.lang)  # the copies of a joker counted: "조커 1 ×3"


def event_line(
    event: Mapping[str, Any], who: str, lang: str = "en", *, to: str = "", you: str | None = None
) -> str | None:
    """The feed line of one event (its JSON: ``type``, ``seat``, ``cards`` and ``data`` for a
    hand event; ``type``, ``seat`` and its data for a match event); ``who``: the name of the
    seat it concerns; ``to``: the name of the seat a junk card goes to (``surrender``). None
    for an event said by nothing (a turn, a match's deal, a type this function does not
    know: tests/words cover every type the engine and the match make).

    A seat named as a player who gave no name (``You``, ``you``, ``나``:
    :func:`gostop.words.person.is_you`) is the person reading: its sentences take the
    person's forms (``You pay 40 chips.``, ``Your joker: ...``), unless ``you`` names the seat
    the line is said to and it is another (``""``: a line everybody at a table of people reads):
    that name is then said as a name, in quotation marks (``“You” pays 40 chips.``;
    :func:`gostop.words.person.as_named`)."""
    w = catalog(lang)
    who = as_named(who, you)
    to = as_named(to, you) if to else to
    you_said = is_you(who)
    who = said_name(who, lang)
    to = said_name(to, lang, start=False) if to else to
    kind = str(event.get("type", ""))
    raw = event.get("data")
    data: Mapping[str, Any] = raw if isinstance(raw, Mapping) else event
    codes = [str(c) for c in event.get("cards") or ()]
    cards = _cards(codes, w)

    def say(yours: Callable[[], str], theirs: Callable[[], str]) -> str:
        """The person's sentence or another player's (English conjugates the verb)."""
        return yours() if you_said else theirs()

    if kind == "deal":
        count = len(codes) or data.get("count")
        if not count or "cards" not in event:
            return None
        return say(lambda: w.n("{who} are dealt {n} card.", "{who} are dealt {n} cards.", int(count), who=who),
                   lambda: w.n("{who} is dealt {n} card.", "{who} is dealt {n} cards.", int(count), who=who))
    if kind == "turn":
        return None
    if kind == "surrender" and to:
        return say(lambda: w.t("{who} give {cards} to {to}.", who=who, cards=cards, to=to),
                   lambda: w.t("{who} gives {cards} to {to}.", who=who, cards=cards, to=to))
    if kind in ("payment", "compensation"):
        amount = int(data.get("amount") or 0)
        reason = reason_text(data.get("reason"), lang)
        if data.get("unit") == "shots":
            paid = w.n("{n} shot", "{n} shots", amount)
        else:
            paid = w.n("{n} chip", "{n} chips", amount)
        if kind == "compensation":
            return say(lambda: w.t("{who} pay compensation: {paid}.", who=who, paid=paid),
                       lambda: w.t("{who} pays compensation: {paid}.", who=who, paid=paid))
        if not reason:  # no empty brackets: "민지: 48칩 냄 ()"
            return say(lambda: w.t("{who} pay {paid}.", who=who, paid=paid),
                       lambda: w.t("{who} pays {paid}.", who=who, paid=paid))
        return say(lambda: w.t("{who} pay {paid} ({reason}).", who=who, paid=paid, reason=reason),
                   lambda: w.t("{who} pays {paid} ({reason}).", who=who, paid=paid, reason=reason))
    if kind == "settlement":
        total = sum(int(p) for p in data.get("payments") or ())
        inside = said_name(who, lang, start=False)  # after "Settlement:"
        if data.get("unit") == "shots":  # GOO-1: nobody is paid; the losers take shots
            return say(lambda: w.n("Settlement: {who} win; the others take {n} shot in all.",
                                   "Settlement: {who} win; the others take {n} shots in all.", total, who=inside),
                       lambda: w.n("Settlement: {who} wins; the others take {n} shot in all.",
                                   "Settlement: {who} wins; the others take {n} shots in all.", total, who=who))
        # in its unit, as every other payment line ("정산: 민지 48 받음" said 48 of nothing)
        paid = w.n("{n} chip", "{n} chips", total)
        return say(lambda: w.t("Settlement: {who} are paid {paid}.", who=inside, paid=paid),
                   lambda: w.t("Settlement: {who} is paid {paid}.", who=who, paid=paid))
    if kind == "go":
        return say(lambda: w.t("{who} say go ({n}).", who=who, n=data.get("goes", "")),
                   lambda: w.t("{who} says go ({n}).", who=who, n=data.get("goes", "")))
    if kind == "stop":
        points = int(data.get("points") or 0)
        return say(lambda: w.n("{who} say stop with {n} point.", "{who} say stop with {n} points.", points, who=who),
                   lambda: w.n("{who} says stop with {n} point.", "{who} says stop with {n} points.", points, who=who))
    if kind == "shot":
        shots = int(data.get("n") or 0)
        return say(lambda: w.n("{who} take {n} shot.", "{who} take {n} shots.", shots, who=who),
                   lambda: w.n("{who} takes {n} shot.", "{who} takes {n} shots.", shots, who=who))
    if kind in ("win", "void", "match-end"):
        reason = reason_text(data.get("reason"), lang)
        if kind == "win":
            return say(lambda: w.t("{who} win ({reason}).", who=who, reason=reason),
                       lambda: w.t("{who} wins ({reason}).", who=who, reason=reason))
        if kind == "void":
            return w.t("The deal is void and dealt again.")
        return w.t("The match is over ({reason}).", reason=reason) if reason else w.t("The match is over.")
    if kind == "push":  # VAR-PUSH: the next settlement doubles once per push in a row
        factor = 2 ** int(data.get("pushes") or 1)
        return say(lambda: w.t("{who} push (milgi): no payment now, the next hand pays ×{factor}.",
                               who=who, factor=factor),
                   lambda: w.t("{who} pushes (milgi): no payment now, the next hand pays ×{factor}.",
                               who=who, factor=factor))
    if kind == "claim" and not data.get("claimed", True):
        return say(lambda: w.t("{who} claim no compensation.", who=who),
                   lambda: w.t("{who} claims no compensation.", who=who))
    if you_said:
        yours = _your_lines(w, kind, who, cards, codes)
        if yours is not None:
            return yours()
    lines: dict[str, Callable[[], str | None]] = {
        "first-dealer": lambda: w.t("{who} deals first.", who=who),
        "list": lambda: None,
        "layout": lambda: w.t("The table: {cards}.", cards=cards),
        "hand-start": lambda: w.t("A new hand begins."),
        "hand-end": lambda: w.t("The hand is over."),
        "stay": lambda: w.t("{who} stays in.", who=who),
        "drop": lambda: w.t("{who} drops out of this hand.", who=who),
        "claim": lambda: w.t("{who} claims compensation.", who=who),
        "cut": lambda: w.t("{who} cuts the deck.", who=who),
        "play": lambda: w.t("{who} plays {cards}.", who=who, cards=cards),
        "flip": lambda: w.t("{who} flips {cards} from the stock.", who=who, cards=cards),
        "capture": lambda: w.t("{who} captures {cards}.", who=who, cards=cards),
        "pick": lambda: w.t("{who} takes {cards}.", who=who, cards=cards),
        "draw": lambda: w.t("{who} draws a replacement card.", who=who),
        "substitute": lambda: w.t("{who}'s joker: {cards} is played in its place.", who=who, cards=cards),
        "ppuk": lambda: w.t("{who} makes a ppuk: the three cards stay on the table.", who=who),
        "ja-ppuk": lambda: w.t("{who} takes back their own ppuk (ja-ppuk).", who=who),
        "first-turn-ppuk": lambda: w.t("{who} ppuks on the first turn.", who=who),
        "ppuk-streak": lambda: w.t("{who} ppuks again: a ppuk on every turn so far.", who=who),
        "collect": lambda: w.t("{who} collects the winnings (no push).", who=who),
        "three-ppuk": lambda: w.t("{who} made three ppuk and wins at once.", who=who),
        "ttadak": lambda: w.t("{who} ttadak: two pairs in one turn.", who=who),
        "chok": lambda: w.t("{who} chok: played onto the flipped card's pair.", who=who),
        "sseul": lambda: w.t("{who} sweeps the table (sseul).", who=who),
        "stack-capture": lambda: w.t("{who} takes a stack of three.", who=who),
        "bomb": lambda: w.t("{who} bombs with three cards, taking all four: {cards}.", who=who, cards=cards),
        "grenade": lambda: w.t("{who} throws a grenade with two cards, taking all four: {cards}.", who=who, cards=cards),
        "shake": lambda: w.t("{who} shakes {cards}.", who=who, cards=cards),
        "show-quad": lambda: w.t("{who} shows four: {cards}.", who=who, cards=cards),
        "reveal": lambda: w.t("{who} reveals {cards}.", who=who, cards=cards),
        "skip": lambda: w.t("{who} takes a stock-only turn.", who=who),
        "surrender": lambda: w.t("{who} gives up {cards}.", who=who, cards=cards),
        "no-junk": lambda: w.t("{who} has no junk to give.", who=who),
        # EVT-9 / the bonus cards of a joker deck: the event names the card taken (no "the boss
        # joker or a bonus card" left for the reader to work out)
        "boss-joker": lambda: w.t("{who} captured {cards}: each opponent gives a junk card.", who=who, cards=cards)
        if codes else w.t("{who} captured a joker: each opponent gives a junk card.", who=who),
        "baek-hwa-jeom": lambda: w.t("{who}: baek-hwa-jeom.", who=who),
        "nagari": lambda: w.t("Nagari: nobody wins this hand."),
        "offer-shodang": lambda: w.t("{who} offers shodang and shows their hand.", who=who),
        "accept": lambda: w.t("{who} accepts the shodang.", who=who),
        "refuse": lambda: w.t("{who} refuses the shodang.", who=who),
        "chongtong": lambda: w.t("{who} has chongtong: four of a month.", who=who),
        "keep-quad": lambda: w.t("{who} keeps playing with a quad.", who=who),
        "yell": lambda: w.t("{who} yells!", who=who),
        "no-yell": lambda: w.t("{who} stays quiet.", who=who),
        "boar": lambda: w.t("{who} caught the boar.", who=who),
        "boar-ante": lambda: w.t("The boar pot grows."),
        "weol-yak": lambda: w.t("{who}: the month's promise (weol-yak).", who=who),
        "heodang": lambda: w.t("{who}: heodang.", who=who),
        "four-on-table": lambda: w.t("Four of a month on the table."),
        "dealt-stack": lambda: w.t("Three of a month dealt on the table: a stack."),
        "layout-joker": lambda: w.t("A joker was dealt on the table: it goes to the dealer."),
        "iris-out": lambda: w.t("{who} sits out (iris rule).", who=who),
        "forced-in": lambda: w.t("{who} must play this hand.", who=who),
        "forced-out": lambda: w.t("{who} must sit this hand out.", who=who),
    }
    line = lines.get(kind)
    return None if line is None else line()


def _your_lines(w: Catalog, kind: str, who: str, cards: str, codes: Sequence[str]) -> Callable[[], str] | None:
    """The line of an event of the person's own seat (``who``: ``You``), where English says it
    with other words than for another player (``You play``, ``Your joker``); None for an event
    said alike for everyone (``You captured ...``, ``You must play this hand.``)."""
    lines: dict[str, Callable[[], str]] = {
        "first-dealer": lambda: w.t("{who} deal first.", who=who),
        "stay": lambda: w.t("{who} stay in.", who=who),
        "drop": lambda: w.t("{who} drop out of this hand.", who=who),
        "claim": lambda: w.t("{who} claim compensation.", who=who),
        "cut": lambda: w.t("{who} cut the deck.", who=who),
        "play": lambda: w.t("{who} play {cards}.", who=who, cards=cards),
        "flip": lambda: w.t("{who} flip {cards} from the stock.", who=who, cards=cards),
        "capture": lambda: w.t("{who} capture {cards}.", who=who, cards=cards),
        "pick": lambda: w.t("{who} take {cards}.", who=who, cards=cards),
        "draw": lambda: w.t("{who} draw a replacement card.", who=who),
        "substitute": lambda: w.t("Your joker: {cards} is played in its place.", cards=cards),
        "ppuk": lambda: w.t("{who} make a ppuk: the three cards stay on the table.", who=who),
        "ja-ppuk": lambda: w.t("{who} take back your own ppuk (ja-ppuk).", who=who),
        "first-turn-ppuk": lambda: w.t("{who} ppuk on the first turn.", who=who),
        "ppuk-streak": lambda: w.t("{who} ppuk again: a ppuk on every turn so far.", who=who),
        "collect": lambda: w.t("{who} collect the winnings (no push).", who=who),
        "three-ppuk": lambda: w.t("{who} made three ppuk and win at once.", who=who),
        "sseul": lambda: w.t("{who} sweep the table (sseul).", who=who),
        "stack-capture": lambda: w.t("{who} take a stack of three.", who=who),
        "bomb": lambda: w.t("{who} bomb with three cards, taking all four: {cards}.", who=who, cards=cards),
        "grenade": lambda: w.t("{who} throw a grenade with two cards, taking all four: {cards}.", who=who, cards=cards),
        "shake": lambda: w.t("{who} shake {cards}.", who=who, cards=cards),
        "show-quad": lambda: w.t("{who} show four: {cards}.", who=who, cards=cards),
        "reveal": lambda: w.t("{who} reveal {cards}.", who=who, cards=cards),
        "skip": lambda: w.t("{who} take a stock-only turn.", who=who),
        "surrender": lambda: w.t("{who} give up {cards}.", who=who, cards=cards),
        "no-junk": lambda: w.t("{who} have no junk to give.", who=who),
        "boss-joker": lambda: w.t("{who} captured {cards}: each opponent gives you a junk card.", who=who, cards=cards)
        if codes else w.t("{who} captured a joker: each opponent gives you a junk card.", who=who),
        "offer-shodang": lambda: w.t("{who} offer shodang and show your hand.", who=who),
        "accept": lambda: w.t("{who} accept the shodang.", who=who),
        "refuse": lambda: w.t("{who} refuse the shodang.", who=who),
        "chongtong": lambda: w.t("{who} have chongtong: four of a month.", who=who),
        "keep-quad": lambda: w.t("{who} keep playing with a quad.", who=who),
        "yell": lambda: w.t("{who} yell!", who=who),
        "no-yell": lambda: w.t("{who} stay quiet.", who=who),
        "iris-out": lambda: w.t("{who} sit out (iris rule).", who=who),
    }
    return lines.get(kind)


def callout_text(kind: str, who: str, lang: str = "en", *, to: str = "", you: str | None = None) -> str | None:
    """The big call-out of an event (``Ppuk! 뻑``), with who made it; None for an event
    without one. A junk card given (``surrender`` with ``to``): who took it from whom.
    ``you``: the seat name the call-out is shown to, as for :func:`event_line`."""
    w = catalog(lang)
    who = as_named(who, you)
    to = as_named(to, you) if to else to
    if kind == "surrender":
        if not to:
            return None
        if is_you(to):  # the person took it
            return w.t("{to} take a junk card from {who}", to=said_name(to, lang), who=said_name(who, lang, start=False))
        return w.t("{to} takes a junk card from {who}", to=to, who=said_name(who, lang, start=False))
    who = said_name(who, lang)
    calls: dict[str, Callable[[], str]] = {
        "ppuk": lambda: w.t("Ppuk! 뻑"),
        "ja-ppuk": lambda: w.t("Ja-ppuk! 자뻑"),
        "first-turn-ppuk": lambda: w.t("First-turn ppuk! 첫뻑"),
        "ppuk-streak": lambda: w.t("Ppuk again! 연뻑"),
        "three-ppuk": lambda: w.t("Three ppuk! 삼뻑"),
        "ttadak": lambda: w.t("Ttadak! 따닥"),
        "chok": lambda: w.t("Chok! 쪽"),
        "sseul": lambda: w.t("Sseul! 싹쓸이"),
        "bomb": lambda: w.t("Bomb! 폭탄"),
        "grenade": lambda: w.t("Grenade! 수류탄"),
        "shake": lambda: w.t("Shake! 흔들기"),
        "stack-capture": lambda: w.t("Stack taken! 뻑 먹기"),
        "boss-joker": lambda: w.t("Joker takes junk!"),
        "go": lambda: w.t("Go! 고"),
        "stop": lambda: w.t("Stop! 스톱"),
        "chongtong": lambda: w.t("Chongtong! 총통"),
        "nagari": lambda: w.t("Nagari 나가리"),
    }
    say = calls.get(kind)
    if say is None:
        return None
    text = say()
    return w.t("{who} — {call}", who=who, call=text) if who else text
