"""``gostop play --name``: what the person types as their name.

1. The log tells of a person who chose a name like of any other player: ``Kim plays 02A``,
   ``Kim deals first``, ``Kim draws 03B`` -- not ``Kim play``, ``Kim deal first``, the verb forms
   of ``You play``, which the person under the default name keeps. Their turn is still
   ``-- Your turn --``.
2. ``--name`` takes 1 to 32 characters and no control character: a longer name used to be
   accepted, the game said the match was saved, and the save then did not resume (the match
   record holds names of at most 100 characters); a newline in a name broke every line it was in.
3. ``--data-dir`` naming a file is refused at once (it used to start a match that could never be
   saved and say so only at the end).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from scripted import ScriptedPlayer
from typer.testing import CliRunner

from gostop.cli import app
from gostop.play.session import Session, Settings


def _played(name: str, players: int, seed: int, moves: int = 40) -> list[str]:
    s = Session.start(Settings(players=players, seed=seed, level="easy", hands=1, name=name))
    player = ScriptedPlayer()
    for _ in range(moves):
        if s.over:
            break
        if s.pending:
            s.acknowledge()
            continue
        prompt = s.prompt()
        if prompt is None:
            break
        s.choose(player.key(prompt))
    return [line.text for line in s.log]


# the English verbs of the person under the default name: "You play", "You flip"...
YOU_FORMS = re.compile(r"\bKim (play|flip|capture|deal|draw|stay|drop|have|give|pay|say|stop|take|hold|are)\b")


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (5, 4)])
def test_a_chosen_name_takes_the_verbs_of_the_others(players: int, seed: int) -> None:
    lines = _played("Kim", players, seed)
    text = "\n".join(lines)
    assert "Kim plays " in text or "Kim flips " in text, text
    assert not YOU_FORMS.search(text), YOU_FORMS.search(text)
    assert "-- Your turn --" in text and "-- Kim's turn --" not in text


def test_the_default_name_keeps_the_persons_verbs() -> None:
    text = "\n".join(_played("You", 2, 3))
    assert re.search(r"\bYou (play|flip|capture)s? ", text)
    assert not re.search(r"\bYou (plays|flips|captures) ", text), text


def _invoke(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["play", "--plain", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", ["x" * 33, "x" * 150, "Kim\nLee", "Kim\tLee", "\x1b[31mKim"])
def test_a_name_that_cannot_be_saved_or_shown_is_refused(tmp_path: Path, name: str) -> None:
    code, out, err = _invoke(["-y", "--name", name, "--data-dir", str(tmp_path)])
    assert code == 2 and out == ""
    assert err.startswith("error: --name takes 1 to 32 characters and no control characters")
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "current" / "save.json").exists()


def test_a_name_of_32_characters_is_saved_and_resumes(tmp_path: Path) -> None:
    name = "가나다라마바사아자차카타파하" + "x" * 18
    assert len(name) == 32
    code, out, _ = _invoke(["-y", "--seed", "2", "--level", "easy", "--name", name, "--data-dir", str(tmp_path)],
                           "1\nquit\n")
    assert code == 0 and "Saved." in out
    code, out, err = _invoke(["--resume", "--data-dir", str(tmp_path)], "quit\n")
    assert code == 0 and "Resumed the saved match" in out, err


def test_a_data_dir_that_is_a_file_is_refused(tmp_path: Path) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("mine", encoding="utf-8")
    code, out, err = _invoke(["-y", "--data-dir", str(afile)])
    assert code == 2 and out == ""
    assert err.startswith(f"error: --data-dir {afile} is a file, not a folder")
    assert afile.read_text(encoding="utf-8") == "mine"
