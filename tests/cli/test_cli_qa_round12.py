"""QA round 12 of the command line: the ledger of ``gostop replay`` of a played match was terse
(``drop-out phase: Minji stay, Hoon stay, Sora forced-out, Jun forced-out``, ``k=0``, ``Sora
claims 2 from each payer`` with no unit) and said nothing of who paid for both losers after a
go-bak (PAY-9). It now says them in plain words with their units; the figures are unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import gostop, played_match
from gostop.play.session import Session


def _session(tmp_path: Path, seed: int, players: int, hands: int) -> Session:
    """A match played through ``gostop play``'s session: the person claims compensation and
    says go whenever asked (so that a bot's stop can make them pay for both), bots at ``easy``."""
    return played_match(tmp_path, seed, players, hands, go=True)


def _played(tmp_path: Path, seed: int, players: int, hands: int) -> Path:
    path = _session(tmp_path, seed, players, hands).archived_to
    assert path is not None
    return path


def _ledger(path: Path) -> str:
    run = gostop("replay", str(path))
    assert run.exit_code == 0, run.stderr
    return run.stdout.split("ledger (")[1]


def test_the_drop_out_phase_and_the_claims_are_said_in_words(tmp_path: Path) -> None:
    """5 seats, seed 18 (GWANG-3 stay / drop / forced out, GWANG-6 compensation in chips)."""
    ledger = _ledger(_played(tmp_path, 18, 5, 2))
    assert "    drop-out phase (gwangpalli): Minji and Hoon stay in; Sora and Jun are forced out\n" in ledger, ledger
    assert "    drop-out phase (gwangpalli): Hoon drops out; Sora and Jun stay in; “You” is forced out\n" in ledger
    assert "    Sora claims 2 chips from each payer for three-junk joker\n" in ledger
    assert "    “You” claims 6 chips from each payer for willow / rain bright, cherry bright, pine bright\n" in ledger
    assert "deal 0 (hand 1): dealer “You”; playing “You”, Minji and Hoon; Minji wins: stopped\n" in ledger
    for terse in ("forced-out", " stay,", "k=", "claims 2 from"):
        assert terse not in ledger, terse


def test_the_ledger_says_who_paid_for_both_after_a_go_bak(tmp_path: Path) -> None:
    """3 seats, seed 3: the person said go and Minji stopped; the person pays for both losers
    (PAY-9, LIAB-3 go-bak), and the line agrees with the figures of the deal. The replay says it
    for everybody: the seat named You is quoted (round 16)."""
    path = _played(tmp_path, 3, 3, 2)
    ledger = _ledger(path)
    line = "    “You” pays for both losers: 18 chips (go-bak 고박: said go, then lost). Hoon pays nothing.\n"
    assert line in ledger, ledger
    deal = ledger[: ledger.index(line)].rsplit("deal ", 1)[1] + ledger[ledger.index(line):].split("totals:")[0]
    assert "“You” -18" in deal and "Hoon +0" in deal, deal


def test_the_json_ledger_is_the_played_one(tmp_path: Path) -> None:
    """The words change nothing the replay computes: ``--json`` gives the played ledger."""
    s = _session(tmp_path, 3, 3, 2)
    assert s.archived_to is not None
    run = gostop("replay", str(s.archived_to), "--json")
    assert run.exit_code == 0, run.stderr
    assert json.loads(run.stdout)["ledger"] == s.match.ledger.to_json()
