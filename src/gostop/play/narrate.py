"""Events as sentences for the event log: ``Minji plays iris ribbon onto iris junk``, ``PPUK 뻑! ...``.

:func:`narrate` turns one match event (a table event or a wrapped hand event) into a
:class:`LogLine`, or None for events not worth a line. It only translates: what happened is
the engine's and the match's. Every sentence comes from the message catalogue of the
language (:mod:`gostop.words.catalog`), and a sentence names its cards by their names in every
language (``iris ribbon, iris junk``; ``난초 띠, 난초 피``): a code (``05R``) is a card's face on
the board and in the choices, never a word of a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gostop.cards import Card, JokerType, parse_card
from gostop.hints import nagari_stakes
from gostop.match import MatchEvent
from gostop.rules import Rules
from gostop.words import Catalog, amount_words, cards_said, catalog, reason_text

__all__ = [
    "LogLine",
    "narrate",
    "fold_layout_jokers",
    "cards_text",
    "card_list",
    "choice_cards",
    "words",
    "reason_words",
    "reason_of_end",
    "debt_words",
    "SPECIAL_EVENTS",
    "REASONS",
]


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the event log. ``kind``: ``turn`` (a new turn), ``you`` (the human acted),
    ``bot``, ``special`` (ppuk, ttadak, chok, sseul, bombs, steals...), ``table`` (deal, cut,
    gwangpalli), ``end`` (end of a hand or of the match)."""

    text: str
    kind: str = "bot"


def _special_events(w: Catalog) -> dict[str, str]:
    """Special events called out loudly, with their Korean names."""
    return {
        "ppuk": w.t("PPUK 뻑"),
        "ttadak": w.t("TTADAK 따닥"),
        "chok": w.t("CHOK 쪽"),
        "sseul": w.t("SSEUL 싹쓸이"),
        "stack-capture": w.t("STACK CAPTURE"),
        "ja-ppuk": w.t("JA-PPUK 자뻑"),
        "bomb": w.t("BOMB 폭탄"),
        "grenade": w.t("GRENADE 수류탄"),
        "boss-joker": w.t("JOKER TAKES JUNK"),
        "baek-hwa-jeom": w.t("BAEK-HWA-JEOM 백화점"),
        "weol-yak": w.t("WEOL-YAK 월약"),
        "first-turn-ppuk": w.t("FIRST-TURN PPUK 첫뻑"),
        "ppuk-streak": w.t("PPUK AGAIN 연뻑"),
        "three-ppuk": w.t("THREE PPUK 삼뻑"),
        "heodang": w.t("HEODANG 허당"),
        "boar": w.t("THE BOAR"),
        "chongtong": w.t("CHONGTONG 총통"),
    }


def _reasons(w: Catalog) -> dict[str, str]:
    """How a hand ended, in words (HandResult.reason / the ledger's reason)."""
    return {
        "stop": w.t("stopped"),
        "chongtong": w.t("held four of a month: chongtong 총통"),
        "three-ppuk": w.t("made a third ppuk 삼뻑"),
        "heodang": w.t("captured nothing five turns running: heodang 허당"),
        "exhaustion": w.t("nobody stopped before the cards ran out"),
        "shodang": w.t("a shodang 쇼당 offer was accepted"),
        "four-on-table": w.t("four cards of one month on the table"),
        "chongtong-tie": w.t("two players held four of a month"),
    }


def _dealer_methods(w: Catalog) -> dict[str, str]:
    """How the first dealer was chosen (the rules' ``first_dealer``), in words."""
    return {
        "lot": w.t("chosen by lot"),
        "oldest": w.t("the oldest player"),
        "draw_night": w.t(
            "each draws a card: the earliest month deals; on the same month the lower card "
            "deals, junk before ribbon, animal, bright"
        ),
        "draw_day": w.t(
            "each draws a card: the latest month deals; on the same month the higher card "
            "deals, bright before animal, ribbon, junk"
        ),
    }


def _explain(w: Catalog) -> dict[str, str]:
    return {
        "ppuk": w.t("the stock card matched: the three cards stay as a stack"),
        "ttadak": w.t("all four cards of the month taken"),
        "chok": w.t("the stock card took the card just laid down"),
        "sseul": w.t("the table is swept clean"),
        "stack-capture": w.t("a stack of three taken"),
        "ja-ppuk": w.t("own ppuk stack taken back"),
        "boss-joker": w.t("a captured bonus card takes a junk card from each opponent"),
    }


