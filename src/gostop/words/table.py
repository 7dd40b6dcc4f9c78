"""The table's short texts in words: scoring items, where a card is, bak stamps, go warnings.

Each function reads facts (:class:`~gostop.scoring.ScoreItem`, :class:`~gostop.hints.Stamp`,
:class:`~gostop.hints.GoOutlook`) and says them through the catalogue of the language.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from gostop.hints import GoOutlook, JunkValues, Stamp, go_outlook
from gostop.rules import Rules
from gostop.scoring import ScoreItem
from gostop.words.cards import card_name
from gostop.words.catalog import Catalog, catalog
from gostop.words.person import as_named, said_name

__all__ = [
    "item_name",
    "score_item_lines",
    "where_text",
    "stamp_text",
    "go_warnings_text",
    "outlook_lines",
    "preview_text",
    "stack_junk_words",
    "stack_junk_brief",
    "junk_values_text",
    "preset_title",
]

def _item_words(w: Catalog, rule: str, count: int, rain: bool, name: str) -> str:
    if rule == "SCORE-1":
        if rain:
            return w.n("{n} bright incl. the rain man", "{n} brights incl. the rain man", count)
        return w.n("{n} bright", "{n} brights", count)
    if rule == "SCORE-2":
        return w.n("{n} animal", "{n} animals", count)
    if rule == "SCORE-4":
        return w.n("{n} ribbon", "{n} ribbons", count)
    if rule == "SCORE-6":
        return w.t("junk value {n}", n=count)
    named = {
        "godori": w.t("godori 고도리"),
        "yukdori": w.t("yukdori 육도리"),
        "bidori": w.t("bidori 비도리"),
        "hong-dan": w.t("hong-dan 홍단"),
        "cheong-dan": w.t("cheong-dan 청단"),
        "cho-dan": w.t("cho-dan 초단"),
        "VIP bonus": w.t("VIP bonus"),
        "palssari bonus": w.t("palssari bonus"),
    }
    return named.get(name, name)


@cache
def _names_by_text() -> dict[str, tuple[str, int, bool]]:
    """Every scoring item's record name (``3 brights incl. 12B``) -> (rule, count, rain)."""
    table: dict[str, tuple[str, int, bool]] = {}
    for n in range(1, 100):
        table[f"{n} brights"] = ("SCORE-1", n, False)
        table[f"{n} brights incl. 12B"] = ("SCORE-1", n, True)
        table[f"{n} animals"] = ("SCORE-2", n, False)
        table[f"{n} ribbons"] = ("SCORE-4", n, False)
        table[f"junk value {n}"] = ("SCORE-6", n, False)
    return table


def item_name(item: ScoreItem | str, lang: str = "en") -> str:
    """A scoring item's name in ``lang``: ``3 brights`` / ``삼광``, ``godori 고도리`` / ``고도리``.
    ``item`` is the item or its record name (``ScoreItem.name``)."""
    w = catalog(lang)
    if isinstance(item, ScoreItem):
        rain = any(c.code == "12B" for c in item.cards)
        return _item_words(w, item.rule, item.count, rain, item.name)
    known = _names_by_text().get(item)
    if known is not None:
        rule, count, rain = known
        return _item_words(w, rule, count, rain, item)
    return _item_words(w, "", 0, False, item)


def score_item_lines(items: Sequence[ScoreItem | tuple[str, int]], lang: str = "en") -> list[str]:
    """Score panel lines: ``godori 고도리: 5`` / ``고도리 5점``."""
    w = catalog(lang)
    out = []
    for item in items:
        if isinstance(item, ScoreItem):
            name, points = item_name(item, lang), item.points
        else:
            name, points = item_name(item[0], lang), item[1]
        out.append(w.t("{name}: {points}", name=name, points=points))
    return out


