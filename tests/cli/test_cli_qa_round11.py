"""QA round 11 of the command line: ``gostop replay`` of a gwangpalli match saved by ``gostop
play`` said ``You claims 6 from each payer`` in its ledger (GWANG-5, GWANG-6). A replay has no reader
at the table (round 16): the seat named You is a name in quotation marks, said like any other."""

from __future__ import annotations

from pathlib import Path

from cli_support import gostop, played_match


def test_the_replay_of_a_played_match_names_the_you_seat_in_quotes(tmp_path: Path) -> None:
    """5 seats, seed 18: the person is forced out of hand 2 and claims compensation for three
    brights (GWANG-6: 2 chips a card from each payer); the bots Sora and Jun claim in hand 1."""
    s = played_match(tmp_path, 18, 5, 2, go=False)
    run = gostop("replay", str(s.archived_to))
    assert run.exit_code == 0, run.stderr
    ledger = run.stdout.split("ledger (")[1]
    assert "    “You” claims 6 chips from each payer for willow / rain bright, cherry bright, pine bright\n" in ledger
    assert "    Sora claims 2 chips from each payer for three-junk joker\n" in ledger, ledger
    assert "You claim " not in run.stdout and " You " not in run.stdout
