"""The words of ``gostop replay``: the labels, results, ledger lines and error lines of a
replayed hand or match record, in English or Korean.

A replay has no reader at the table: every line is said for everybody, and a seat named as a
player who gave no name (``You``, ``나``) is quoted as a name (``“You” claims ...``), never
addressed (:func:`gostop.words.person.as_named` with ``you=""``). Card codes appear only in
lists of cards under a label (a hand, the table, the stock, captures), where they are the
cards' faces; a sentence names its cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from gostop.words.cards import cards_said
from gostop.words.catalog import catalog
from gostop.words.person import as_named

__all__ = [
    "quoted",
    "seat_label",
    "listed",
    "rules_line",
    "deal_rows",
    "deal_event_line",
    "table_row",
    "stack_text",
    "stage_words",
    "unfinished_lines",
    "result_line",
    "payments_line",
    "shots_line",
    "captures_line",
    "match_header",
    "first_dealer_line",
    "list_line",
    "moves_label",
    "dealt_line",
    "drew_line",
    "ledger_label",
    "deal_head",
    "drop_out_line",
    "claim_line",
    "part_line",
    "deal_figures_line",
    "totals_line",
    "match_end_line",
    "standing_line",
    "error_text",
    "help_hint_text",
    "unknown_language",
    "not_a_record",
    "save_not_a_record",
    "at_needs_one_record",
    "at_needs_a_hand_record",
    "record_problem",
    "action_unreadable",
    "action_after_end",
    "action_illegal",
    "result_differs",
]


def quoted(name: str) -> str:
    """A seat's name said for everybody: a name taken for "you" in quotation marks."""
    return as_named(name, "")


def seat_label(seat: int | None, name: str | None, lang: str = "en") -> str:
    """A hand record's seat: ``seat 0 (Min-ji)``, ``seat 0 (dealer)``, ``seat 1``; ``-``."""
    w = catalog(lang)
    if seat is None:
        return "-"
    if name is not None:
        return w.t("seat {n} ({name})", n=seat, name=quoted(name))
    return w.t("seat {n} (dealer)", n=seat) if seat == 0 else w.t("seat {n}", n=seat)


def listed(names: Sequence[str], lang: str = "en") -> str:
    """``Sora``, ``Sora and Jun``, ``Minji, Sora and Jun`` (Korean: ``민지, 소라, 준``)."""
    w = catalog(lang)
    if len(names) <= 1:
        return "".join(names)
    return w.t("{first} and {last}", first=w.t(", ").join(names[:-1]), last=names[-1])


def _codes(codes: Sequence[str], lang: str) -> str:
    return " ".join(codes) or catalog(lang).t("(none)")


def rules_line(preset: str, overrides: str, players: int, seed: int | None, nagari_before: int, lang: str = "en") -> str:
    """The first line of a hand's replay: its rules, players, seed, the nagari before it."""
    w = catalog(lang)
    text = w.t("rules: {preset}", preset=preset)
    if overrides:
        text += w.t(" with {overrides}", overrides=overrides)
    text += w.n("; {n} player", "; {n} players", players)
    if seed is not None:
        text += w.t("; seed {seed}", seed=seed)
    if nagari_before:
        text += w.t("; nagari before: {n}", n=nagari_before)
    return text


def deal_rows(hands: Sequence[Sequence[str]], layout: Sequence[str], stock: Sequence[str],
              names: Sequence[str] | None, lang: str = "en") -> list[str]:
    """The deal: each seat's hand, the table and the stock, as rows of card faces."""
    w = catalog(lang)
    rows = [f"{seat_label(i, None if names is None else names[i], lang)}: {_codes(cards, lang)}"
            for i, cards in enumerate(hands)]
    rows.append(w.t("layout: {cards}", cards=_codes(layout, lang)))
    rows.append(w.t("stock (top first): {cards}", cards=_codes(stock, lang)))
    return rows


def deal_event_line(line: str, lang: str = "en") -> str:
    """An event of the deal itself (a stack dealt, a joker on the table)."""
    return catalog(lang).t("deal: {line}", line=line)


def table_row(parts: Sequence[str], lang: str = "en") -> str:
    """The table after an action: its cards, each stack written ``[a b c]``."""
    w = catalog(lang)
    return w.t("layout: {cards}", cards=" ".join(parts) or w.t("(empty)"))