def where_text(where: str, lang: str = "en", holder: str | None = None, *, you: str | None = None) -> str:
    """Where the missing card of a near set is (``your hand``, ``the table``, ``shown``,
    ``unseen``), said in ``lang``; ``holder``: who showed it. ``you``: the seat name of the
    player the text is said to, as in :func:`gostop.words.events.event_line` (None: the reader
    is not known, a holder named ``You`` is the reader, ``shown by you``; another reader: that
    holder is said as a name, ``shown by “You”``: :func:`gostop.words.person.as_named`)."""
    w = catalog(lang)
    if where == "shown" and holder:
        return w.t("shown by {holder}", holder=said_name(as_named(holder, you), lang, start=False))
    words = {
        "your hand": w.t("your hand"),
        "the table": w.t("the table"),
        "shown": w.t("shown"),
        "unseen": w.t("unseen"),
    }
    return words.get(where, where)


def stamp_text(stamp: Stamp, lang: str = "en") -> str:
    """The one-line text of a bak stamp in ``lang``."""
    w = catalog(lang)
    if stamp.name == "pi-bak":
        if stamp.flex_card:
            mine = w.t(
                "junk {n} (counting {card} as double junk)",
                n=stamp.mine,
                card=card_name(stamp.flex_card, lang),
            )
        else:
            mine = w.t("junk {n}", n=stamp.mine)
        if stamp.live:
            return w.t(
                "pi-bak 피박: {mine} < {threshold}; an opponent has junk {theirs} and scores it: "
                "pays double",
                mine=mine, threshold=stamp.threshold, theirs=stamp.theirs,
            )
        return w.t(
            "pi-bak 피박: {mine} < {threshold}; an opponent has junk {theirs}",
            mine=mine, threshold=stamp.threshold, theirs=stamp.theirs,
        )
    if stamp.name == "gwang-bak":
        if not stamp.live:
            return w.t("gwang-bak 광박: no bright; an opponent has {n} brights", n=stamp.theirs)
        if stamp.adds:
            return w.t(
                "gwang-bak 광박: no bright; an opponent has {n} brights and scores them: pays "
                "{adds} more",
                n=stamp.theirs, adds=stamp.adds,
            )
        return w.t(
            "gwang-bak 광박: no bright; an opponent has {n} brights and scores them: pays double",
            n=stamp.theirs,
        )
    if stamp.name == "meong-dda":
        if stamp.live:
            return w.t("meong-dda 멍따: an opponent has {n} animals: everyone pays double", n=stamp.theirs)
        return w.t(
            "meong-dda 멍따: an opponent has {n} animals ({threshold} double the pay)",
            n=stamp.theirs, threshold=stamp.threshold,
        )
    if stamp.live:
        return w.t("meong-bak 멍박: no animal; an opponent has {n} animals: pays double", n=stamp.theirs)
    return w.t("meong-bak 멍박: no animal; an opponent has {n} animals", n=stamp.theirs)


