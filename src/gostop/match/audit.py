"""Invariant checks over a match, independent of how the match computed them.

:func:`audit` reads a :class:`Match` (finished or not) and lists every violation of

* GEN-5: the ledger balances after every deal (chips zero-sum with the boar pot; shots >= 0);
* MATCH-2: counted hands are numbered 1, 2, ... and void deals are not counted;
* MATCH-4 / GWANG-12 / GOO-17: the winner (or the goo-stupe newcomer) deals next, the same dealer
  after a nagari or a void deal;
* MATCH-5 / MATCH-6: the carry k rises by 1 after a nagari, is 0 after a win, unchanged after a
  void deal, and resets at ``nagari_limit`` under ``reset_carry``;
* GWANG-3 / GWANG-4 / GWANG-5: every announcement of a drop-out phase was asked in seat order
  while the outcome was open, every forced stay or drop follows the rule, three play with the
  dealer, and only forced-out players were paid compensation;
* GWANG-10 / GWANG-11: after a nagari (``same_three``) or a void deal the same three play again;
* VAR-PUSH: the push count of a deal is the run of pushed wins before it (a nagari or void deal
  keeps it, any other win ends it), never above ``push_limit``, and a pushed hand moved no
  settlement chips (only the fixed payments made during the hand);
* MATCH-1: the match ended for the reason it gives.

Used by the tests and by ``benchmarks/match.py --soak``. An empty list means no violation.
"""

from __future__ import annotations

from gostop.match.ledger import LedgerImbalance
from gostop.match.match import Match

__all__ = ["audit"]


def audit(match: Match) -> list[str]:
    """Every invariant violation found in ``match`` (empty when all is well)."""
    out: list[str] = []
    try:
        match.ledger.check()
    except LedgerImbalance as exc:
        out.append(f"GEN-5: {exc}")
    entries = match.ledger.entries
    counted = 0
    for e in entries:
        if any(s < 0 for s in e.shots):
            out.append(f"GOO-1: deal {e.deal}: negative shots {e.shots}")
        if e.outcome == "void":
            if e.hand is not None:
                out.append(f"MATCH-2: void deal {e.deal} was counted as hand {e.hand}")
        else:
            counted += 1
            if e.hand != counted:
                out.append(f"MATCH-2: deal {e.deal} is hand {e.hand}, expected {counted}")
        if e.active[0] != e.dealer:
            out.append(f"GEN-2: deal {e.deal}: hand seat 0 is {e.active[0]}, the dealer is {e.dealer}")
        expected_players = 3 if match.n > 3 else match.n
        if len(e.active) != expected_players or len(set(e.active)) != len(e.active):
            out.append(f"GEN-1: deal {e.deal}: active seats {e.active}")
    if counted != match.hands_played:
        out.append(f"MATCH-2: {counted} counted entries but hands_played = {match.hands_played}")
    out += _sequence(match)
    out += _pushes(match)
    out += _drop_outs(match)
    out += _ending(match)
    return out


def _sequence(match: Match) -> list[str]:
    out: list[str] = []
    entries = match.ledger.entries
    limit = match.rules.nagari_limit
    for prev, nxt in zip(entries, entries[1:], strict=False):
        where = f"deal {prev.deal} -> {nxt.deal}"
        if prev.outcome == "win":
            assert prev.winner is not None
            if match.rotation is None and nxt.dealer != prev.winner:
                out.append(f"MATCH-4: {where}: winner {prev.winner} won, {nxt.dealer} deals")
            if match.rotation is not None and (prev.winner in nxt.active or nxt.dealer in prev.active):
                out.append(f"GOO-17: {where}: winner {prev.winner} not replaced by a newcomer dealing")
            if nxt.carry != 0:
                out.append(f"MATCH-5: {where}: carry {nxt.carry} after a win")
        else:
            if nxt.dealer != prev.dealer:
                out.append(f"MATCH-4: {where}: dealer changed after a {prev.outcome}")
            if prev.outcome == "void":
                want = prev.carry
            else:
                want = prev.carry + 1
                if limit is not None and want >= limit and match.rules.nagari_limit_action == "reset_carry":
                    want = 0
            if nxt.carry != want:
                out.append(f"MATCH-5: {where}: carry {prev.carry} -> {nxt.carry} after a {prev.outcome}")
            same = match.gwangpalli and (prev.outcome == "void" or match.rules.nagari_redeal == "same_three")
            if (same or match.rotation is not None) and nxt.active != prev.active:
                out.append(f"GWANG-10/11, GOO-17: {where}: players changed after a {prev.outcome}")
    return out


