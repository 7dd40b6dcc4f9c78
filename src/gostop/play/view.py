"""View models of the table, built from the person's observation only (no hidden card).

:func:`table_view` gathers what both faces draw: the layout grouped by month (stacks as
stacks), every active seat's capture area grouped bright / animal / ribbon / junk with counts
and points, hand sizes, the stock, the go / shake / bomb / ppuk counters, the bak stamps and
the "one card away" hints (:mod:`gostop.hints`), the ledger, the log and the prompt. Its
texts (the title, the status, the hints, the scoring items) and the names are in the session's
language; the view carries the language for the drawing (:mod:`gostop.play.render`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gostop.cards import Card
from gostop.engine import Observation
from gostop.hints import Stamp, bak_stamps, flex_junk_value, nagari_stakes, near_sets, score_lines
from gostop.play.narrate import LogLine, card_list
from gostop.play.session import HandSummary, Prompt, Session
from gostop.rules import Rules
from gostop.words import Catalog, catalog, item_name, preset_title, score_item_lines

__all__ = ["MonthPile", "SeatView", "TableView", "table_view", "TABLE_STAGES", "stage_texts"]


def stage_texts(words: Catalog) -> dict[str, str]:
    """The questions of the table rather than of a hand (the cut, gwangpalli stay or drop, the
    compensation claim, the push, the goo-stupe list), with what the top line says while the
    person answers one (in the language of ``words``): the last hand's moves and news are no
    longer news then."""
    return {
        "cut": words.t("Before the deal."),
        "drop": words.t("The cards are dealt: who plays this hand?"),
        "claim": words.t("You sit this hand out."),
        "push": words.t("Between hands."),
        "list": words.t("Before the deal."),
    }


#: :func:`stage_texts` in English.
TABLE_STAGES = stage_texts(catalog("en"))


@dataclass(frozen=True, slots=True)
class MonthPile:
    """The layout cards of one month; ``stack`` when they are a stack of three (its owner's
    name, or None for a dealt stack)."""

    month: int
    cards: tuple[Card, ...]
    stack: bool = False
    owner: str | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One active seat as everybody may see it."""

    table_seat: int
    name: str
    you: bool
    dealer: bool
    to_move: bool
    level: str
    hand_size: int
    shown: tuple[Card, ...]
    brights: tuple[Card, ...]
    animals: tuple[Card, ...]
    ribbons: tuple[Card, ...]
    junk: tuple[Card, ...]
    others: tuple[Card, ...]
    junk_value: int
    #: The junk value with the flex card counted as junk, when the panel shows it as an animal
    #: (what decides pi-bak for this seat), else None.
    junk_with_flex: tuple[str, int] | None
    points: int
    items: tuple[str, ...]
    goes: int
    shakes: tuple[int, ...]
    bombs: int
    ppuk: int
    skips: int
    stamps: tuple[Stamp, ...]
    near: tuple[str, ...]
    #: The seat's match total; at a table paid in shots, with the shots taken so far in the
    #: hand being played (``hand_shots`` of them).
    chips: int
    #: The language the seat is drawn in (``"en"`` or ``"ko"``).
    lang: str = "en"
    #: Shots taken so far in the hand being played (GOO-1; 0 at a table paid in chips).
    hand_shots: int = 0


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything on the screen at one moment."""

    title: str
    status: str
    target: int
    stock: int
    layout: tuple[MonthPile, ...]
    seats: tuple[SeatView, ...]  # opponents first, then you (when you play this hand)
    hand: tuple[Card, ...]
    ledger: tuple[tuple[str, int], ...]
    unit: str
    log: tuple[LogLine, ...]
    prompt: Prompt | None
    summary: HandSummary | None
    over: bool
    playing: bool
    #: Codes of the cards the last bot move played or took (drawn highlighted).
    highlight: frozenset[str] = frozenset()
    #: That move in words (``Minji played iris ribbon, took iris ribbon, iris junk``), or "".
    last_move: str = ""
    #: :attr:`last_move` in fewer words, for a tight screen (``Minji played iris ribbon, took 2
    #: cards``).
    last_move_short: str = ""
    #: The person's own last turn in words (``You played cherry bright, turned maple junk, took
    #: cherry junk, cherry bright``).
    your_turn: str = ""
    #: :attr:`your_turn` in fewer words, for a tight screen.
    your_turn_short: str = ""
    #: The outcome of the latest shodang offer, until the person's next decision.
    news: str = ""
    #: The language of the person (``"en"`` or ``"ko"``): the screens' own words follow it.
    lang: str = "en"
    #: For each ``ledger`` row, the shots taken so far in the hand being played (already in
    #: the row's total; all 0 at a table paid in chips or between hands).
    ledger_hand: tuple[int, ...] = ()


def _layout(obs: Observation, name: dict[int, str]) -> tuple[MonthPile, ...]:
    stacks = {s.month: s for s in obs.stacks}
    months: dict[int, list[Card]] = {}
    for c in obs.layout:
        months.setdefault(c.month, []).append(c)
    out: list[MonthPile] = []
    for m in sorted(months):
        st = stacks.get(m)
        if st is not None:
            owner = None if st.owner is None else name.get(st.owner, "?")
            out.append(MonthPile(m, st.cards, True, owner))
        else:
            out.append(MonthPile(m, tuple(months[m])))
    return tuple(out)


def _near_lines(session: Session, obs: Observation, seat: int, words: Catalog) -> tuple[str, ...]:
    groups: dict[tuple[str, int], list[str]] = {}
    for ns in near_sets(session.rules, obs):
        # A card in your own hand is no hint (your choices say what it captures or feeds).
        if ns.seat != seat or ns.where == "your hand":
            continue
        card = card_list([ns.missing], words.lang)  # a sentence names its card (the code is a card's face)
        if ns.holder is not None:
            holder = session.name(session.shown_hand()[1][ns.holder])
            where = words.t("{card} shown in {name}'s hand", card=card, name=holder)
        elif ns.where == "the table":
            where = words.t("{card} on the table", card=card)
        elif ns.where == "unseen":
            where = words.t("{card} unseen", card=card)
        else:
            where = f"{card} {ns.where}"
        groups.setdefault((ns.name, ns.points), []).append(where)
    return tuple(
        words.t("one card from {item} (+{points}): {cards}", points=points, cards=" / ".join(v),
                item=item_name(name, words.lang))  # no code in its name (``incl. the rain man``)
        for (name, points), v in groups.items()
    )


def _with_flex(rules: Rules, captures: tuple[Card, ...]) -> tuple[str, int] | None:
    value = flex_junk_value(rules, captures)
    return None if value is None or rules.flex_card is None else (rules.flex_card, value)


def paid_at_once(session: Session) -> tuple[int, ...]:
    """What each table seat was paid (+) or paid out (-) in the deal being played, before its
    hand ends: the gwangpalli compensation paid at once (GWANG-7 ``immediate``), in chips; all
    0 once the deal is in the ledger (its entry counts it) and at a table paid in shots."""
    m = session.match
    none = (0,) * m.n
    if m.shots_unit or not m.deals or m.is_over:
        return none
    if m.ledger.entries and m.ledger.entries[-1].deal == m.deals[-1].index:
        return none  # the deal has ended: its compensation is in the ledger
    return m.paid_this_deal


def table_view(session: Session, log_lines: int = 12) -> TableView:
    """The :class:`TableView` of ``session`` now."""
    m = session.match
    rules = session.rules
    lang = session.settings.lang
    words = catalog(lang)
    hand, hand_seats = session.shown_hand()
    # GOO-1: the shots of a hand are taken as it goes (jokers, shouts, steals...) and enter the
    # ledger when it ends; until then the totals add them, so they never read "+0" mid-hand.
    live = [0] * m.n
    if m.shots_unit and hand is not None:
        seen = hand.observation(0)  # the shots taken are public
        if seen.result is None:
            for hs, ts in enumerate(hand_seats):
                live[ts] = seen.shots[hs]
    totals = m.ledger.totals if not m.shots_unit else m.ledger.shot_totals
    totals = tuple(t + n for t, n in zip(totals, live, strict=True))
    # GWANG-7: gwangpalli compensation paid at once is paid when it is claimed; the ledger
    # counts it when the deal ends, the table shows it at once (it read "+0" all hand long)
    totals = tuple(t + n for t, n in zip(totals, paid_at_once(session), strict=True))
    unit = "shots" if m.shots_unit else "chips"
    ledger = tuple((session.name(s), totals[s]) for s in range(m.n))  # names as the person reads them
    total_hands = rules.match_hands if rules.match_target_chips is None else None
    number = m.hands_played + (0 if m.is_over else 1)
    carry = ""
    prompt = session.prompt()
    summary = session.pending[0] if session.pending else None
    # MATCH-5: the stakes of the hand shown. Under a hand's summary that is the hand just
    # ended (the match's carry already counts it: "stakes x2" read over hand 1's own nagari).
    # VAR-PUSH: the pushes before the hand double it too (hand 3 read "x2 (nagari)" and paid x4).
    before, pushes = m.carry, m.pushes
    if summary is not None and hand is not None:
        shown = hand.observation(0)
        before, pushes = shown.nagari_before, shown.pushes
    factor = nagari_stakes(rules, before)  # MATCH-8 cap; nothing multiplies shots (PAY-2)
    if factor > 1 and pushes:
        carry = words.t(" · stakes x{factor} (nagari, push)", factor=factor << pushes)
    elif factor > 1:
        carry = words.t(" · stakes x{factor} (nagari)", factor=factor)
    elif pushes:
        carry = words.t(" · stakes x{factor} (push)", factor=1 << pushes)
    if summary is not None and summary.hand is not None:
        number = summary.hand
    if total_hands:
        hands = words.t("hand {number} of {total}", number=number, total=total_hands)
    else:
        hands = words.t("hand {number}", number=number)
    title = f"gostop · {hands} · {preset_title(rules.preset, session.settings.lang)}{carry}"
    log = tuple(session.log[-log_lines:])
    obs = session.observation()
    public: Observation | None = obs
    if public is None and hand is not None:
        public = hand.observation(0)  # only its public parts are used: the person sits out
    seats: list[SeatView] = []
    layout: tuple[MonthPile, ...] = ()
    stock = 0
    target = rules.stop_target(hand.players if hand is not None else min(m.n, 3))
    playing = obs is not None
    if public is not None and hand is not None:
        names = {hs: session.name(ts) for hs, ts in enumerate(hand_seats)}
        layout = _layout(public, names)
        stock = public.stock_size
        stamps = bak_stamps(rules, public) if obs is not None else ()
        order = list(range(public.players))
        if obs is not None:
            me = obs.seat
            order = [s for s in order if s != me] + [me]
        for hs in order:
            ts = hand_seats[hs]
            b, _lines = score_lines(rules, public.captures[hs])
            lines = tuple(score_item_lines(b.items, lang))  # in words (not the record's ``incl. 12B``)
            you = ts == session.human
            seats.append(
                SeatView(
                    table_seat=ts,
                    name=session.name(ts),
                    you=you,
                    dealer=hs == 0,
                    to_move=public.current_player == hs,
                    level="" if you else session.settings.level,
                    hand_size=public.hand_sizes[hs],
                    shown=() if you else public.shown_hand_cards[hs],
                    brights=b.brights,
                    animals=b.animals,
                    ribbons=b.ribbons,
                    junk=tuple(c for c, _v in b.junk),
                    others=b.others,
                    junk_value=b.junk_count,
                    junk_with_flex=_with_flex(rules, public.captures[hs]),
                    points=public.stop_points[hs],
                    items=lines,
                    goes=public.goes[hs],
                    shakes=public.declared_months[hs],
                    bombs=public.bombs[hs],
                    ppuk=public.ppuk[hs],
                    skips=public.skip_allowance[hs],
                    stamps=tuple(s for s in stamps if s.seat == hs),
                    near=_near_lines(session, obs, hs, words) if obs is not None else (),
                    chips=totals[ts],
                    lang=lang,
                    hand_shots=live[ts],
                )
            )
    if m.is_over:
        status = words.t("The match is over.")
    elif summary is not None:
        status = words.t("The hand is over.")
    elif prompt is not None:
        status = stage_texts(words).get(prompt.stage) or words.t("Your move.")
    elif not playing and hand is not None:
        status = words.t("You sit this hand out.")
    else:
        status = ""
    stale = prompt is not None and prompt.stage in TABLE_STAGES  # a question before (or after) the hand
    moved = session.last_move if not stale else None
    return TableView(
        title=title,
        status=status,
        target=target,
        stock=stock,
        layout=layout,
        seats=tuple(seats),
        hand=obs.hand if obs is not None else (),
        ledger=ledger,
        unit=unit,
        log=log,
        prompt=prompt,
        summary=summary,
        over=m.is_over,
        playing=playing,
        highlight=frozenset(moved.cards) if moved is not None else frozenset(),
        last_move=moved.text if moved is not None else "",
        last_move_short=moved.short if moved is not None else "",
        your_turn=session.your_turn if playing else "",
        your_turn_short=session.your_turn_short if playing else "",
        news="" if stale else session.news,
        lang=lang,
        ledger_hand=tuple(live),
    )