def stack_text(codes: Sequence[str], owner: str | None, lang: str = "en") -> str:
    """A stack of three on the table, with the seat whose ppuk made it: ``[a b c of seat 0]``."""
    cards = " ".join(codes)
    if owner is None:
        return f"[{cards}]"
    return catalog(lang).t("[{cards} of {owner}]", cards=cards, owner=owner)


def stage_words(stage: str, lang: str = "en") -> str:
    """What the seat to act next decides (the hand's stage)."""
    w = catalog(lang)
    words = {
        "main": w.t("a card to play"),
        "pick-hand": w.t("which card to take"),
        "pick-stock": w.t("which card the stock card takes"),
        "answer-shodang": w.t("an answer to the shodang offer"),
        "yell": w.t("whether to yell"),
        "surrender": w.t("which junk to give"),
        "go-stop": w.t("go or stop"),
        "chongtong": w.t("whether to declare chongtong"),
    }
    return words.get(stage, stage)


def _figures(pairs: Sequence[tuple[str, int]], signed: bool = True) -> str:
    return "  ".join(f"{name} {value:+d}" if signed else f"{name} {value}" for name, value in pairs)


def unfinished_lines(who: str, stage: str, stop_points: Sequence[tuple[str, int]],
                     chips: Sequence[tuple[str, int]], shots: Sequence[tuple[str, int]],
                     lang: str = "en") -> list[str]:
    """A hand whose record stops before its end: who acts next and the figures so far."""
    w = catalog(lang)
    out = [
        w.t("not finished: {who} to act next ({what})", who=who, what=stage_words(stage, lang)),
        w.t("stop points so far: {figures}", figures=_figures(stop_points, signed=False)),
    ]
    if any(v for _, v in chips) or any(v for _, v in shots):
        out.append(w.t("fixed payments so far (net per seat): {figures}", figures=_figures(chips)))
        if any(v for _, v in shots):
            out.append(w.t("shots so far: {figures}", figures=_figures(shots, signed=False)))
    return out


def result_line(outcome: str, who: str | None, reason: str, points: int, lang: str = "en") -> str:
    """The result of a hand: ``outcome`` ``win`` (``who`` won), ``void`` or ``nagari``;
    ``reason``: why, in words."""
    w = catalog(lang)
    if outcome == "win":
        return w.n("result: {who} wins by {reason}, {n} point", "result: {who} wins by {reason}, {n} points",
                   points, who=who, reason=reason)
    if outcome == "void":
        return w.t("result: void deal ({reason})", reason=reason)
    return w.t("result: nagari ({reason})", reason=reason)


def payments_line(pairs: Sequence[tuple[str, int]], lang: str = "en") -> str:
    return catalog(lang).t("payments (net per seat): {figures}", figures=_figures(pairs))


def shots_line(pairs: Sequence[tuple[str, int]], lang: str = "en") -> str:
    return catalog(lang).t("shots: {figures}", figures=_figures(pairs, signed=False))


def captures_line(who: str, codes: Sequence[str], lang: str = "en") -> str:
    return catalog(lang).t("captures {who}: {cards}", who=who, cards=_codes(codes, lang))


# -- a match record ---------------------------------------------------------------------------


def match_header(preset: str, overrides: str, seated: int, seed: int, actions: int, lang: str = "en") -> str:
    w = catalog(lang)
    text = w.t("match: rules {preset}", preset=preset)
    if overrides:
        text += w.t(" with {overrides}", overrides=overrides)
    return text + w.n("; {n} seated; seed {seed}; replayed exactly ({actions} actions)",
                      "; {n} seated; seed {seed}; replayed exactly ({actions} actions)",
                      seated, seed=seed, actions=actions)


def first_dealer_line(who: str, method: str, draws: int, lang: str = "en") -> str:
    """Who dealt first and how they were chosen (the rules' ``first_dealer``)."""
    w = catalog(lang)
    how = {
        "draw_night": w.t("drawn cards, the earliest month"),
        "draw_day": w.t("drawn cards, the latest month"),
        "lot": w.t("by lot"),
        "oldest": w.t("the oldest player"),
    }.get(method, method)
    if draws:
        return w.n("first dealer: {who} ({how}, {n} card drawn)", "first dealer: {who} ({how}, {n} cards drawn)",
                   draws, who=who, how=how)
    return w.t("first dealer: {who} ({how})", who=who, how=how)


def list_line(names: Sequence[str], lang: str = "en") -> str:
    """GOO-17: the order of the list of players."""
    w = catalog(lang)
    return w.t("list (GOO-17): {names}", names=w.t(", ").join(names))


def moves_label(lang: str = "en") -> str:
    return catalog(lang).t("moves (action index, who, what it did):")