_EN = catalog("en")
#: Special events called out loudly, with their Korean names (English; see :func:`narrate`).
SPECIAL_EVENTS: dict[str, str] = _special_events(_EN)
#: How a hand ended, in words (English; :func:`reason_of_end` says it in a language).
REASONS: dict[str, str] = _reasons(_EN)
#: How the first dealer was chosen (the rules' ``first_dealer``), in English words.
_DEALER_METHODS = _dealer_methods(_EN)


def reason_of_end(reason: str | None, lang: str = "en") -> str:
    """How a hand ended (a result's or the ledger's ``reason``) in ``lang``."""
    return _reasons(catalog(lang)).get(reason or "", reason or "")


def reason_words(reason: str, lang: str = "en") -> str:
    """A payment's reason in words (``first-turn-ppuk`` -> ``a ppuk on the first turn``)."""
    w = catalog(lang)
    words = {
        "first-turn-ppuk": w.t("a ppuk on the first turn"),
        "ppuk-streak": w.t("ppuk on each turn so far (yeon-ppuk 연뻑)"),  # VAR-PPUK-STREAK
        "first-turn-ttadak": w.t("a ttadak on the first turn (첫따닥)"),  # VAR-FIRST-TTADAK
        "three-ppuk": w.t("three ppuk"),
        "chongtong": w.t("chongtong 총통"),
        "joker": w.t("a joker"),
        "no-junk": w.t("no junk to give"),
        "yell": w.t("no shout after a first-turn ppuk"),  # GOO-14: the shot is for staying quiet
        "ja-ppuk": w.t("ja-ppuk 자뻑"),  # GOO-13
        "nagari": w.t("nagari 나가리"),  # GOO-5
    }
    if reason in words:
        return words[reason]
    if lang != "en":
        return reason_text(reason, lang)
    return reason.replace("-", " ").replace("_", " ")


def debt_words(kind: str, lang: str = "en") -> str:
    """The event a junk debt is owed for (``sseul``, ``stack-capture``...), in words."""
    w = catalog(lang)
    words = {
        "sseul": w.t("sseul"),
        "chok": w.t("chok"),
        "ttadak": w.t("ttadak"),
        "stack-capture": w.t("stack capture"),  # EVT-4, in words, not the event's name
        "ja-ppuk": w.t("ja-ppuk"),
        "boss-joker": w.t("a joker taken"),
        "baek-hwa-jeom": w.t("baek-hwa-jeom"),
        "bomb": w.t("bomb"),
        "grenade": w.t("grenade"),
    }
    return words.get(kind, kind)


def cards_text(cards: Sequence[Card | str]) -> str:
    """Card codes separated by spaces (``-`` for none)."""
    return " ".join(c if isinstance(c, str) else c.code for c in cards) or "-"


def _codes(value: Any) -> list[str]:
    """The card codes (and other words) in a value of an event's data, in order."""
    if value is None:
        return []
    if isinstance(value, Card):
        return [value.code]
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, Mapping):
        return [w for k, v in value.items() for w in (*_codes(k), *_codes(v))]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [w for v in value for w in _codes(v)]
    return [str(value)]


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def card_list(cards: Any, lang: str = "en") -> str:
    """Cards as a player reads them in a sentence, in every language: their names separated by
    commas (``iris ribbon, iris junk``; ``난초 띠, 난초 피``; ``-`` for none), the copies of one
    card counted (``조커 1 ×3``: :func:`gostop.words.cards.cards_said`). A word that is no card
    code stays as it is."""
    return cards_said(_codes(cards), lang) or "-"


