"""``gostop replay`` of a match record: replay it exactly, then print it move by move and the
hand-by-hand ledger.

``gostop replay`` hands a file here when its ``format`` is ``gostop-match``
(docs/match-record-format.md). The replay itself (and its exactness check) is
:mod:`gostop.match.record`'s; the moves are told in the terminal game's words
(:mod:`gostop.play.narrate`), every card shown (a record hides nothing from its reader).
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
from gostop.words import catalog, settlement_lines

__all__ = ["print_match_replay"]


def print_match_replay(path: Path, as_json: bool) -> None:
    """Replay the match record at ``path`` (raises MatchRecordError) and print its ledger."""
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
    _print(match, data)


def _moves(data: dict[str, Any], match: Match) -> tuple[list[str], dict[int, tuple[Hand, tuple[int, ...]]]]:
    """The match again, action by action: each action with its seat, then what it caused; and
    the result of each finished hand by deal index, with the table seats of its hand seats."""
    from gostop.play.narrate import narrate

    again = Match(
        match.rules,
        list(match.players),
        match.seed,
        hands_limit=match.hands_limit,
        ask_cut=match.ask_cut,
    )
    names = again.names

    def name(seat: int | None) -> str:
        return "-" if seat is None else names[seat]

    out: list[str] = []
    seats = tuple(again.hand_seats)
    human = names.index("You") if "You" in names else -1  # a record of gostop play: "You play"
    claimed: dict[int, int] = {}  # GWANG-6: what each claimant claimed, to say X-48's doubling

    def tell(events: list[Any]) -> None:
        nonlocal seats
        for ev in events:
            if ev.type == "hand-start":
                seats = tuple(ev.data.get("seats", ()))
            he = ev.hand_event
            if ev.type == "hand" and he is not None and he.type in ("deal", "draw") and he.cards:
                you = ev.seat == human
                verb = ("are dealt" if you else "is dealt") if he.type == "deal" else ("draw" if you else "draws")
                out.append(f"       {name(ev.seat)} {verb} {' '.join(c.code for c in he.cards)}.")
                continue
            line = narrate(ev, name, seats, human, claimed=claimed)
            if line is not None and line.kind != "turn":
                out.append(f"       {line.text}")

    results: dict[int, tuple[Hand, tuple[int, ...]]] = {}
    tell(list(again.start_events))
    for i, text in enumerate(data["actions"]):
        who = again.current_seat
        hand, hand_seats = again.hand, tuple(again.hand_seats)
        events = again.apply(text)
        out.append(f"{i:4d}. {name(who)}: {text}")
        tell(events)
        for ev in events:
            if ev.type == "hand-end" and hand is not None and hand.result is not None:
                results[int(ev.data["ledger"]["deal"])] = (hand, hand_seats)
    return out, results


def _count(n: int, one: str, many: str) -> str:
    """``1 chip``, ``6 chips``."""
    return f"{n} {one if n == 1 else many}"


def _listed(words: list[str]) -> str:
    """``Sora``, ``Sora and Jun``, ``Minji, Sora and Jun``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# what each announcement of the drop-out phase (GWANG-3, GWANG-4) did, said of one player and of more
_DROP_OUT = {
    "stay": ("stays in", "stay in"),
    "forced-in": ("must stay in", "must stay in"),
    "drop": ("drops out", "drop out"),
    "forced-out": ("is forced out", "are forced out"),
    "iris-out": ("is out (dealt the iris animal)", "are out (dealt the iris animal)"),
}


def _drop_out(names: tuple[str, ...], announcements: list[tuple[int, str]]) -> str:
    """The drop-out phase in words: ``Hoon drops out; Sora and Jun stay in; You are forced out``
    (the players grouped by what they did, in the order it was first done)."""
    groups: dict[str, list[str]] = {}
    for seat, what in announcements:
        groups.setdefault(what, []).append(names[seat])
    parts = []
    for what, who in groups.items():
        one, more = _DROP_OUT.get(what, (what, what))
        parts.append(f"{_listed(who)} {more if len(who) > 1 or who == ['You'] else one}")
    return "; ".join(parts)


def _liability(hand: Hand, hand_seats: tuple[int, ...], names: tuple[str, ...]) -> list[str]:
    """PAY-9: the line saying who paid for both losers and why (go-bak, a refused shodang,
    oe-myeon with the card left on the table), or why nobody did, in the words of the hand's
    summary; none when nothing was said."""
    from gostop.play.session import oe_myeon_card

    result = hand.result
    s = None if result is None else result.settlement
    if result is None or s is None:
        return []
    payers = [names[hand_seats[o]] for o in result.opponents]
    you = "You" if "You" in payers else None
    goes = result.context.goes if result.context is not None else 0
    card = None
    if s.liability == "oe-myeon" and s.liable is not None:
        card = oe_myeon_card(hand, result.opponents[s.liable], result.winner)
    lines = settlement_lines(s, payers, goes, you=you, oe_myeon_card=card)
    return [line for line in lines if " for both" in line]