def outlook_lines(o: GoOutlook, lang: str = "en", *, no_turn_left: bool = False) -> tuple[str, ...]:
    """What saying go means (:class:`~gostop.hints.GoOutlook`), one sentence a line.

    ``no_turn_left``: the decider holds no card and has no stock-only turn left, so it takes
    no further turn in this hand (TURN-4) and cannot stop again: a go gives the stop up, and
    the hand ends as a nagari or with another seat's win."""
    w = catalog(lang)
    out: list[str] = []
    if o.stop_total is not None:
        worth = o.stop_total
        if o.unit == "shots":
            stop = w.n("a stop worth {n} shot", "a stop worth {n} shots", worth)
        else:
            stop = w.n("a stop worth {n} chip", "a stop worth {n} chips", worth)
    else:
        stop = w.t("a stop")
    if no_turn_left and not o.last_turn:
        out.append(
            w.t(
                "You have no turn left: after a go you cannot stop again, so the hand ends with "
                "no winner or an opponent's win. You give up {stop}.",
                stop=stop,
            )
        )
        if o.risk == "dok-bak":
            out.append(w.t("Risk (go-bak 고박): if someone else wins, you pay for both losers."))
        elif o.risk == "double":
            out.append(w.t("Risk (go-bak 고박): if your opponent wins, you pay double."))
        return tuple(out)
    if o.last_turn:
        out.append(
            w.t(
                "This is the last turn of the hand: nobody has a card left. If you say go, the "
                "hand ends as a nagari (no winner, nobody is paid): you give up {stop}.",
                stop=stop,
            )
        )
        if o.stakes_after > o.stakes_now == 1:  # MATCH-5: the first nagari in a row
            if o.stakes_after == 2:
                out.append(w.t("After a nagari the next hand's stakes are doubled."))
            else:
                out.append(w.t("After a nagari the next hand's stakes are x{factor}.", factor=o.stakes_after))
        elif o.stakes_after > o.stakes_now:  # after earlier nagari: the factor rises
            out.append(w.t("After another nagari the next hand's stakes rise from x{now} to x{factor}.",
                           now=o.stakes_now, factor=o.stakes_after))
        elif o.stakes_now > 1 and o.stakes_after == o.stakes_now:  # MATCH-8 cap, or ``single``
            out.append(w.t("After another nagari the next hand's stakes stay x{factor}.", factor=o.stakes_now))
        if o.nagari_shots:  # GOO-5
            out.append(w.n("After a hand with no winner (nagari 나가리) every player takes {n} shot.",
                           "After a hand with no winner (nagari 나가리) every player takes {n} shots.",
                           o.nagari_shots))
        return tuple(out)
    if o.asked_above is not None:
        out.append(
            w.t("Go: play on. You are asked again only when you pass {n} points.", n=o.asked_above)
        )
    else:
        out.append(w.t("Go: play on. You are asked again when a scoring set forms or improves."))
    gain = []
    if o.next_chips:
        gain.append(w.n("+{n} chip", "+{n} chips", o.next_chips))
    if o.next_multiplier != 1:
        gain.append(f"×{o.next_multiplier}")
    if gain:
        out.append(
            w.n(
                "A win after {n} go pays {gain}.",
                "A win after {n} goes pays {gain}.",
                o.next_goes,
                gain=w.t(", ").join(gain),
            )
        )
    if o.risk == "dok-bak":
        out.append(w.t("Risk (go-bak 고박): if someone else wins, you pay for both losers."))
    elif o.risk == "double":
        out.append(w.t("Risk (go-bak 고박): if your opponent wins, you pay double."))
    return tuple(out)


def go_warnings_text(
    rules: Rules,
    players: int,
    goes: int,
    stop_points: int,
    *,
    last_turn: bool = False,
    stop_total: int | None = None,
    lang: str = "en",
    no_turn_left: bool = False,
    nagari_before: int = 0,
) -> tuple[str, ...]:
    """What saying go means under ``rules``, in ``lang`` (GOSTOP-2, GOSTOP-6, PAY-3, PAY-5,
    LIAB-3, PAY-6, MATCH-5); ``no_turn_left``: see :func:`outlook_lines`; ``nagari_before``:
    the nagari in a row before this hand."""
    o = go_outlook(rules, players, goes, stop_points, last_turn=last_turn, stop_total=stop_total,
                   nagari_before=nagari_before)
    return outlook_lines(o, lang, no_turn_left=no_turn_left)


def preview_text(kind: str, targets: Sequence[str], lang: str = "en") -> str:
    """One line about what playing a card would do (``Hand.preview``'s kind: ``one``,
    ``choice``, ``stack``, ``joker``, ``bomb``, ``grenade``, ``none``) with the cards it would
    take (codes), said with card names."""
    w = catalog(lang)
    names = [card_name(c, lang) for c in targets]
    listed = w.t(", ").join(names)
    if kind == "one":
        return w.t("takes {cards}", cards=listed)
    if kind == "choice":
        if len(names) == 2 and names[0] == names[1]:  # two cards alike (two plain junk of a month)
            return w.t("takes one of the two {card}", card=names[0])
        return w.t("takes {first} or {second} (you choose)", first=names[0], second=names[-1])
    if kind == "stack":
        return w.t("takes the stack: {cards}", cards=listed)
    if kind == "joker":
        return w.t("joker: to your captures, the top stock card is played instead")
    if kind == "bomb":
        return w.t("bomb: takes {cards}", cards=listed) if targets else w.t("bomb")
    if kind == "grenade":
        return w.t("grenade: takes {cards}", cards=listed) if targets else w.t("grenade")
    if kind == "none":
        return w.t("no match: stays on the table")
    return ""


