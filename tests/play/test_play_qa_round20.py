"""QA round 20 of the terminal game:

* ``gostop play --lang ko`` remembered the language before it checked the data folder's lock: a
  second game, refused because a first one had the folder open, still changed the remembered
  language (and so did a game the player declined at the "drop the saved match?" question);
* a hand decided at the deal (Matgo, seed 7: four cherry cards dealt to the table, a nagari) was
  summed up over the *next* deal's table and hands: "four cards of one month on the table" with
  no such four in sight (chongtong at the deal the same);
* the chongtong question (Matgo: ``chongtong = optional``, DEAL-7) said neither which month nor
  what declaring pays nor what keeping the four allows; the kept quad's "show" choice said
  "counts as a heundeum declaration" (SHAKE-5), a word the game says nowhere else.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from screen import until_rows
from typer.testing import CliRunner

from gostop.cli import app
from gostop.play.app import GoStopApp
from gostop.play.session import Session, Settings
from gostop.play.store import Store


def _invoke(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["play", "--plain", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def _prefs(root: Path) -> dict[str, object]:
    path = root / "prefs.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


# -- 1. the language is remembered once the game starts ---------------------------------------


def test_a_game_refused_for_the_open_folder_leaves_the_remembered_language(tmp_path: Path) -> None:
    first = Store(tmp_path)
    first.remember(lang="en")
    assert first.lock() is not None  # a first game has the folder open
    try:
        code, _, err = _invoke(["-y", "--seed", "1", "--lang", "ko", "--data-dir", str(tmp_path)], "quit\n")
    finally:
        first.unlock()
    assert code == 2 and "다른 gostop 게임에서 열려 있습니다" in err, err  # (in the language typed)
    assert _prefs(tmp_path) == {"lang": "en"}
    # once the folder is free the same command starts, in Korean, and remembers it
    code, out, _ = _invoke(["-y", "--seed", "1", "--level", "easy", "--lang", "ko", "--data-dir", str(tmp_path)], "quit\n")
    assert code == 0 and "매조 띠" in out
    assert _prefs(tmp_path) == {"lang": "ko"}


def test_a_new_match_declined_leaves_the_remembered_language(tmp_path: Path) -> None:
    code, _, _ = _invoke(["-y", "--seed", "1", "--level", "easy", "--data-dir", str(tmp_path)], "quit\n")
    assert code == 0 and (tmp_path / "current" / "save.json").is_file() and _prefs(tmp_path) == {}
    code, out, _ = _invoke(["--players", "3", "--lang", "ko", "--data-dir", str(tmp_path)], "n\n")
    # asked and answered in the language typed (they were English in a Korean game)
    assert code == 0 and "저장된 게임이 있습니다 (봇 1명" in out and "새 게임(--players)을 시작할까요? [y/N]" in out, out
    assert "바뀐 것은 없습니다. 저장된 게임은 이렇게 이어 하세요: " in out and "Nothing changed" not in out, out
    assert _prefs(tmp_path) == {}
    code, out, _ = _invoke(["--players", "3", "--data-dir", str(tmp_path)], "n\n")
    assert code == 0 and "A saved match exists (1 bot" in out and "Nothing changed. Continue the saved match with: " in out, out
    # 예 (yes, in Korean) drops it: the new match of three is set up
    code, out, _ = _invoke(["--players", "3", "--level", "easy", "--lang", "ko", "--data-dir", str(tmp_path)], "예\nquit\n")
    assert code == 0 and "바뀐 것은 없습니다" not in out, out
    assert "새 게임: 봇 2명" in out and not (tmp_path / "current" / "save.json").exists(), out


def test_a_usage_problem_leaves_the_remembered_language(tmp_path: Path) -> None:
    code, _, err = _invoke(["--resume", "--lang", "ko", "--data-dir", str(tmp_path)])
    assert code == 2 and "저장된 대국이 없습니다" in err, err
    assert _prefs(tmp_path) == {}


# -- 2. a hand decided at the deal is shown as it was dealt ------------------------------------


def _matgo(seed: int, lang: str = "en") -> Session:
    return Session.start(Settings(seed=seed, players=2, preset="matgo", lang=lang, level="easy", hands=3))


def test_a_nagari_at_the_deal_shows_the_four_on_the_table_under_its_summary() -> None:
    s = _matgo(7)  # DEAL-6 four_on_table = nagari in matgo: four cherry cards dealt to the table
    assert s.pending and "four cards of one month on the table" in s.pending[0].headline
    obs = s.observation()
    assert obs is not None
    layout = [c.code for c in obs.layout]
    assert {"03B", "03R", "03J1", "03J2"} <= set(layout), layout
    s.acknowledge()  # read: the next deal is shown
    obs = s.observation()
    assert obs is not None and not {"03B", "03R", "03J1", "03J2"} <= {c.code for c in obs.layout}




def test_the_screen_under_a_nagari_at_the_deal_is_that_deal(tmp_path: Path) -> None:
    s = _matgo(7)
    app = GoStopApp(Store(tmp_path / "data"), s.settings, session=s, setup=False)
    seen: dict[str, list[str]] = {}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            seen["summary"] = await until_rows(pilot, app, lambda rows: "Enter: next hand" in "\n".join(rows))
            await pilot.press("enter")
            seen["next"] = await until_rows(pilot, app, lambda rows: "Your turn" in "\n".join(rows))

    asyncio.run(main())
    text = "\n".join(seen["summary"])
    assert "No winner: four cards of one month on the table" in text
    table = next(r for r in seen["summary"] if r.startswith(" Table"))
    assert "03B 03R 03J1 03J2" in table, text
    table = next(r for r in seen["next"] if r.startswith(" Table"))
    assert "03B 03R 03J1 03J2" not in table


# -- 3. the chongtong question says what each answer does ----------------------------------------


def test_the_chongtong_question_names_the_month_the_payment_and_what_play_on_keeps() -> None:
    s = _matgo(66)  # you hold the four wisteria cards at the deal; DEAL-7 optional, 10 chips
    p = s.prompt()
    assert p is not None and p.stage == "chongtong"
    assert p.info == (
        "Declare: you show your four cards of Apr (wisteria) and win this hand now; each opponent pays 10 chips.",
        "Play on: the four stay in your hand; shown on a later turn they count as shaking 흔들기 (if you then win, "
        "payment x2).",
    )
    s.choose("n")
    p = s.prompt()
    assert p is not None and p.stage == "main"
    show = p.find("q")
    assert show.action.startswith("show-quad") and show.detail == "counts as shaking 흔들기: if you win, payment x2"


def test_the_chongtong_question_in_korean() -> None:
    s = _matgo(66, "ko")
    p = s.prompt()
    assert p is not None and p.stage == "chongtong"
    assert p.info == (
        "선언: 4월 (흑싸리) 네 장을 보여 주고 이 판을 바로 이깁니다. 상대마다 10칩 냅니다.",
        "계속 치기: 네 장은 손에 남고, 나중에 내 차례에 보여 주면 흔들기로 칩니다 (그 뒤 이기면 돈 2배).",
    )
    s.choose("n")
    p = s.prompt()
    assert p is not None and p.find("q").detail == "흔들기로 칩니다: 이기면 돈 2배"