def dealt_line(who: str, codes: Sequence[str], lang: str = "en") -> str:
    """The cards a seat is dealt, named (a replay shows every card)."""
    return catalog(lang).t("{who} is dealt {cards}.", who=who, cards=cards_said(codes, lang))


def drew_line(who: str, codes: Sequence[str], lang: str = "en") -> str:
    """The card a seat draws to replace a joker."""
    return catalog(lang).t("{who} draws {cards}.", who=who, cards=cards_said(codes, lang))


def ledger_label(shots: bool, lang: str = "en") -> str:
    w = catalog(lang)
    if shots:
        return w.t("ledger (shots; per deal, then the running totals):")
    return w.t("ledger (chips; per deal, then the running totals):")


def deal_head(deal: int, hand: int | None, dealer: str, carry: int, playing: Sequence[str],
              outcome: str, winner: str | None, why: str, lang: str = "en") -> str:
    """The line of one deal in the ledger: which hand it was, the dealer, the nagari before
    it, who played and how it ended (``why``: in words)."""
    w = catalog(lang)
    counted = w.t("void, not counted") if hand is None else w.t("hand {n}", n=hand)
    text = w.t("deal {deal} ({hand}): dealer {dealer}; ", deal=deal, hand=counted, dealer=dealer)
    if carry:  # MATCH-5: the nagari right before this deal raise its stakes
        text += (w.n("after {n} nagari; ", "after {n} nagari in a row; ", carry))
    if outcome == "win":
        result = w.t("{who} wins: {why}", who=winner, why=why)
    elif outcome == "void":
        result = w.t("void deal, dealt again: {why}", why=why)
    else:
        result = w.t("nagari: {why}", why=why)
    return text + w.t("playing {names}; {result}", names=listed(playing, lang), result=result)


def _announced(what: str, names: Sequence[str], lang: str) -> str:
    """What some players announced in the drop-out phase (English says one and more apart)."""
    w = catalog(lang)
    who = listed(names, lang)
    one = len(names) == 1
    if what == "stay":
        return w.t("{who} stays in", who=who) if one else w.t("{who} stay in", who=who)
    if what == "forced-in":
        return w.t("{who} must stay in", who=who)
    if what == "drop":
        return w.t("{who} drops out", who=who) if one else w.t("{who} drop out", who=who)
    if what == "forced-out":
        return w.t("{who} is forced out", who=who) if one else w.t("{who} are forced out", who=who)
    if what == "iris-out":
        if one:
            return w.t("{who} is out (dealt the iris animal)", who=who)
        return w.t("{who} are out (dealt the iris animal)", who=who)
    return f"{who}: {what}"


def drop_out_line(groups: Sequence[tuple[str, Sequence[str]]], lang: str = "en") -> str:
    """The drop-out phase (GWANG-3, GWANG-4): the players grouped by what they announced
    (``stay``, ``forced-in``, ``drop``, ``forced-out``, ``iris-out``), in that order."""
    w = catalog(lang)
    parts = [_announced(what, names, lang) for what, names in groups]
    return w.t("drop-out phase (gwangpalli): {parts}", parts=w.t("; ").join(parts))


def claim_line(who: str, amount: int, unit: str, codes: Sequence[str], triple: bool, after: str | None,
               lang: str = "en") -> str:
    """A gwangpalli claim (GWANG-6): what the claimant takes from each payer, for which cards;
    ``after``: what a nagari does to it (``waits``: X-48, doubled; ``voided``: GWANG-10)."""
    from gostop.words.settlement import amount_words

    w = catalog(lang)
    cards = cards_said(codes, lang)
    if triple:
        cards = w.t("{cards} and a triple", cards=cards)
    text = w.t("{who} claims {amount} from each payer for {cards}", who=who, cards=cards,
               amount=amount_words(w, amount, unit))
    if after == "waits":
        text += w.t("; it waits through the nagari: {amount} each", amount=amount_words(w, 2 * amount, unit))
    elif after == "voided":
        text += w.t("; the nagari voids it (a new drop-out phase)")
    return text


def part_line(part: str, pairs: Sequence[tuple[str, int]], lang: str = "en") -> str:
    """A part of a deal's ledger other than the hand: gwangpalli compensation, the boar pot."""
    w = catalog(lang)
    label = {"compensation": w.t("gwangpalli compensation"), "pot": w.t("the boar pot"),
             "boar": w.t("the boar pot")}.get(part, part)
    return f"{label}: {_figures(pairs)}"


