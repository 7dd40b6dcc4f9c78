"""Properties over random matches with the real engine: 2-7 seated x every preset.

For each match: the ledger balances after every deal (GEN-5), dealer rotation and carry follow
MATCH-4/5/6 (GWANG-10/11/12, GOO-17), every forced stay/drop follows GWANG-3, only forced-out
players are paid (GWANG-5), the match ends per MATCH-1, and the JSON record replays exactly.
The soak version with 10,000 matches is ``benchmarks/match.py --soak 10000``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gostop.match import (
    Match,
    MatchError,
    Player,
    audit,
    dumps_match,
    load_match_record,
    replay_match,
)
from gostop.rules import PRESET_NAMES, make_rules

DATA = Path(__file__).parent / "data"


def play_random(rules_preset: str, n: int, seed: int, hands: int, **over: object) -> Match:
    rules = make_rules(rules_preset, over)
    rng = random.Random(seed)
    m = Match(rules, [Player(f"P{i}", 30 + i) for i in range(n)], seed, hands_limit=hands)
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    return m


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("seated", range(2, 8))
def test_random_matches_keep_every_invariant_and_replay_exactly(preset: str, seated: int) -> None:
    if seated != 2 and make_rules(preset).two_player_only:  # GEN-7: matgo seats 2 only
        with pytest.raises(MatchError, match="2 players only"):
            play_random(preset, seated, seated, hands=1)
        return
    for seed in range(2):
        m = play_random(preset, seated, 1000 * seated + seed, hands=3)
        assert audit(m) == []
        assert m.hands_played == 3 or m.end_reason != "hands_limit"
        text = dumps_match(m)
        assert dumps_match(replay_match(json.loads(text))) == text


@pytest.mark.parametrize(
    "over",
    [
        {"compensation_timing": "end_by_losers"},
        {"compensation_timing": "end_by_losers", "nagari_redeal": "all_players"},
        {"compensation_per_card": 3, "seven_player_iris_out": True},
        {"nagari_limit": 2, "nagari_limit_action": "reset_carry", "first_dealer": "draw_day"},
        {"nagari_limit": 2, "nagari_limit_action": "end_match", "match_target_chips": 50},
    ],
)
def test_match_level_variants_keep_every_invariant(over: dict[str, object]) -> None:
    for seated in (3, 4, 7):
        m = play_random("pagat", seated, 77 + seated, hands=4, **over)
        assert audit(m) == []


def test_GWANG_9_seven_seat_gwangpalli_record_replays_exactly() -> None:
    data = load_match_record(DATA / "gwangpalli-7.json")
    assert len(data["players"]) == 7 and data["rules"]["preset"] == "pagat"
    m = replay_match(data)
    assert m.is_over and audit(m) == []
    assert any(d.full for d in m.deals)


def test_gostop_replay_prints_the_ledger_of_a_match_record() -> None:
    from typer.testing import CliRunner

    from gostop.cli import app

    res = CliRunner().invoke(app, ["replay", str(DATA / "gwangpalli-7.json")])
    assert res.exit_code == 0, res.output
    assert "replayed exactly" in res.output and "deal 3 (hand 4)" in res.output
    assert "match over: match_hands" in res.output
    res = CliRunner().invoke(app, ["replay", str(DATA / "gwangpalli-7.json"), "--json"])
    assert res.exit_code == 0 and json.loads(res.output)["hands"] == 4


def test_gostop_replay_reports_a_tampered_match_record(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from gostop.cli import app

    data = json.loads((DATA / "gwangpalli-7.json").read_text(encoding="utf-8"))
    data["ledger"][0]["chips"][5] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    res = CliRunner().invoke(app, ["replay", str(bad)])
    assert res.exit_code == 2 and "ledger[0]" in res.output
