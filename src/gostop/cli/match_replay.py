"""``gostop replay`` of a match record: replay it exactly, then print it move by move and the
hand-by-hand ledger.

``gostop replay`` hands a file here when its ``format`` is ``gostop-match``
(docs/match-record-format.md). The replay itself (and its exactness check) is
:mod:`gostop.match.record`'s; the moves are told in the terminal game's words
(:mod:`gostop.play.narrate`), every card shown (a record hides nothing from its reader), in
the language of ``--lang`` and said for everybody: a replay has no reader at the table, so a
seat named "You" is a name in quotation marks (:mod:`gostop.words.replay`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from gostop.cli.output import console, value_text
from gostop.engine import Hand
from gostop.match import Match, load_match_record, replay_match
from gostop.words import bot_name, settlement_lines
from gostop.words.replay import (
    claim_line,
    deal_figures_line,
    deal_head,
    dealt_line,
    drew_line,
    drop_out_line,
    first_dealer_line,
    ledger_label,
    list_line,
    match_end_line,
    match_header,
    moves_label,
    part_line,
    quoted,
    standing_line,
    totals_line,
)

__all__ = ["print_match_replay"]


def print_match_replay(path: Path, as_json: bool, lang: str = "en") -> None:
    """Replay the match record at ``path`` (raises MatchRecordError) and print its ledger in
    ``lang`` (``--json``: the facts, the same in every language)."""
    data = load_match_record(path)
    match = replay_match(data)
    if as_json:
        out = {
            "end_reason": match.end_reason,
            "hands": match.hands_played,
            "ledger": match.ledger.to_json(),
            "standings": [s.to_json() for s in match.standings],
        }
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    _print(match, data, lang)


def _moves(data: dict[str, Any], match: Match, lang: str) -> tuple[list[str], dict[int, tuple[Hand, tuple[int, ...]]]]:
    """The match again, action by action: each action with its seat, then what it caused; and
    the result of each finished hand by deal index, with the table seats of its hand seats.
    Said for everybody: no seat is the reader (a seat named "You" is quoted)."""
    from gostop.play.narrate import narrate

    again = Match(
        match.rules,
        list(match.players),
        match.seed,
        hands_limit=match.hands_limit,
        ask_cut=match.ask_cut,
    )
    names = tuple(quoted(bot_name(n, lang)) for n in again.names)

    def name(seat: int | None) -> str:
        return "-" if seat is None else names[seat]

    out: list[str] = []
    seats = tuple(again.hand_seats)
    claimed: dict[int, int] = {}  # GWANG-6: what each claimant claimed, to say X-48's doubling

    def tell(events: list[Any]) -> None:
        nonlocal seats
        for ev in events:
            if ev.type == "hand-start":
                seats = tuple(ev.data.get("seats", ()))
            he = ev.hand_event
            if ev.type == "hand" and he is not None and he.type in ("deal", "draw") and he.cards:
                codes = [c.code for c in he.cards]
                said = dealt_line if he.type == "deal" else drew_line
                out.append(f"       {said(name(ev.seat), codes, lang)}")
                continue
            line = narrate(ev, name, seats, -1, lang, match.rules, claimed=claimed)
            if line is not None and line.kind != "turn":
                out.append(f"       {line.text}")

    results: dict[int, tuple[Hand, tuple[int, ...]]] = {}
    tell(list(again.start_events))
    for i, text in enumerate(data["actions"]):
        who = again.current_seat
        hand, hand_seats = again.hand, tuple(again.hand_seats)
        events = again.apply(text)
        out.append(f"{i:4d}. {name(who)}: {text}")  # the action as the record writes it
        tell(events)
        for ev in events:
            if ev.type == "hand-end" and hand is not None and hand.result is not None:
                results[int(ev.data["ledger"]["deal"])] = (hand, hand_seats)
    return out, results


#: The announcements of the drop-out phase (GWANG-3, GWANG-4), in the order they are told.
_DROP_OUT = ("stay", "forced-in", "drop", "forced-out", "iris-out")


def _drop_out(names: tuple[str, ...], announcements: list[tuple[int, str]], lang: str) -> str:
    """The drop-out phase in words: ``Hoon drops out; Sora and Jun stay in``
    (the players grouped by what they did, in the order it was first done)."""
    groups: dict[str, list[str]] = {}
    for seat, what in announcements:
        groups.setdefault(what, []).append(names[seat])
    return drop_out_line(list(groups.items()), lang)


def _liability(hand: Hand, hand_seats: tuple[int, ...], names: tuple[str, ...], lang: str) -> list[str]:
    """PAY-9: the line saying who paid for both losers and why (go-bak, a refused shodang,
    oe-myeon with the card left on the table), or why nobody did, in the words of the hand's
    summary; none when nothing was said."""
    from gostop.play.session import oe_myeon_card

    result = hand.result
    s = None if result is None else result.settlement
    if result is None or s is None:
        return []
    payers = [names[hand_seats[o]] for o in result.opponents]
    goes = result.context.goes if result.context is not None else 0
    card = None
    if s.liability == "oe-myeon" and s.liable is not None:
        card = oe_myeon_card(hand, result.opponents[s.liable], result.winner)
    lines = settlement_lines(s, payers, goes, you="", oe_myeon_card=card, lang=lang)
    # the lines of the liability (one a step, in every language): found by their English words
    english = settlement_lines(s, payers, goes, you="", oe_myeon_card=card)
    return [line for line, en in zip(lines, english, strict=True) if " for both" in en]


def _print(match: Match, data: dict[str, Any], lang: str = "en") -> None:
    from gostop.play.narrate import reason_of_end

    out = console()
    rules = match.rules
    over = rules.overrides()
    names = tuple(quoted(bot_name(n, lang)) for n in match.names)
    if data.get("title"):
        out.print(Text(str(data["title"])))
    overrides = ", ".join(f"{k} = {value_text(v)}" for k, v in over.items())
    out.print(Text(match_header(rules.preset, overrides, match.n, match.seed, len(match.history), lang)))
    fd = match.first_dealer
    out.print(Text(first_dealer_line(names[fd.seat], fd.method, len(fd.draws), lang)))
    if match.list_order:
        out.print(Text(list_line([names[s] for s in match.list_order], lang)))
    out.print(Text(moves_label(lang)))
    moves, results = _moves(data, match, lang)
    for line in moves:
        out.print(Text(line))
    unit = "shots" if match.shots_unit else "chips"
    out.print(Text(ledger_label(match.shots_unit, lang)))
    for log, e in zip(match.deals, match.ledger.entries, strict=False):
        # how the deal ended in words ("Minji wins: stopped", not "Minji wins (stop)")
        why = reason_of_end(e.reason, lang)
        winner = names[e.winner] if e.winner is not None else None
        head = deal_head(e.deal, e.hand, names[e.dealer], e.carry, [names[s] for s in e.active],
                         e.outcome, winner, why, lang)
        out.print(Text(head))
        if log.full:
            out.print(Text(f"    {_drop_out(names, log.announcements, lang)}"))
        for c in log.claims:
            after = None
            if e.outcome == "nagari" and rules.compensation_timing == "end_by_losers":
                # it waits, doubled once; GWANG-10 all_players: a new drop-out phase, the claim lapses
                after = "waits" if rules.nagari_redeal == "same_three" else "voided"
            line = claim_line(names[c.seat], c.amount, unit, list(c.cards), c.triple, after, lang)
            out.print(Text(f"    {line}"))
        if e.deal in results:
            for line in _liability(*results[e.deal], names, lang):
                out.print(Text(f"    {line}"))
        for part, vec in e.parts.items():
            if part != "hand":
                out.print(Text(f"    {part_line(part, [(names[s], v) for s, v in enumerate(vec) if v], lang)}"))
        vals = e.shots if match.shots_unit else e.chips
        tots = e.shot_totals if match.shots_unit else e.totals
        out.print(Text(f"    {deal_figures_line(list(zip(names, vals, strict=True)), lang)}"))
        out.print(Text(f"    {totals_line(list(zip(names, tots, strict=True)), e.pot, lang)}"))
    out.print(Text(match_end_line(match.end_reason, match.is_over, lang)))
    for s in match.standings:
        # a match played for shots (goo-stupe) is ranked on them: its chips are named only when some changed hands
        chips = s.chips if s.chips or not match.shots_unit else None
        shots = s.shots if s.shots or match.shots_unit else None
        out.print(Text(standing_line(s.rank, quoted(bot_name(s.name, lang)), chips, shots, lang)))
