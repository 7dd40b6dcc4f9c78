"""QA round 11 of the command line: ``gostop replay`` of a gwangpalli match saved by ``gostop
play`` said ``You claims 6 from each payer`` in its ledger (GWANG-5, GWANG-6)."""

from __future__ import annotations

from pathlib import Path

from cli_support import gostop
from gostop.play.session import Session, Settings
from gostop.play.store import Store


def test_the_replay_of_a_played_match_says_you_claim(tmp_path: Path) -> None:
    """5 seats, seed 18: the person is forced out of hand 2 and claims compensation for three
    brights (GWANG-6: 2 chips a card from each payer); the bots Sora and Jun claim in hand 1."""
    s = Session.start(Settings(seed=18, players=5, level="easy", hands=2), Store(tmp_path))
    for _ in range(400):
        if s.over:
            break
        if s.pending:
            s.acknowledge()
            continue
        prompt = s.prompt()
        if prompt is None:
            s.advance()
            continue
        keys = [c.key for c in prompt.choices]
        s.choose("c" if prompt.stage == "claim" else "s" if prompt.stage == "go-stop" else keys[0])
    assert s.over and s.archived_to is not None
    run = gostop("replay", str(s.archived_to))
    assert run.exit_code == 0, run.stderr
    ledger = run.stdout.split("ledger (")[1]
    assert "    You claim 6 chips from each payer for 12B 03B 01B\n" in ledger, ledger
    assert "    Sora claims 2 chips from each payer for JK3\n" in ledger, ledger
    assert "You claims" not in run.stdout
