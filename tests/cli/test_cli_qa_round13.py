"""QA round 13 of the command line: the ledger of ``gostop replay`` ended its result lines in
the record's codes (``nagari (exhaustion)``, ``Minji wins (stop)``); it says them in words."""

from __future__ import annotations

from pathlib import Path

from cli_support import gostop, played_match


def test_a_carried_nagari_and_a_win_are_said_in_words(tmp_path: Path) -> None:
    """2 seats, seed 1: hand 1 is a nagari, so hand 2 is played after it (MATCH-5)."""
    path = played_match(tmp_path, 1, 2, 3, go=True).archived_to
    assert path is not None
    run = gostop("replay", str(path))
    assert run.exit_code == 0, run.stderr
    ledger = run.stdout.split("ledger (")[1]
    you = "“You”"  # a replay has no reader at the table: the seat named You is a name (round 16)
    assert (f"deal 0 (hand 1): dealer {you}; playing {you} and Minji; nagari: nobody stopped before the cards ran out\n"
            in ledger), ledger
    assert f"deal 1 (hand 2): dealer {you}; after 1 nagari; playing {you} and Minji; Minji wins: stopped\n" in ledger
    for code in ("(exhaustion)", "(stop)"):
        assert code not in ledger, code