def choice_cards(cards: Any, lang: str = "en") -> str:
    """Cards named inside a choice of the choice list, where the cards' faces are on the board
    beside it: their codes in English (``takes 06R``; the choice's own card has its name beside
    its code), their names in another language (:func:`card_list`)."""
    if lang == "en":
        return words(cards) or "-"
    return card_list(cards, lang)


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
    lang: str = "en",
    rules: Rules | None = None,
    claimed: dict[int, int] | None = None,
) -> LogLine | None:
    """One log line for ``ev`` (None: nothing to say), in ``lang``.

    ``name(table_seat)`` names a seat (``"You"`` for the human); ``hand_seats`` maps the hand
    seats of the hand the event belongs to onto table seats (for the seats inside ``data``).
    ``rules``: the table's, for what its payments are counted in and whether a nagari raises
    the stakes (None: chips, and it does). ``claimed``: kept by the caller over the events of a
    match, the amount each gwangpalli claimant claimed from each payer (GWANG-6; this function
    records it from the ``claim`` events), so that a payment doubled because it waited through
    a nagari says so (X-48: the claim said 4 chips, the payment 8).
    """
    w = catalog(lang)
    if ev.type == "hand":
        return _hand_line(ev, name, hand_seats, human, w)
    return _table_line(ev, name, human, w, rules, claimed)


def fold_layout_jokers(events: Sequence[MatchEvent]) -> list[MatchEvent | None]:
    """``events`` with each run of jokers dealt to the table (DEAL-5: one ``layout-joker`` event
    a joker, a joker drawn to replace one is another) folded into its first event: its cards are
    all the run's jokers, its ``replacement`` all the cards drawn for them; the run's other
    events are None (the list keeps its indices). The log says the run in one sentence."""
    out: list[MatchEvent | None] = list(events)
    start: int | None = None
    for i, ev in enumerate([*events, None]):
        he = ev.hand_event if ev is not None else None
        if he is not None and ev is not None and ev.type == "hand" and he.type == "layout-joker":
            if start is None:
                start = i
            continue
        if start is not None and i - start > 1:
            run = [e.hand_event for e in events[start:i] if e.hand_event is not None]
            first = events[start]
            data = dict(run[0].data)
            data["replacement"] = [r for h in run for r in _codes(h.data.get("replacement"))]
            folded = run[0]._replace(cards=tuple(c for h in run for c in h.cards), data=data)
            out[start] = replace(first, hand_event=folded)
            for j in range(start + 1, i):
                out[j] = None
        start = None
    return out


def _addressed(who: str, seat: Any, human: int, w: Catalog) -> bool:
    """Whether a sentence about ``seat`` takes the person's verb forms (``You play``): the
    person's seat under its default name only. A person who chose a name (``--name Kim``) is
    told of like the other players (``Kim plays``, never ``Kim play``)."""
    return seat == human and who == w.t("You")


