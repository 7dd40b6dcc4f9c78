"""Ledger balance (GEN-5), shots tally (GOO-1), standings (MATCH-7)."""

from __future__ import annotations

import pytest

from gostop.match.ledger import Ledger, LedgerEntry, LedgerImbalance, standings


def _add(ledger: Ledger, deal: int, parts: dict[str, list[int]], shots: list[int] | None = None, pot: int | None = None) -> LedgerEntry:
    return ledger.add(
        deal=deal, hand=deal + 1, dealer=0, active=(0, 1, 2), outcome="win", winner=0, reason="stop",
        carry=0, parts=parts, shots=shots or [0] * ledger.seats, pot=pot,
    )


def test_GEN_5_ledger_balances_and_accumulates() -> None:
    led = Ledger(4)
    e = _add(led, 0, {"hand": [6, -3, -3, 0], "compensation": [-2, -2, 0, 4]})
    assert e.chips == (4, -5, -3, 4) and e.totals == (4, -5, -3, 4)
    e = _add(led, 1, {"hand": [-1, 2, -1, 0]})
    assert e.totals == (3, -3, -4, 4)
    assert LedgerEntry.from_json(e.to_json()) == e
    led.check()


def test_GEN_5_unbalanced_deal_is_refused() -> None:
    led = Ledger(3)
    with pytest.raises(LedgerImbalance):
        _add(led, 0, {"hand": [5, -3, -3]})
    assert led.entries == []


def test_VAR_BOAR_pot_counts_in_the_balance() -> None:
    led = Ledger(3)
    _add(led, 0, {"pot": [-1, -1, -1]}, pot=3)
    e = _add(led, 1, {"pot": [-1, 5, -1]}, pot=0)
    assert e.totals == (-2, 4, -2) and e.pot == 0


def test_GOO_1_shots_are_taken_not_transferred() -> None:
    led = Ledger(3)
    e = _add(led, 0, {}, shots=[0, 2, 1])
    assert e.chips == (0, 0, 0) and e.shot_totals == (0, 2, 1)
    with pytest.raises(LedgerImbalance):
        _add(led, 1, {}, shots=[0, -1, 0])
    st = standings(["a", "b", "c"], led, by_shots=True)
    assert [s.name for s in st] == ["a", "c", "b"]


def test_MATCH_7_standings_by_chips_with_shared_ranks() -> None:
    led = Ledger(3)
    _add(led, 0, {"hand": [-4, 2, 2]})
    st = standings(["a", "b", "c"], led, by_shots=False)
    assert [(s.rank, s.name, s.chips) for s in st] == [(1, "b", 2), (1, "c", 2), (3, "a", -4)]
