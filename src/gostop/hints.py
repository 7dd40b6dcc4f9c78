"""Hints for people at the table: small questions the faces ask about one seat's view of a hand.

This is a services-layer module: it reads what a seat may know (an engine
:class:`~gostop.engine.Observation`) and asks :mod:`gostop.scoring` and :mod:`gostop.settlement`;
the faces (terminal game, web game) only display its answers. It never looks at hidden cards.

* :func:`near_sets` -- scoring sets one card away (SCORE-1 brights, SCORE-3 godori, SCORE-5 the
  three dan), for every seat, and where the missing card is from the viewer's side;
* :func:`bak_stamps` -- the doubling penalties a seat is exposed to (PAY-5/PAY-6: pi-bak,
  gwang-bak, meong-dda, meong-bak), marked *live* when an opponent stopping now would apply it;
  :func:`table_stamps` -- which of them a table can ever show (the help pages name those);
* :func:`score_lines` -- the scoring items of a capture area, for a score panel;
* :func:`stop_preview` -- what a stop would pay right now, asked of the engine itself;
* :func:`go_outlook` -- what saying go risks under the rules (GOSTOP, LIAB-3, PAY-6);
* :func:`nagari_stakes` -- what the next win is multiplied by after nagari in a row (MATCH-5);
* :func:`junk_values` -- what each junk card a debtor may give is worth at a table (SCORE-7).

>>> from gostop.engine import Hand
>>> from gostop.rules import get_preset
>>> rules = get_preset("pagat")
>>> hand = Hand.new(rules, 2, 1)
>>> obs = hand.observation(0)
>>> stop_preview(hand, 0) is None  # nobody can stop at the deal
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gostop.cards import Card, parse_card
from gostop.engine import Hand, Observation
from gostop.rules import Rules
from gostop.scoring import ScoreBreakdown, ScoreTable, is_surrenderable, junk_value
from gostop.settlement import Settlement, go_chips, go_multiplier, nagari_factor

__all__ = [
    "NearSet",
    "Stamp",
    "near_sets",
    "STAMP_NAMES",
    "table_stamps",
    "bak_stamps",
    "score_lines",
    "flex_junk_value",
    "stop_preview",
    "GoOutlook",
    "go_outlook",
    "final_turn",
    "nagari_stakes",
    "JunkValues",
    "junk_values",
    "pi_bak_threshold",
    "JUNK_SCORES_FROM",
    "MEONG_ANIMALS",
]

#: SCORE-6: a junk count of at least this many scores (j - 9 points).
JUNK_SCORES_FROM = 10
#: PAY-5 / PAY-6: a winner with at least this many animals doubles (meong-dda / meong-bak).
MEONG_ANIMALS = 7
#: Rules of the items that are *sets* for :func:`near_sets` (brights, birds, ribbon sets).
_SET_RULES = frozenset({"SCORE-1", "SCORE-3", "SCORE-5"})


# -- sets one card away -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NearSet:
    """Seat ``seat`` is one card (``missing``) away from the scoring item ``name``.

    ``where`` says where the missing card is, seen from the viewer: ``"your hand"``,
    ``"the table"``, ``"shown"`` (in the hand of seat ``holder``: a declared heundeum or an
    exposed hand) or ``"unseen"`` (the stock or a hidden hand).
    """

    seat: int
    name: str
    rule: str
    points: int
    missing: Card
    where: str
    holder: int | None = None


def _table(rules: Rules) -> ScoreTable:
    return ScoreTable.for_rules(rules)


def _item_names(b: ScoreBreakdown) -> dict[str, tuple[str, int]]:
    """rule -> (name, points) for the set items of a breakdown (one per rule but SCORE-5)."""
    out: dict[str, tuple[str, int]] = {}
    for it in b.items:
        if it.rule in _SET_RULES:
            key = it.name if it.rule == "SCORE-5" else it.rule
            out[key] = (it.name, it.points)
    return out


def _where(obs: Observation, card: Card) -> tuple[str, int | None]:
    if card in obs.hand:
        return "your hand", None
    if card in obs.layout:
        return "the table", None
    for seat, shown in enumerate(obs.shown_hand_cards):
        if seat != obs.seat and card in shown:
            return "shown", seat
    return "unseen", None


def near_sets(rules: Rules, obs: Observation) -> tuple[NearSet, ...]:
    """Every set item (brights, godori, hong-dan, cheong-dan, cho-dan) that some seat would
    newly score with one more card that nobody has captured yet."""
    table = _table(rules)
    captured: set[Card] = {c for cs in obs.captures for c in cs}
    live = [c for c in table.deck if not c.is_joker and c not in captured]
    out: list[NearSet] = []
    for seat, caps in enumerate(obs.captures):
        mask = table.mask(caps)
        before = _item_names(table.breakdown(mask))
        for card in live:
            if card in caps:
                continue
            after = _item_names(table.breakdown(mask | table.bit(card)))
            for key, (name, points) in after.items():
                if key in before:
                    continue
                where, holder = _where(obs, card)
                out.append(NearSet(seat, name, _rule_of(key), points, card, where, holder))
    return tuple(out)


def _rule_of(key: str) -> str:
    return key if key.startswith("SCORE-") else "SCORE-5"


# -- bak stamps -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stamp:
    """A penalty seat ``seat`` is exposed to if another seat wins by a stop.

    ``name``: ``"pi-bak"``, ``"gwang-bak"``, ``"meong-dda"`` or ``"meong-bak"``; ``hangul`` its
    Korean name; ``live``: an opponent scores the item that triggers it right now (a stop now
    would apply it); otherwise an opponent is one step from it. ``text``: one line in English
    (:func:`gostop.words.stamp_text` says it in any language from the facts below).

    The facts: ``mine`` is the seat's own count (junk for pi-bak, brights for gwang-bak,
    animals for meong-bak; 0 for meong-dda), ``theirs`` the opponent's count that threatens,
    ``threshold`` the count that protects or triggers (pi-bak: the junk that protects; meong:
    the animals that double), ``flex_card`` the seat's flex card when pi-bak counts it as
    double junk, ``adds`` 2 when gwang-bak adds 2 instead of doubling (else 0).
    """

    seat: int
    name: str
    hangul: str
    live: bool
    text: str
    mine: int = 0
    theirs: int = 0
    threshold: int = 0
    flex_card: str | None = None
    adds: int = 0


@dataclass(frozen=True, slots=True)
class _Facts:
    brights: int
    bright_points: int
    has_jkp: bool
    junk: int  # junk count with the flex card counted as junk when it has one (SCORE-8)
    animals: int
    flex_junk: bool  # the flex card is held and counting it as junk raises the junk count


def _facts(table: ScoreTable, caps: Sequence[Card]) -> _Facts:
    mask = table.mask(caps)
    return _Facts(
        brights=(mask & table.brights).bit_count(),
        bright_points=table.bright_points(mask),
        has_jkp=bool(mask & table.jkp_mask),
        junk=max(table.junk_count(mask, False), table.junk_count(mask, True)),
        animals=table.animal_count(mask, False),
        flex_junk=table.junk_count(mask, True) > table.junk_count(mask, False),
    )


def pi_bak_threshold(rules: Rules, players: int) -> int:
    """PAY-6: the junk count that protects from pi-bak."""
    if players == 2 and rules.pi_bak_protect_min_two_player is not None:
        return rules.pi_bak_protect_min_two_player
    return rules.pi_bak_protect_min


#: The bak stamps (PAY-5, PAY-6) in the order a seat shows them, with their Korean names.
STAMP_NAMES: dict[str, str] = {"pi-bak": "피박", "gwang-bak": "광박", "meong-dda": "멍따", "meong-bak": "멍박"}


def table_stamps(rules: Rules) -> tuple[str, ...]:
    """The bak stamps a table of ``rules`` can ever show (names of :data:`STAMP_NAMES`, in
    their order): pi-bak, gwang-bak, meong-dda and meong-bak where their knob plays them
    (PAY-5, PAY-6); none in a game played for shots (PAY-2), which has no baks.
    :func:`bak_stamps` never makes another, and the help pages name exactly these."""
    if rules.payment_unit == "shots":
        return ()
    on = {
        "pi-bak": rules.pi_bak,
        "gwang-bak": rules.gwang_bak != "off",
        "meong-dda": rules.meong in ("dda", "dda_and_bak"),
        "meong-bak": rules.meong in ("bak", "dda_and_bak"),
    }
    return tuple(name for name in STAMP_NAMES if on[name])


def bak_stamps(rules: Rules, obs: Observation) -> tuple[Stamp, ...]:
    """The bak stamps of every seat of the hand (see :class:`Stamp`).

    A stamp is *live* when some opponent already scores the item that triggers it (pi-bak: junk
    scores, gwang-bak: a bright line, meong: seven animals); it is shown as a *risk* when an
    opponent is close (junk 8 or more, two brights, six animals). Only the stamps of
    :func:`table_stamps` are made: none in a shots game (``payment_unit = shots``).
    """
    kinds = table_stamps(rules)
    if not kinds:
        return ()
    table = _table(rules)
    facts = [_facts(table, caps) for caps in obs.captures]
    n = len(facts)
    threshold = pi_bak_threshold(rules, obs.players)
    out: list[Stamp] = []
    for s in range(n):
        me = facts[s]
        others = [facts[o] for o in range(n) if o != s]
        # PAY-14: with pi_bak_zero_exempt a seat with no junk at all is not exposed.
        if "pi-bak" in kinds and me.junk < threshold and (me.junk or not rules.pi_bak_zero_exempt):
            best = max(o.junk for o in others)
            if best >= JUNK_SCORES_FROM - 2:
                live = best >= JUNK_SCORES_FROM
                # a loser's flex card counts the way that lowers the payment: as junk here.
                flex = f" (counting {rules.flex_card} as double junk)" if me.flex_junk else ""
                out.append(
                    Stamp(
                        s, "pi-bak", STAMP_NAMES["pi-bak"], live,
                        f"pi-bak 피박: junk {me.junk}{flex} < {threshold}; an opponent has junk "
                        f"{best}" + (" and scores it: pays double" if live else ""),
                        mine=me.junk, theirs=best, threshold=threshold,
                        flex_card=rules.flex_card if me.flex_junk else None,
                    )
                )
        if "gwang-bak" in kinds and me.brights == 0 and not me.has_jkp:
            best_b = max(others, key=lambda f: (f.bright_points, f.brights))
            scope_ok = True
            if rules.gwang_bak_scope == "all_or_none":
                scope_ok = all(f.brights == 0 for f in others if f is not best_b)
            if scope_ok and (best_b.bright_points > 0 or best_b.brights >= 2):
                live = best_b.bright_points > 0
                how = "pays double" if rules.gwang_bak == "double" else "pays 2 more"
                out.append(
                    Stamp(
                        s, "gwang-bak", STAMP_NAMES["gwang-bak"], live,
                        f"gwang-bak 광박: no bright; an opponent has {best_b.brights} brights"
                        + (f" and scores them: {how}" if live else ""),
                        mine=0, theirs=best_b.brights, adds=0 if rules.gwang_bak == "double" else 2,
                    )
                )
        most = max(o.animals for o in others)
        if "meong-dda" in kinds and most >= MEONG_ANIMALS - 1:
            live = most >= MEONG_ANIMALS
            out.append(
                Stamp(
                    s, "meong-dda", STAMP_NAMES["meong-dda"], live,
                    f"meong-dda 멍따: an opponent has {most} animals"
                    + (": everyone pays double" if live else f" ({MEONG_ANIMALS} double the pay)"),
                    theirs=most, threshold=MEONG_ANIMALS,
                )
            )
        if "meong-bak" in kinds and me.animals == 0 and most >= MEONG_ANIMALS - 1:
            live = most >= MEONG_ANIMALS
            out.append(
                Stamp(
                    s, "meong-bak", STAMP_NAMES["meong-bak"], live,
                    f"meong-bak 멍박: no animal; an opponent has {most} animals"
                    + (": pays double" if live else ""),
                    theirs=most, threshold=MEONG_ANIMALS,
                )
            )
    return tuple(out)


# -- score panel ------------------------------------------------------------------------------------


def flex_junk_value(rules: Rules, captures: Sequence[Card]) -> int | None:
    """The junk count of ``captures`` with the flex card counted as junk, when it holds the flex
    card and the score panel shows it as an animal (else None): the count that decides pi-bak
    for a loser (SCORE-8, X-42)."""
    table = _table(rules)
    mask = table.mask(captures)
    if not mask & table.flex_bit:
        return None
    if table.breakdown(mask).flex_class != "animal":
        return None
    return table.junk_count(mask, True)


def score_lines(rules: Rules, captures: Sequence[Card]) -> tuple[ScoreBreakdown, tuple[str, ...]]:
    """The breakdown of a capture area (flex card classed for stop points) and one short
    line per scoring item (``"godori: 5"``)."""
    table = _table(rules)
    b = table.breakdown(table.mask(captures))
    lines = tuple(f"{it.name}: {it.points}" for it in b.items)
    return b, lines


# -- go / stop ---------------------------------------------------------------------------------------


def stop_preview(hand: Hand, seat: int) -> Settlement | None:
    """What a stop would pay now, when ``seat`` is deciding go or stop (else None).

    Asked of the engine itself: a clone of the hand applies ``stop`` and its settlement is
    returned. A stop only reads public facts (capture areas, declarations, goes, liability),
    so nothing hidden leaks. The caller must be the driver that owns the hand.
    """
    if hand.is_over or hand.current_player != seat or hand.stage != "go-stop":
        return None
    probe = hand.clone()
    probe.apply("stop")
    result = probe.result
    return None if result is None else result.settlement


def nagari_stakes(rules: Rules, nagari_before: int) -> int:
    """MATCH-5: what the settlement of a stop is multiplied by after ``nagari_before`` nagari
    in a row (``nagari_multiplier``, the MATCH-8 cap); 1 in a game played for shots (PAY-2),
    where the shots are the whole settlement and nothing is multiplied."""
    if rules.payment_unit == "shots":
        return 1
    return nagari_factor(rules, nagari_before)


@dataclass(frozen=True, slots=True)
class JunkValues:
    """SCORE-7: what the cards a debtor may give as junk (EVT-7) are worth at a table.

    ``plain``: a ``J`` card; ``double_11`` / ``double_12``: 11D and 12D; ``jokers``: each
    joker type of the deck that is a junk card, as (its first code, its value), in deck order
    (copies such as ``JK1-2`` are one type). The flex card is never given (EVT-7)."""

    plain: int
    double_11: int
    double_12: int
    jokers: tuple[tuple[str, int], ...]


def junk_values(rules: Rules) -> JunkValues:
    """The junk values of the cards that may be given at a table of ``rules``, asked of the
    scoring rules themselves (:func:`gostop.scoring.junk_value`), so every preset and knob
    (``junk_value_11D``, ``junk_value_12D``, ``uniform_joker_value``, ``jokers``) is read."""
    jokers: dict[str, int] = {}
    for code in rules.jokers:
        card = parse_card(code)
        base = parse_card(code.split("-")[0])
        if is_surrenderable(rules, card) and base.code not in jokers:
            jokers[base.code] = junk_value(rules, card)
    return JunkValues(
        plain=junk_value(rules, parse_card("01J1")),
        double_11=junk_value(rules, parse_card("11D")),
        double_12=junk_value(rules, parse_card("12D")),
        jokers=tuple(jokers.items()),
    )


def final_turn(obs: Observation) -> bool:
    """True when the turn being played is the hand's last: nobody holds a card any more, so the
    hand ends after it (TURN-5) and a go ends it as a nagari (GOSTOP-6)."""
    return sum(obs.hand_sizes) == 0


@dataclass(frozen=True, slots=True)
class GoOutlook:
    """What saying go means under the rules, as facts (GOSTOP-2, GOSTOP-6, PAY-3, PAY-5,
    LIAB-3, PAY-6); :func:`gostop.words.go_warnings_text` says it in words.

    ``last_turn``: the hand ends after this turn, so a go ends it as a nagari (GOSTOP-6) and
    gives up the stop, worth ``stop_total`` (None: unknown); nobody can win after that go, so
    there is no go-bak ``risk`` and nothing a later win adds (``asked_above`` None,
    ``next_chips`` 0, ``next_multiplier`` 1). ``stakes_now``: what this hand's stop is
    multiplied by after the nagari before it (MATCH-5, the MATCH-8 cap); ``stakes_after``:
    what the next hand's would be after a nagari now (the MATCH-6 limit starts it over).
    Otherwise: ``asked_above`` is the score to pass before being asked again
    (``above_last_go``), or None (asked when a set forms or improves); ``next_goes``,
    ``next_chips`` and ``next_multiplier`` what a win after one more go adds (0 chips and
    multiplier 1 when nothing, or in shots games); ``risk``: ``"dok-bak"`` (3 players: pays
    for both losers), ``"double"`` (2 players: pays double) or None. A shots game (PAY-2,
    GOO-4) has no go-bak and no nagari factor, whatever those knobs say; ``nagari_shots``: the
    shots every player takes after a nagari there (GOO-5; else 0).
    """

    unit: str
    last_turn: bool
    stop_total: int | None
    stakes_now: int
    stakes_after: int
    asked_above: int | None
    next_goes: int
    next_chips: int
    next_multiplier: int
    risk: str | None
    nagari_shots: int = 0

    @property
    def nagari_doubles(self) -> bool:
        """A nagari now raises the next hand's stakes (MATCH-5)."""
        return self.stakes_after > self.stakes_now