def _pushes(match: Match) -> list[str]:
    """VAR-PUSH (see the module docstring)."""
    out: list[str] = []
    run = 0
    limit = match.rules.push_limit
    for e in match.ledger.entries:
        if e.pushes != run:
            out.append(f"VAR-PUSH: deal {e.deal}: {e.pushes} pushes recorded, {run} pushed wins before it")
        if e.pushed:
            if e.outcome != "win" or run >= limit:
                out.append(f"VAR-PUSH: deal {e.deal}: a push not allowed (outcome {e.outcome}, {run} before)")
            log = match.deals[e.deal]
            summary = log.hand_record.result if log.hand_record is not None else None
            if summary is not None and e.winner is not None:
                won = summary["chips"][e.active.index(e.winner)]  # the hand's payments to the winner
                got = e.parts.get("hand", (0,) * match.n)[e.winner]
                if got != won - e.pushed:
                    out.append(f"VAR-PUSH: deal {e.deal}: the winner got {got}, not {won} less the {e.pushed} pushed")
            run += 1
        elif e.outcome == "win":
            run = 0
    return out


def _drop_outs(match: Match) -> list[str]:
    out: list[str] = []
    n = match.n
    for log in match.deals:
        if not log.full:
            if match.gwangpalli and log.claims:
                out.append(f"GWANG-10: deal {log.index}: claims without a drop-out phase")
            continue
        stays = drops = 0
        status: dict[int, str] = {}
        expected_next = 1
        for seat, what in log.announcements:
            d = (seat - log.dealer) % n
            if d == 0:
                out.append(f"GWANG-3: deal {log.index}: the dealer announced {what}")
            if what in ("stay", "drop"):
                if stays >= 2 or drops >= n - 3:
                    out.append(f"GWANG-3: deal {log.index}: seat {seat} asked after the outcome was forced")
                while expected_next < n and status.get((log.dealer + expected_next) % n) is not None:
                    expected_next += 1
                if d != expected_next:
                    out.append(f"GWANG-3: deal {log.index}: seat {seat} asked out of order")
            elif what == "forced-out" and stays < 2:
                out.append(f"GWANG-3: deal {log.index}: seat {seat} forced out with {stays} stays")
            elif what == "forced-in" and drops < n - 3:
                out.append(f"GWANG-3: deal {log.index}: seat {seat} forced in with {drops} drops")
            elif what == "iris-out" and (n != 7 or not match.rules.seven_player_iris_out):
                out.append(f"GWANG-4: deal {log.index}: iris-out without the variant")
            stays += what == "stay"
            drops += what in ("drop", "iris-out")
            status[seat] = what
        if len(status) != n - 1:
            out.append(f"GWANG-3: deal {log.index}: {len(status)} of {n - 1} non-dealers settled")
        active = [log.dealer] + [s for s, w in status.items() if w in ("stay", "forced-in")]
        if log.hand_seats and sorted(active) != sorted(log.hand_seats):
            out.append(f"GWANG-3: deal {log.index}: playing {log.hand_seats}, announced {sorted(active)}")
        if len(active) != 3:
            out.append(f"GWANG-3: deal {log.index}: {len(active)} active players")
        for claim in log.claims:
            if status.get(claim.seat) not in ("forced-out", "iris-out"):
                out.append(f"GWANG-5: deal {log.index}: seat {claim.seat} ({status.get(claim.seat)}) claimed")
    return out


def _ending(match: Match) -> list[str]:
    if not match.is_over:
        return []
    r = match.rules
    reason = match.end_reason
    played = match.hands_played
    if reason == "match_hands" and (r.match_target_chips is not None or played != r.match_hands):
        return [f"MATCH-1: ended by match_hands after {played} hands (match_hands = {r.match_hands})"]
    if reason == "target_chips" and (r.match_target_chips is None or max(match.ledger.totals) < r.match_target_chips):
        return ["MATCH-1: ended by target_chips without reaching it"]
    if reason == "hands_limit" and played != match.hands_limit:
        return [f"hands_limit {match.hands_limit} but {played} hands played"]
    if reason == "nagari_limit" and (r.nagari_limit is None or match.ledger.entries[-1].outcome != "nagari"):
        return ["MATCH-6: ended by nagari_limit after a hand that was not a nagari"]
    return []