def _print(match: Match, data: dict[str, Any]) -> None:
    from gostop.play.narrate import reason_of_end
    from gostop.play.session import _part_words

    out = console()
    rules = match.rules
    over = rules.overrides()
    title = f"{data['title']}\n" if data.get("title") else ""
    names = match.names
    out.print(
        Text(
            f"{title}match: rules {rules.preset}"
            + (" with " + ", ".join(f"{k} = {value_text(v)}" for k, v in over.items()) if over else "")
            + f"; {match.n} seated; seed {match.seed}; replayed exactly ({len(match.history)} actions)"
        )
    )
    fd = match.first_dealer
    how = {"draw_night": "drawn cards, the earliest month", "draw_day": "drawn cards, the latest month",
           "lot": "by lot", "oldest": "the oldest player"}.get(fd.method, fd.method)
    out.print(Text(f"first dealer: {names[fd.seat]} ({how}" + (f", {len(fd.draws)} cards drawn)" if fd.draws else ")")))
    if match.list_order:
        out.print(Text("list (GOO-17): " + ", ".join(names[s] for s in match.list_order)))
    out.print(Text("moves (action index, who, what it did):"))
    moves, results = _moves(data, match)
    for line in moves:
        out.print(Text(line))
    unit = "shots" if match.shots_unit else "chips"
    out.print(Text(f"ledger ({unit}; per deal, then the running totals):"))
    for log, e in zip(match.deals, match.ledger.entries, strict=False):
        # how the deal ended in words ("Minji wins: stopped", not "Minji wins (stop)")
        why = reason_of_end(e.reason)
        if e.outcome == "win":
            assert e.winner is not None
            result = f"{names[e.winner]} {'win' if names[e.winner] == 'You' else 'wins'}: {why}"
        elif e.outcome == "void":
            result = f"void deal, dealt again: {why}"
        else:
            result = f"nagari: {why}"
        hand = "void, not counted" if e.hand is None else f"hand {e.hand}"
        head = f"deal {e.deal} ({hand}): dealer {names[e.dealer]}; "
        if e.carry:  # MATCH-5: the nagari right before this deal raise its stakes
            head += f"after {e.carry} nagari" + (" in a row" if e.carry > 1 else "") + "; "
        head += "playing " + _listed([names[s] for s in e.active]) + f"; {result}"
        out.print(Text(head))
        if log.full:
            out.print(Text(f"    drop-out phase (gwangpalli): {_drop_out(names, log.announcements)}"))
        for c in log.claims:
            shown = " ".join(c.cards) + (" + a triple" if c.triple else "")
            you = names[c.seat] == "You"  # a record of gostop play: "You claim"
            verb = "claim" if you else "claims"
            amount = _count(c.amount, unit[:-1], unit)
            line = f"    {names[c.seat]} {verb} {amount} from each payer for {shown}"
            if e.outcome == "nagari" and rules.compensation_timing == "end_by_losers":
                if rules.nagari_redeal == "same_three":  # it waits, doubled once
                    line += f"; it waits through the nagari: {_count(2 * c.amount, unit[:-1], unit)} each"
                else:  # GWANG-10 all_players: a new drop-out phase, the claim lapses
                    line += "; the nagari voids it (a new drop-out phase)"
            out.print(Text(line))
        if e.deal in results:
            for line in _liability(*results[e.deal], names):
                out.print(Text(f"    {line}"))
        for part, vec in e.parts.items():
            if part != "hand":
                out.print(Text(f"    {_part_words(part, catalog('en')).lower()}: " + "  ".join(f"{names[s]} {v:+d}" for s, v in enumerate(vec) if v)))
        vals = e.shots if match.shots_unit else e.chips
        tots = e.shot_totals if match.shots_unit else e.totals
        out.print(Text("    this deal: " + "  ".join(f"{n} {v:+d}" for n, v in zip(names, vals, strict=True))))
        out.print(Text("    totals:    " + "  ".join(f"{n} {t:+d}" for n, t in zip(names, tots, strict=True))
                       + (f"  (boar pot {e.pot})" if e.pot else "")))
    out.print(Text(f"match over: {match.end_reason}" if match.is_over else "match not finished"))
    for s in match.standings:
        # a match played for shots (goo-stupe) is ranked on them: its chips are named only when some changed hands
        figures = [f"{s.chips:+d} chips"] if s.chips or not match.shots_unit else []
        figures += [f"{s.shots} shots"] if s.shots or match.shots_unit else []
        out.print(Text(f"{s.rank}. {s.name}: " + ", ".join(figures)))