def _table_line(
    ev: MatchEvent, name: Callable[[int | None], str], human: int, w: Catalog, rules: Rules | None = None,
    claimed: dict[int, int] | None = None,
) -> LogLine | None:
    who = name(ev.seat)
    unit = rules.payment_unit if rules is not None else "chips"  # GWANG-6/7 paid in shots with shots
    you = _addressed(who, ev.seat, human, w)
    d = ev.data
    t = ev.type
    lang = w.lang
    if t == "first-dealer":
        method = str(d.get("method", ""))
        how = _dealer_methods(w).get(method, method)
        draws = d.get("draws") or []
        if draws:
            drawn = []
            rounds = [x for x in draws if isinstance(x, Mapping)]
            for i, x in enumerate(rounds):
                rnd = x.get("round", 1)
                if i and rnd != rounds[i - 1].get("round", 1):  # MATCH-3: the tied players draw again
                    tied = dict.fromkeys(_named(name, y.get("seat"), human) for y in rounds if y.get("round", 1) == rnd)
                    drawn.append(w.t("a tie: {who} draw again from a fresh deck", who=", ".join(tied)))
                drawer = _named(name, x.get("seat"), human)
                code = str(x.get("card"))
                card = card_list([code], lang)
                yours = _addressed(name(x.get("seat")), x.get("seat"), human, w)
                if code.startswith("JK"):  # a joker does not count: its drawer draws again at once
                    drawn.append(w.t("{who} draw {card} (a joker does not count: {who} draw again)",
                                     who=drawer, card=card) if yours else
                                 w.t("{who} draws {card} (a joker does not count: {who} draws again)",
                                     who=drawer, card=card))
                elif yours:
                    drawn.append(w.t("{who} draw {card}", who=drawer, card=card))
                else:
                    drawn.append(w.t("{who} draws {card}", who=drawer, card=card))
            how += w.t("; ") + ", ".join(drawn)
        if you:
            return LogLine(w.t("{who} deal first ({how}).", who=who, how=how), "table")
        return LogLine(w.t("{who} deals first ({how}).", who=who, how=how), "table")
    if t == "cut":
        depth = d.get("depth")
        if depth is None:
            return LogLine(w.t("{who}: no cut.", who=who), "table")
        return LogLine(w.t("{who}: cut at {depth}.", who=who, depth=depth), "table")
    if t == "stay":
        text = w.t("{who} stay (gwangpalli 광팔이).", who=who) if you else w.t("{who} stays (gwangpalli 광팔이).", who=who)
        return LogLine(text, "table")
    if t == "drop":
        text = w.t("{who} drop (gwangpalli 광팔이).", who=who) if you else w.t("{who} drops (gwangpalli 광팔이).", who=who)
        return LogLine(text, "table")
    if t == "forced-in":
        if you:
            return LogLine(w.t("{who} are forced to play this hand.", who=who), "table")
        return LogLine(w.t("{who} is forced to play this hand.", who=who), "table")
    if t == "forced-out":
        if you:
            return LogLine(w.t("{who} are forced out of this hand.", who=who), "table")
        return LogLine(w.t("{who} is forced out of this hand.", who=who), "table")
    if t == "iris-out":
        card = card_list(["05A"], lang)
        if you:
            return LogLine(w.t("{who} hold {card} and must sit out.", who=who, card=card), "table")
        return LogLine(w.t("{who} holds {card} and must sit out.", who=who, card=card), "table")
    if t == "claim":
        if d.get("claimed"):
            cards = card_list(d.get("cards"), lang)
            if claimed is not None and isinstance(ev.seat, int):
                claimed[ev.seat] = int(d.get("amount") or 0)
            amount = amount_words(w, int(d.get("amount") or 0), unit)
            if you:
                text = w.t("{who} claim compensation for {cards}: {amount} from each payer.",
                           who=who, cards=cards, amount=amount)
            else:
                text = w.t("{who} claims compensation for {cards}: {amount} from each payer.",
                           who=who, cards=cards, amount=amount)
            return LogLine(text, "table")
        return LogLine(w.t("{who}: no compensation claim.", who=who), "table")
    if t == "compensation":
        to = _named(name, d.get("to"), human)
        paid = int(d.get("amount") or 0)
        amount = amount_words(w, paid, unit)
        claim = None if claimed is None else claimed.get(d.get("to"))  # type: ignore[arg-type]
        if claim and paid == 2 * claim:  # it waited through a nagari, doubled once
            if you:
                text = w.t("{who} pay {to} {amount} (compensation: {claimed} doubled, it waited through a nagari).",
                           who=who, to=to, amount=amount, claimed=amount_words(w, claim, unit))
            else:
                text = w.t("{who} pays {to} {amount} (compensation: {claimed} doubled, it waited through a nagari).",
                           who=who, to=to, amount=amount, claimed=amount_words(w, claim, unit))
            return LogLine(text, "table")
        if you:
            text = w.t("{who} pay {to} {amount} (compensation).", who=who, to=to, amount=amount)
        else:
            text = w.t("{who} pays {to} {amount} (compensation).", who=who, to=to, amount=amount)
        return LogLine(text, "table")
    if t == "push":  # VAR-PUSH
        forgone, factor = d.get("forgone"), 1 << int(d.get("pushes", 1))
        if you:
            text = w.t("{who} push: the {forgone} chips of this hand are not paid; the next hand pays {factor} times.",
                       who=who, forgone=forgone, factor=factor)
        else:
            text = w.t("{who} pushes: the {forgone} chips of this hand are not paid; the next hand pays {factor} times.",
                       who=who, forgone=forgone, factor=factor)
        return LogLine(text, "table")
    if t == "collect":
        if you:
            return LogLine(w.t("{who} collect the winnings (no push).", who=who), "table")
        return LogLine(w.t("{who} collects the winnings (no push).", who=who), "table")
    if t == "hand-start":
        seats = d.get("seats", [])
        carry = d.get("carry", 0)
        playing = ", ".join(_named(name, s, human) for s in seats)
        factor = (1 << int(carry) if rules is None else nagari_stakes(rules, int(carry))) if carry else 1
        # MATCH-5 (the MATCH-8 cap, a single doubling; none with shots): the factor itself
        more = w.t("; {n} nagari before: stakes x{factor}", n=carry, factor=factor) if factor > 1 else ""
        if d.get("pushes"):
            pushes = int(d["pushes"])
            more += w.n("; {n} push before: stakes x{factor}", "; {n} pushes before: stakes x{factor}", pushes,
                        factor=1 << pushes)
        dealer = _named(name, ev.seat, human)
        return LogLine(w.t("New hand. Dealer: {dealer}. Playing: {playing}{more}.",
                           dealer=dealer, playing=playing, more=more), "table")
    if t == "match-end":
        return LogLine(w.t("The match is over."), "end")
    return None


