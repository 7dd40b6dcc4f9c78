"""``gostop replay`` of files that are not (good) records, as a user meets them: one damaged
record among several, a file of another program, the terminal game's save, an action that
cannot be read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cli_support import gostop

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "docs" / "examples" / "hand.json"
MATCH = ROOT / "tests" / "match" / "data" / "gwangpalli-7.json"


def _write(path: Path, data: Any) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_a_damaged_record_among_several_is_named_and_the_others_are_replayed(tmp_path: Path) -> None:
    """``gostop replay matches/*.json``: the line of the one that fails names its file (with
    --json nothing else would), the records after it are replayed all the same, and the exit
    status says that one failed."""
    damaged = _write(tmp_path / "damaged.json", '{"format": "gostop-hand", "vers')
    run = gostop("replay", str(HAND), str(damaged), str(MATCH))
    assert run.exit_code == 2, run.stderr
    (line,) = run.stderr.splitlines()
    assert line.startswith(f"error: {damaged}: not valid JSON: Unterminated string starting at (line 1, column 27)")
    assert f"== {MATCH} ==" in run.stdout and "replayed exactly" in run.stdout  # the one after it
    assert "result: seat 1 (Joon) wins by stop" in run.stdout  # the one before it
    as_json = gostop("replay", str(damaged), str(HAND), str(MATCH), "--json")
    assert as_json.exit_code == 2
    assert as_json.stderr.startswith(f"error: {damaged}: not valid JSON")
    hand, match = (json.loads(line) for line in as_json.stdout.splitlines())
    assert hand["winner"] == 1 and match["end_reason"] is not None
    # A message that names the file already is not given its name twice.
    missing = tmp_path / "missing.json"
    run = gostop("replay", str(missing), str(HAND))
    assert run.exit_code == 2 and run.stderr.count(str(missing)) == 1, run.stderr
    # One record alone: its error line is as before, without the file's name.
    assert gostop("replay", str(damaged)).error_line().startswith("error: not valid JSON")


def test_a_file_of_another_program_is_not_called_a_bad_hand_record(tmp_path: Path) -> None:
    # replay reads hand and match records: the error names both formats, not just the hand's
    foreign = _write(tmp_path / "game.json", {"format": "chess-pgn", "moves": []})
    line = gostop("replay", str(foreign)).error_line()
    assert "not a gostop record" in line and "'gostop-hand'" in line and "'gostop-match'" in line
    assert "'chess-pgn'" in line
    line = gostop("replay", str(_write(tmp_path / "plain.json", {"moves": []}))).error_line()
    assert "not a gostop record" in line and "no 'format'" in line


def test_the_saved_game_of_gostop_play_points_to_its_match_record(tmp_path: Path) -> None:
    # current/save.json holds the match record and the game's settings; match.json beside it
    # is the record gostop replay reads.
    save = tmp_path / "current" / "save.json"
    save.parent.mkdir()
    _write(save, {"format": "gostop-play-save", "version": 1, "session": {}, "record": {}})
    line = gostop("replay", str(save)).error_line()
    assert "saved game of gostop play" in line and str(save.parent / "match.json") in line


def test_an_action_that_cannot_be_read_is_explained_whole(tmp_path: Path) -> None:
    """The engine's reason lists every form an action takes: the line keeps the whole list
    (it was cut after 160 characters, in the middle of ``refuse``), and cuts only the action
    text when it is long."""
    data = json.loads(HAND.read_text(encoding="utf-8"))
    data["actions"][2] = "dance"
    run = gostop("replay", str(_write(tmp_path / "dance.json", data)))
    assert run.exit_code == 2
    (line,) = run.stderr.splitlines()
    assert "action 2 ('dance') cannot be read" in line
    assert "accept, refuse, pick CARD" in line and "yell, no-yell (see '" in line
    data["actions"][2] = "x" * 5000
    (line,) = gostop("replay", str(_write(tmp_path / "long.json", data))).stderr.splitlines()
    assert "(5000 characters)" in line and "no-yell" in line and len(line) < 700


def test_a_match_record_cut_short_says_that_actions_are_missing(tmp_path: Path) -> None:
    # The last actions of a finished match are lost (a truncated copy): the line says so, not
    # that the replay "differs" with 0 actions in a hand where it replayed most of them.
    data = json.loads(MATCH.read_text(encoding="utf-8"))
    assert data["end_reason"] is not None
    total = len(data["actions"])
    data["actions"] = data["actions"][:-3]
    line = gostop("replay", str(_write(tmp_path / "cut.json", data))).error_line()
    assert f"the record's {total - 3} actions stop before the match ends" in line
    assert "actions are missing" in line and "replay 0" not in line


def test_deal_fill_of_a_match_record_says_it_is_a_match_record(tmp_path: Path) -> None:
    # (it said "the record has no explicit 'deal' to fill": a match record has deals, per hand)
    copy = _write(tmp_path / "match.json", MATCH.read_text(encoding="utf-8"))
    line = gostop("deal", "--fill", str(copy)).error_line()
    assert "this is a match record; a hand record is expected here" in line
    assert copy.read_text(encoding="utf-8") == MATCH.read_text(encoding="utf-8")  # left as it was


def test_a_match_played_for_shots_ends_on_its_shots(tmp_path: Path) -> None:
    # goo-stupe ranks on shots: the standings read "11 shots", as the game says them, not
    # "+0 chips, 11 shots"
    from gostop.agents import make_agent
    from gostop.match import dumps_match
    from gostop.rules import make_rules
    from gostop.sim.matches import play_match

    rules = make_rules("goo-stupe", {"match_hands": 2})
    match, _, _ = play_match(rules, [make_agent("greedy") for _ in range(3)], seed=11, timing=False)
    assert match.is_over and all(s.chips == 0 for s in match.standings)
    record = _write(tmp_path / "shots.json", dumps_match(match))
    run = gostop("replay", str(record))
    assert run.exit_code == 0, run.stderr
    tail = run.stdout.splitlines()[-3:]
    assert tail == [f"{s.rank}. {s.name}: {s.shots} shots" for s in match.standings]