def deal_figures_line(pairs: Sequence[tuple[str, int]], lang: str = "en") -> str:
    return catalog(lang).t("this deal: {figures}", figures=_figures(pairs))


def totals_line(pairs: Sequence[tuple[str, int]], pot: int, lang: str = "en") -> str:
    w = catalog(lang)
    text = w.t("totals:    {figures}", figures=_figures(pairs))
    return text + (w.t("  (boar pot {n})", n=pot) if pot else "")


def match_end_line(reason: str | None, over: bool, lang: str = "en") -> str:
    """How the match ended (``reason``: the match's ``end_reason``), or that it did not."""
    from gostop.words.events import reason_text

    w = catalog(lang)
    if not over:
        return w.t("match not finished")
    said = reason_text(reason, lang)
    # English names the record's own ``end_reason`` too (docs/match-record-format.md)
    return w.t("match over: {reason}", reason=f"{reason} ({said})" if lang == "en" and reason else said)


def standing_line(rank: int, name: str, chips: int | None, shots: int | None, lang: str = "en") -> str:
    """A player's place at the end: their chips won or lost and, in a match for shots, shots."""
    w = catalog(lang)
    figures = []
    if chips is not None:
        figures.append(w.n("{n:+d} chip", "{n:+d} chips", chips))
    if shots is not None:
        figures.append(w.n("{n} shot", "{n} shots", shots))
    return f"{rank}. {name}: {w.t(', ').join(figures)}"


# -- errors -----------------------------------------------------------------------------------


def error_text(message: str, lang: str = "en") -> str:
    """An error line: ``error: ...``."""
    return catalog(lang).t("error: {message}", message=message)


def help_hint_text(command: str, lang: str = "en") -> str:
    """`` (see 'gostop replay --help')``."""
    return catalog(lang).t(" (see {help})", help=f"'{command} --help'")


def unknown_language(given: str, langs: Sequence[str], lang: str = "en") -> str:
    return catalog(lang).t("unknown language {given}; languages: {langs}", given=repr(given), langs=", ".join(langs))


def not_a_record(hand_format: str, match_format: str, got: str | None, lang: str = "en") -> str:
    """A JSON object that is neither a hand record nor a match record; ``got``: its
    ``format`` as written (None: it has none)."""
    w = catalog(lang)
    key = "'format'"
    has = w.t("no {key}", key=key) if got is None else w.t("{key} {value}", key=key, value=got)
    return w.t("not a gostop record: a record's {key} is {hand} (a hand, {hand_doc}) or "
               "{match} (a match, {match_doc}); this file has {has}",
               key=key, hand=repr(hand_format), match=repr(match_format), has=has,
               hand_doc="docs/record-format.md", match_doc="docs/match-record-format.md")


def save_not_a_record(record: str, lang: str = "en") -> str:
    return catalog(lang).t(
        "this is the saved game of {command} (the match and the game's settings), not a record; "
        "replay the match record beside it: {record}", command="gostop play", record=record)


def at_needs_one_record(lang: str = "en") -> str:
    return catalog(lang).t("{option} works with one record; give a single {record}", option="--at",
                           record="RECORD.json")


def at_needs_a_hand_record(lang: str = "en") -> str:
    return catalog(lang).t("{option} works with hand records; a match record is replayed whole", option="--at")


def record_problem(detail: str, lang: str = "en") -> str:
    """A record that cannot be read or replayed, with the reader's own reason (``detail``, as
    the record module says it: it names the record's keys and values)."""
    return catalog(lang).t("the record cannot be replayed: {detail}", detail=detail)


def action_unreadable(index: int, text: str, lang: str = "en") -> str:
    """An action the record writes in no form an action takes (``text``: as quoted, clipped)."""
    return catalog(lang).t(
        "action {index} ({action}) cannot be read: an action is written like {examples}",
        index=index, action=text, examples="'play 03B', 'go', 'stop'")


def action_after_end(index: int, text: str, lang: str = "en") -> str:
    return catalog(lang).t("action {index} ({action}): the hand is already over", index=index, action=text)


def action_illegal(index: int, text: str, who: str, legal: Sequence[str], lang: str = "en") -> str:
    return catalog(lang).t("action {index} ({action}) is illegal for {who}; legal: {legal}",
                           index=index, action=text, who=who, legal=", ".join(legal))


def result_differs(key: str, got: str, expected: str, lang: str = "en") -> str:
    return catalog(lang).t("the replay gives {key} = {got}, the record says {expected}",
                           key=key, got=got, expected=expected)