def stack_junk_words(n: int, players: int, lang: str = "en", payers: Sequence[str] = (), broke: Sequence[str] = (),
                      shot: bool = False) -> str:
    """What taking a stack takes from the opponents (``Preview.steals``), as a clause to add
    to "takes the stack ...": ``broke`` are the opponents who have no junk to give now
    (``Preview.no_junk``: they give none, EVT-7, or take a shot instead with ``shot``, GOO-12),
    ``payers`` the others. The terminal game's card choices and the web page's previews say it."""
    w = catalog(lang)
    if not broke:
        if players == 2:
            return w.n(" + a junk from your opponent", " + {n} junk from your opponent", n)
        return w.n(" + a junk from each opponent", " + {n} junk from each opponent", n)
    if not payers:
        if players == 2:
            return w.t(" + your opponent takes a shot (no junk to give)") if shot else w.t(" (your opponent has no junk to give)")
        return w.t(" + each opponent takes a shot (no junk to give)") if shot else w.t(" (neither opponent has junk to give)")
    who, other = " · ".join(payers), " · ".join(broke)
    if shot:
        return w.n(" + a junk from {who}; {other} takes a shot (no junk)", " + {n} junk from {who}; {other} takes a shot (no junk)",
                   n, who=who, other=other)
    return w.n(" + a junk from {who} ({other} has none)", " + {n} junk from {who} ({other} has none)", n, who=who, other=other)


def stack_junk_brief(n: int, players: int, lang: str = "en", payers: Sequence[str] = (), shot: bool = False) -> str:
    """Taking a stack and the opponents' junk with it, in the fewest words (the terminal game's
    short form of a card choice)."""
    w = catalog(lang)
    others = players - 1
    if len(payers) == others:
        if players == 2:
            return w.n("stack + a junk from opponent", "stack + {n} junk from opponent", n)
        return w.n("stack + a junk from each", "stack + {n} junk from each", n)
    if not payers:
        if shot:
            return w.t("stack + opponent: 1 shot") if players == 2 else w.t("stack + each: 1 shot")
        return w.t("stack (no junk to take)")
    return w.n("stack + a junk from {who}", "stack + {n} junk from {who}", n, who=" · ".join(payers))


def junk_values_text(v: JunkValues, lang: str = "en") -> str:
    """What each card a debtor may give is worth (SCORE-7, :func:`gostop.hints.junk_values`),
    for the question which junk to give (EVT-7), its cards named: ``Junk value: plain junk 1,
    paulownia double junk 1, willow / rain double junk 0, every joker 1. ...`` (in Korean
    ``보통 피 1, 오동 쌍피 1, 비 쌍피 0, ...``)."""
    w = catalog(lang)
    parts = [w.t("plain junk {n}", n=v.plain)]
    if v.double_11 == v.double_12:
        parts.append(w.t("paulownia and willow / rain double junk {n}", n=v.double_11))
    else:
        parts += [w.t("paulownia double junk {n}", n=v.double_11), w.t("willow / rain double junk {n}", n=v.double_12)]
    values = {n for _code, n in v.jokers}
    if len(values) == 1:
        parts.append(w.t("every joker {n}", n=values.pop()))
    else:
        for code, n in v.jokers:
            parts.append(w.t("{joker} {n}", joker=card_name(code, lang), n=n))
    return w.t("Junk value: {values}. Give the junk worth least if you can.", values=", ".join(parts))


def preset_title(preset: str, lang: str = "en") -> str:
    """A rule set's short name for a title line in ``lang``: its id in English (``matgo``),
    the name players use in Korean (``맞고``); a name without one (a rules file's own) is
    shown as it is."""
    w = catalog(lang)
    names = {
        "pagat": w.t("pagat"),
        "pagat-classic": w.t("pagat-classic"),
        "fuda-wiki": w.t("fuda-wiki"),
        "blog": w.t("blog"),
        "matgo": w.t("matgo"),
        "goo-stupe": w.t("goo-stupe"),
    }
    return names.get(preset, preset)