def _hand_line(
    ev: MatchEvent, name: Callable[[int | None], str], hand_seats: Sequence[int], human: int, w: Catalog
) -> LogLine | None:
    he = ev.hand_event
    t: str = he.type
    d: Mapping[str, Any] = he.data
    who = name(ev.seat)
    you = ev.seat == human  # what only the person sees (their deal, their draw), their lines' style
    mine = _addressed(who, ev.seat, human, w)  # the person's verb forms
    kind = "you" if you else "bot"
    lang = w.lang
    cards = card_list(he.cards, lang)
    f: dict[str, Any] = {"who": who, "cards": cards}

    def seat_name(hand_seat: Any) -> str:
        """The name of a hand seat inside a sentence (``you`` for the person)."""
        if isinstance(hand_seat, int) and 0 <= hand_seat < len(hand_seats):
            return _named(name, hand_seats[hand_seat], human)
        return "?"

    def said(yours: str, theirs: str) -> str:
        """The person's sentence or another player's (two messages: English conjugates)."""
        return yours if mine else theirs

    special = _special_events(w)
    if t in special and t not in ("bomb", "grenade", "chongtong"):
        why = _explain(w).get(t, "")
        if t == "boss-joker" and any(_card(c).joker_type is JokerType.BOSS for c in he.cards):
            why = w.t("the boss joker takes a junk card from each opponent")  # EVT-9; else a bonus card
        extra = f" ({why})" if why else ""
        owner = d.get("owner")
        if t == "stack-capture" and owner is not None:
            if isinstance(owner, int) and 0 <= owner < len(hand_seats) and hand_seats[owner] == human:
                whose = w.t("your ppuk stack")
            else:
                whose = w.t("{owner}'s ppuk stack", owner=seat_name(owner))
            extra = f" ({whose})"
        if t == "first-turn-ppuk":
            paid = w.t("paid at once")
            extra = f" ({paid})"
        # the cards first, then why: ``PPUK 뻑! Minji: plum animal, ... (the stock card matched: ...)``
        return LogLine(f"{special[t]}! {who}{': ' + cards if he.cards else ''}{extra}", "special")
    if t == "deal":
        if he.cards:
            return LogLine(w.t("You are dealt {cards}.", **f), "table") if you else None
        return None
    if t == "layout":
        return LogLine(w.t("On the table: {cards}.", **f), "table")
    if t == "layout-joker":  # a run of them is one event (:func:`fold_layout_jokers`)
        text = w.n("A joker dealt to the table goes to the dealer ({who}): {cards}.",
                   "{n} jokers dealt to the table go to the dealer ({who}): {cards}.", len(he.cards),
                   who=_named(name, ev.seat, human), cards=cards)
        refill = [c for c in _codes(d.get("replacement")) if not c.startswith("JK")]
        if refill:
            text += " " + w.t("Their places are filled from the stock: {cards}.", cards=card_list(refill, lang))
        return LogLine(text, "table")
    if t == "dealt-stack":
        return LogLine(w.t("Three of a month dealt to the table: a stack {cards}.", **f), "table")
    if t == "chongtong":
        return LogLine(said(w.t("CHONGTONG 총통! {who} hold {cards}.", **f),
                            w.t("CHONGTONG 총통! {who} holds {cards}.", **f)), "special")
    if t == "keep-quad":
        return LogLine(said(w.t("{who} keep a quad and play on.", **f),
                            w.t("{who} keeps a quad and plays on.", **f)), kind)
    if t == "turn":
        return LogLine(w.t("-- Your turn --") if you else w.t("-- {who}'s turn --", **f), "turn")
    if t == "shake":
        return LogLine(said(w.t("{who} shake (heundeum 흔들기): {cards} shown.", **f),
                            w.t("{who} shakes (heundeum 흔들기): {cards} shown.", **f)), "special")
    if t == "show-quad":
        return LogLine(said(w.t("{who} show a quad: {cards}.", **f),
                            w.t("{who} shows a quad: {cards}.", **f)), "special")
    if t == "reveal":
        return LogLine(said(w.t("{who} reveal {cards}: it goes to the captures, a replacement is drawn.", **f),
                            w.t("{who} reveals {cards}: it goes to the captures, a replacement is drawn.", **f)),
                       kind)
    if t == "draw":
        if you and he.cards:
            return LogLine(w.t("You draw {cards} to replace the joker.", **f), kind)
        return None
    if t == "offer-shodang":
        return LogLine(said(w.t("{who} offer shodang 쇼당 (end the hand as a nagari); hand shown: {cards}.", **f),
                            w.t("{who} offers shodang 쇼당 (end the hand as a nagari); hand shown: {cards}.", **f)),
                       "special")
    if t == "accept" and d.get("auto"):
        return LogLine(said(
            w.t("{who} are deemed to accept the shodang offer (the first answer was a refusal).", **f),
            w.t("{who} is deemed to accept the shodang offer (the first answer was a refusal).", **f),
        ), "special")
    if t == "accept":
        return LogLine(said(w.t("{who} accept the shodang offer.", **f),
                            w.t("{who} accepts the shodang offer.", **f)), "special")
    if t == "refuse":
        return LogLine(said(w.t("{who} refuse the shodang offer.", **f),
                            w.t("{who} refuses the shodang offer.", **f)), "special")
    if t == "play":
        if _codes(d.get("onto")):
            f["onto"] = card_list(d.get("onto"), lang)
            return LogLine(said(w.t("{who} play {cards} onto {onto}.", **f),
                                w.t("{who} plays {cards} onto {onto}.", **f)), kind)
        return LogLine(said(w.t("{who} play {cards}.", **f), w.t("{who} plays {cards}.", **f)), kind)
    # BOMB-1, VAR-GRENADE: the event names the hand's cards and the table's together (it does
    # not tell which were played): the line says how many were played (three: BOMB-1; two:
    # VAR-GRENADE) and that all four are taken, not that four were played
    if t == "bomb":
        return LogLine(said(w.t("BOMB 폭탄! {who} bomb with three cards, taking all four: {cards}.", **f),
                            w.t("BOMB 폭탄! {who} bombs with three cards, taking all four: {cards}.", **f)), "special")
    if t == "grenade":
        return LogLine(said(w.t("GRENADE 수류탄! {who} throw a grenade with two cards, taking all four: {cards}.", **f),
                            w.t("GRENADE 수류탄! {who} throws a grenade with two cards, taking all four: {cards}.", **f)), "special")
    if t == "skip":
        if d.get("forced"):
            return LogLine(w.t("{who}: stock-only turn (hand empty).", **f), kind)
        return LogLine(w.t("{who}: stock-only turn.", **f), kind)
    if t == "substitute":
        return LogLine(w.t("The stock card {cards} is played in place of the joker.", **f), kind)
    if t == "pick":
        f["card"] = card_list(d.get("for"), lang) if _codes(d.get("for")) else "?"
        return LogLine(said(w.t("{who} take {cards} with {card}.", **f),
                            w.t("{who} takes {cards} with {card}.", **f)), kind)
    if t == "flip":
        choice = [card_list([c], lang) for c in d.get("choice") or ()]
        if _codes(d.get("onto")):
            f["onto"] = card_list(d.get("onto"), lang)
            return LogLine(said(w.t("{who} flip {cards} onto {onto}.", **f),
                                w.t("{who} flips {cards} onto {onto}.", **f)), kind)
        if len(choice) == 2:  # the two cards of its month on the table: a pick follows
            f.update(first=choice[0], second=choice[1])
            return LogLine(said(w.t("{who} flip {cards} (matches {first} and {second}).", **f),
                                w.t("{who} flips {cards} (matches {first} and {second}).", **f)), kind)
        return LogLine(said(w.t("{who} flip {cards}.", **f), w.t("{who} flips {cards}.", **f)), kind)
    if t == "capture":
        return LogLine(said(w.t("{who} capture {cards}.", **f), w.t("{who} captures {cards}.", **f)), kind)
    if t == "surrender":
        f["to"] = seat_name(d.get("to"))
        debt = d.get("for")
        if debt:
            f["event"] = debt_words(debt, lang) if isinstance(debt, str) else words(debt)
            return LogLine(said(w.t("STEAL: {who} give {to} {cards} ({event}).", **f),
                                w.t("STEAL: {who} gives {to} {cards} ({event}).", **f)), "special")
        return LogLine(said(w.t("STEAL: {who} give {to} {cards}.", **f),
                            w.t("STEAL: {who} gives {to} {cards}.", **f)), "special")
    if t == "no-junk":
        return LogLine(said(w.t("{who} have no junk to give.", **f), w.t("{who} has no junk to give.", **f)), kind)
    if t == "payment":
        unit = str(d.get("unit", "chips"))
        f.update(to=seat_name(d.get("to")), amount=d.get("amount"),
                 unit={"chips": w.t("chips"), "shots": w.t("shots")}.get(unit, unit),
                 reason=reason_words(str(d.get("reason", "")), lang))
        return LogLine(said(w.t("{who} pay {to} {amount} {unit} ({reason}).", **f),
                            w.t("{who} pays {to} {amount} {unit} ({reason}).", **f)), "special")
    if t == "shot":
        shots = int(d.get("n") or 0)
        reason = reason_words(str(d.get("reason", "")), lang)
        if mine:
            text = w.n("{who} take {n} shot ({reason}).", "{who} take {n} shots ({reason}).", shots,
                       who=who, reason=reason)
        else:
            text = w.n("{who} takes {n} shot ({reason}).", "{who} takes {n} shots ({reason}).", shots,
                       who=who, reason=reason)
        return LogLine(text, "special")
    if t == "yell":
        return LogLine(w.t("{who}: yells!", **f), kind)
    if t == "no-yell":
        return LogLine(w.t("{who}: no yell", **f), kind)
    if t == "go":
        f.update(goes=d.get("goes"), points=d.get("points"))
        return LogLine(said(w.t("GO 고! {who} say go #{goes} with {points} points.", **f),
                            w.t("GO 고! {who} says go #{goes} with {points} points.", **f)), "special")
    if t == "stop":
        f["points"] = d.get("points")
        return LogLine(said(w.t("STOP 스톱! {who} stop with {points} points.", **f),
                            w.t("STOP 스톱! {who} stops with {points} points.", **f)), "special")
    if t == "four-on-table":  # DEAL-6: what follows (void deal, nagari or the dealer's win) is its own event
        return LogLine(w.t("Four cards of one month on the table: {cards}.", **f), "table")
    if t == "boar-ante":  # VAR-BOAR pot
        each, pot = int(d.get("each") or 0), int(d.get("pot") or 0)
        return LogLine(w.t("Everyone antes {each} for the boar (July animal): the pot holds {pot}.",
                           each=w.n("{n} chip", "{n} chips", each), pot=w.n("{n} chip", "{n} chips", pot)),
                       "table")
    reasons = _reasons(w)
    f["reason"] = reasons.get(str(d.get("reason")), d.get("reason"))
    if t == "win":
        return LogLine(said(w.t("{who} win: {reason}.", **f), w.t("{who} wins: {reason}.", **f)), "end")
    if t == "nagari":
        return LogLine(w.t("Nagari 나가리: {reason}.", **f), "end")
    if t == "void":
        # DEAL-6 / DEAL-8: a void deal does not count and is dealt again; a nagari (matgo's
        # four_on_table = nagari) counts as a hand: its words must not say "re-dealt"
        return LogLine(w.t("Void deal: {reason}; the cards are dealt again.", **f), "end")
    if t == "settlement":
        return None  # the hand summary explains it
    return LogLine(f"{t}: {who} {cards}", kind)
