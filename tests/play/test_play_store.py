"""Saves that never lie (atomic, one file, failures said plainly) and damaged saves."""

from __future__ import annotations

import errno
import json
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gostop.cli import app
from gostop.play.session import Session, Settings, damaged_save_said, saved_summary
from gostop.play.store import DamagedSave, SaveError, Store


def _invoke(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["play", "--plain", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def _started(store: Store) -> Session:
    s = Session.start(Settings(seed=1, level="easy", hands=1), store)
    s.choose("4")
    return s


def test_match_and_session_are_one_file(store: Store) -> None:
    s = _started(store)
    data = json.loads(store.save_path.read_text(encoding="utf-8"))
    assert data["format"] == "gostop-play-save"
    assert data["record"]["actions"] == list(s.match.history)
    assert data["session"]["settings"]["seed"] == 1
    # the copy for gostop replay holds the same record
    assert json.loads(store.match_path.read_text(encoding="utf-8"))["actions"] == list(s.match.history)
    assert not [p for p in store.current.iterdir() if p.name.endswith(".tmp")]


def test_a_failed_save_says_so_and_keeps_the_last_good_save(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    s = _started(store)
    good = store.save_path.read_text(encoding="utf-8")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("gostop.play.store.os.fsync", full_disk)
    s.choose("1")
    assert s.save_problem is not None
    assert str(store.save_path) in s.save_problem and "No space left on device" in s.save_problem
    assert "The last good save is kept" in s.save_problem
    report = s.save_report()
    assert "Not saved" in report and "Saved." not in report
    assert store.save_path.read_text(encoding="utf-8") == good
    assert not [p for p in store.current.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.undo()
    assert s.save() and s.save_problem is None
    assert store.save_path.read_text(encoding="utf-8") != good


def test_data_dir_that_is_a_file_is_reported(tmp_path: Path) -> None:
    # refused before the match starts (a match that can never be saved used to be played,
    # "Not saved" said at its end): one error line, status 2, the file untouched
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    for where in (str(blocker), "/dev/null"):
        code, out, err = _invoke(["-y", "--seed", "1", "--level", "easy", "--data-dir", where], "quit\n")
        assert code == 2 and out == ""
        assert err.startswith(f"error: --data-dir {where} is a file, not a folder"), err
        assert len(err.strip().splitlines()) == 1
    assert blocker.read_text(encoding="utf-8") == "x"


def test_a_save_under_a_file_is_reported(tmp_path: Path) -> None:
    # a data directory whose "current" is a file: the saves fail, the game says so
    (tmp_path / "current").write_text("x", encoding="utf-8")
    code, out, err = _invoke(["-y", "--seed", "1", "--level", "easy", "--data-dir", str(tmp_path)], "quit\n")
    assert code == 1  # the match could not be saved
    text = out + err
    assert f"Not saved: could not write {tmp_path}/current/save.json: " in text
    assert "Saved. Continue" not in text and "Your match is saved" not in text


def test_kill_during_saves_leaves_a_readable_save_and_no_temp_files(tmp_path: Path) -> None:
    """A child saves in a loop and is killed at once; the save left is whole."""
    script = textwrap.dedent(
        f"""
        from gostop.play.session import Session, Settings
        from gostop.play.store import Store
        s = Session.start(Settings(seed=3, level="easy", hands=1), Store({str(tmp_path)!r}))
        print("ready", flush=True)
        while True:
            s.save()
        """
    )
    for _ in range(3):
        child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        child.send_signal(signal.SIGKILL)
        child.wait()
        store = Store(tmp_path)  # opening the store removes what a killed save left
        assert not [p for p in store.current.iterdir() if p.name.endswith(".tmp")]
        assert Session.resume(store).settings.seed == 3


def test_write_error_names_the_path(tmp_path: Path) -> None:
    store = Store(tmp_path / "f")
    (tmp_path / "f").write_text("", encoding="utf-8")
    with pytest.raises(SaveError, match=r"could not write .*/f/current/save.json: Not a directory"):
        store.save({}, {})


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda p: p.write_text("{not json", encoding="utf-8"), "is not valid JSON"),
        (lambda p: p.write_text("", encoding="utf-8"), "the file is empty"),
        (lambda p: p.write_bytes(b"\xff\xfe\x00"), "not text"),
        (lambda p: p.write_text('{"format": "other"}', encoding="utf-8"), "not a gostop play save"),
        (
            lambda p: p.write_text(
                json.dumps({**json.loads(p.read_text(encoding="utf-8")), "record": {"format": "gostop-match"}}),
                encoding="utf-8",
            ),
            "does not replay",
        ),
    ],
)
def test_a_damaged_save_is_named_and_explained(store: Store, damage: object, words: str) -> None:
    _started(store)
    damage(store.save_path)  # type: ignore[operator]
    with pytest.raises(DamagedSave, match=words) as info:
        Session.resume(store)
    assert str(store.save_path) in str(info.value)
    saved = saved_summary(store)
    assert saved is not None
    if words != "does not replay":  # the outline check does not replay the record
        assert not saved.readable and str(store.save_path) in saved.text
    # in Korean from its facts: the file named, no English words but JSON / UTF-8 / gostop
    assert info.value.reason is not None
    korean = damaged_save_said(info.value, "ko")
    assert korean.startswith(f"저장된 대국 {store.save_path}") and "읽을 수 없습니다: " in korean, korean
    rest = korean.replace(str(store.save_path), "")
    assert not [w for w in re.findall(r"[A-Za-z]+", rest) if w not in ("JSON", "UTF", "gostop")], korean
    assert damaged_save_said(info.value, "en") == str(info.value)  # English: its own message
    assert saved.problem_said("en") == saved.problem and saved.problem_said("ko") != saved.problem


@pytest.mark.parametrize(("kind", "facts", "korean"), [
    ("not_json", {"line": 3, "column": 7}, "올바른 JSON이 아님 (3번째 줄, 7번째 칸)"),
    ("unreadable", {"errno": errno.EACCES, "reason": "Permission denied"}, "권한이 없음"),
    ("unreadable", {}, "파일을 읽을 수 없음"),
    ("no_session", {}, "게임 설정(인원, 봇, 난이도)이 없음"),
    ("disagree", {}, "게임 설정과 대국 기록이 서로 맞지 않음"),
])
def test_every_damage_is_said_in_korean(tmp_path: Path, kind: str, facts: dict[str, object], korean: str) -> None:
    exc = DamagedSave(tmp_path / "save.json", "english words", (kind, facts))
    assert damaged_save_said(exc, "ko") == f"저장된 대국 {tmp_path / 'save.json'}을 읽을 수 없습니다: {korean}"
    assert "english" in damaged_save_said(exc, "en")
    # facts this game does not know: its own message
    assert damaged_save_said(DamagedSave(tmp_path, "x", ("new_kind", {})), "ko") == str(DamagedSave(tmp_path, "x"))


def test_plain_offers_a_new_game_over_a_damaged_save(store: Store) -> None:
    _started(store)
    store.save_path.write_text("{broken", encoding="utf-8")
    # the question defaults to a new match, never to the unreadable save
    code, out, err = _invoke(["--seed", "2", "--level", "easy", "--data-dir", str(store.root)], "\n\nquit\n")
    assert code == 0, err
    assert f"the saved match {store.save_path} cannot be read: it is not valid JSON" in out
    assert "Start a new match instead? [Y/n]" in out
    assert "The unreadable save is kept as" in out
    assert "Your turn" in out and "Traceback" not in out + err
    kept = list(store.current.glob("save.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{broken"
    assert Session.resume(store).settings.seed == 2


def test_resume_of_a_damaged_save_is_one_error_line(store: Store) -> None:
    _started(store)
    store.save_path.write_text("[]", encoding="utf-8")
    code, _, err = _invoke(["--resume", "--data-dir", str(store.root)])
    assert code == 2
    assert err.startswith(f"error: cannot resume: the saved match {store.save_path} cannot be read")
    assert "gostop play --new" in err and len(err.strip().splitlines()) == 1


def test_a_save_of_the_older_two_file_format_still_resumes(store: Store) -> None:
    s = _started(store)
    data = json.loads(store.save_path.read_text(encoding="utf-8"))
    store.save_path.unlink()
    store.match_path.write_text(json.dumps(data["record"]), encoding="utf-8")
    store.legacy_session_path.write_text(json.dumps(data["session"]), encoding="utf-8")
    assert store.has_saved()
    again = Session.resume(store)
    assert list(again.match.history) == list(s.match.history)
    again.choose("1")  # the next save is the one-file format
    assert store.save_path.is_file() and not store.legacy_session_path.exists()
    store.discard()
    assert not store.has_saved()