def go_outlook(
    rules: Rules,
    players: int,
    goes: int,
    stop_points: int,
    *,
    last_turn: bool = False,
    stop_total: int | None = None,
    nagari_before: int = 0,
) -> GoOutlook:
    """What saying go means under ``rules`` (see :class:`GoOutlook`).

    ``last_turn``: the hand ends after this turn (:func:`final_turn`), so a go ends it as a
    nagari and gives up the stop (worth ``stop_total``); ``nagari_before``: the nagari in a
    row before this hand (MATCH-5's k)."""
    shots = rules.payment_unit == "shots"
    n = goes + 1
    pays = rules.go_scheme != "none" and not shots and not last_turn  # GOSTOP-6: no later win
    after = nagari_before + 1
    if rules.nagari_limit is not None and after >= rules.nagari_limit:  # MATCH-6
        after = 0
    risk: str | None = None
    if shots or last_turn:  # PAY-2: shots only; GOSTOP-6: after a last-turn go nobody wins
        pass
    elif players == 3 and rules.dok_bak:  # LIAB-3
        risk = "dok-bak"
    elif players == 2 and rules.go_bak_two_player == "double":  # PAY-6
        risk = "double"
    return GoOutlook(
        unit="shots" if shots else "chips",
        last_turn=last_turn,
        stop_total=stop_total,
        stakes_now=nagari_stakes(rules, nagari_before),
        stakes_after=nagari_stakes(rules, after),
        asked_above=stop_points if rules.go_decision_trigger == "above_last_go" and not last_turn else None,
        next_goes=n,
        next_chips=go_chips(rules, n) if pays else 0,
        next_multiplier=go_multiplier(rules, n) if pays else 1,
        risk=risk,
        nagari_shots=rules.nagari_shots if shots else 0,
    )
