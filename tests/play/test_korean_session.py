"""The session and the line mode in Korean (``--lang ko``): every question, choice, mark,
information line, log line, hand summary and message of the line mode is Korean, names cards
by their Korean names (never a code such as ``03B`` inside a sentence), and keeps the keys and
the action texts of English; marks stay readable by code through ``Choice.mark_keys``.

Whole scripted matches of 2 players, 3 players and a 5-seat gwangpalli table are played through
the :class:`~gostop.play.session.Session` API, through :class:`~gostop.play.plain.PlainGame`
in this process, and through a real ``gostop play --plain --lang ko``."""

from __future__ import annotations

import errno
import json
import os
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pexpect
import pytest
from rich.text import Text
from scripted import play_plain_beside_twin

import gostop.play.plain as plain_mod
from gostop.play.answers import one_of, rule_changes, seed_number, whole_number
from gostop.play.names import LEVEL_NAMES
from gostop.play.narrate import narrate
from gostop.play.plain import PlainGame, plain_setup, prompt_text
from gostop.play.session import (
    ChoiceError,
    HandSummary,
    Prompt,
    Session,
    Settings,
    SettingsConflict,
    saved_summary,
)
from gostop.play.store import SaveError, Store
from gostop.rules import PRESET_NAMES

HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: Two English words in a row (as tests/words/test_catalogues.py reads a Korean message).
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'-]+(?:[\s,:;.()]+[A-Za-z][A-Za-z'-]+)+")
#: A card code (``03B``, ``11D``, ``08J2``, ``JK1``).
CARD_CODE = re.compile(r"\b(?:0[1-9]|1[0-2])(?:[BARD]|J\d)\b|\bJK[0-9BXP]")
#: What the person types or reads as it is: the names of the presets and the levels, the
#: command to resume (allowed beside Korean words).
TYPED = sorted({*PRESET_NAMES, *LEVEL_NAMES, "gostop play --resume"}, key=len, reverse=True)
#: The English gloss of a card name in a choice label (``매조 띠 · plum ribbon``).
GLOSS = re.compile(r" · [a-z /'-]+")


def english_run(text: str) -> str | None:
    for word in TYPED:
        text = text.replace(word, " ")
    m = ENGLISH_RUN.search(text)
    return m.group(0) if m else None


def check_korean(text: str, where: str = "") -> None:
    """One line a player reads: Korean, no run of English words, no card code."""
    if not any(ch.isalpha() for ch in text):  # a blank line, a rule, a row of figures
        return
    assert HANGUL.search(text), (where, text)
    assert english_run(text) is None, (where, english_run(text), text)
    assert not CARD_CODE.search(text), (where, text)


def label_words(label: str) -> str:
    """A choice's label without the English gloss of its card name (kept on purpose)."""
    return GLOSS.sub("", label)


class KoreanPlayer:
    """Chooses by action kinds and mark keys only (never by words): shakes and bombs, offers
    shodang once and refuses offers, says go once then stops, stays in gwangpalli hands,
    claims, takes a capturing card, else the first choice. ``stages`` are the stages asked."""

    def __init__(self) -> None:
        self.stages: set[str] = set()
        self.goes = 0
        self.offered = False

    def __call__(self, prompt: Prompt) -> str:
        self.stages.add(prompt.stage)
        acts = {c.action.split()[0]: c.key for c in prompt.choices}
        if prompt.stage == "go-stop":
            self.goes += 1
            return acts["go"] if self.goes == 1 and "go" in acts else acts.get("stop", prompt.choices[0].key)
        if "offer-shodang" in acts and not self.offered:
            self.offered = True
            return acts["offer-shodang"]
        for kind in ("shake", "bomb", "refuse", "stay", "claim-triple", "claim", "yell", "push"):
            if kind in acts:
                return acts[kind]
        for c in prompt.choices:
            if "captures" in c.mark_keys:
                return c.key
        return next(c.key for c in prompt.choices if c.action != "offer-shodang")


def prompt_texts(prompt: Prompt) -> list[tuple[str, str]]:
    out = [("question", prompt.question), *(("info", line) for line in prompt.info)]
    for c in prompt.choices:
        out.append(("label", label_words(c.label)))
        out.append(("detail", c.detail))
        out.extend(("mark", m) for m in c.marks)
    out.append(("keys", prompt.keys_text()))
    return out


def summary_texts(summary: HandSummary) -> list[tuple[str, str]]:
    return [("headline", summary.headline), *(("step", st) for st in summary.steps)]


def play_session(s: Session, choose: Callable[[Prompt], str], seen: list[tuple[str, str]]) -> None:
    """Play ``s`` to its end, keeping every text of the session a player reads."""
    for _ in range(3000):
        if s.over and not s.pending:
            break
        seen.extend([("news", s.news), ("your turn", s.your_turn)])
        if s.last_move is not None:
            seen.append(("bot move", s.last_move.text))
        if s.pending:
            seen.extend(summary_texts(s.pending[0]))
            s.acknowledge()
            continue
        prompt = s.prompt()
        if prompt is None:
            s.advance()
            continue
        assert prompt.lang == "ko"
        seen.extend(prompt_texts(prompt))
        with pytest.raises(ChoiceError) as typo:
            prompt.find("zz")
        seen.append(("error", str(typo.value)))
        s.choose(choose(prompt))
    else:
        raise AssertionError("the match did not end")
    seen.extend(("log", line.text) for line in s.log)


MATCHES = {
    "2-players": Settings(players=2, seed=38, level="easy", hands=2, lang="ko"),
    "3-players": Settings(players=3, seed=9, level="easy", hands=2, lang="ko"),
    "5-seats": Settings(players=5, seed=27, level="easy", hands=2, lang="ko"),
}
#: More tables for the session: shots, the list and the yell (goo-stupe), the push (matgo).
MORE = {
    "goo-stupe": Settings(players=5, preset="goo-stupe", seed=1, level="easy", hands=2, ask_cut=True, lang="ko"),
    "matgo-push": Settings(players=2, preset="matgo", seed=3, level="easy", hands=3, lang="ko",
                           overrides={"push_limit": 2}),
}


@pytest.mark.parametrize("key", [*MATCHES, *MORE])
def test_a_whole_match_in_korean_through_the_session(key: str, store: Store) -> None:
    settings = Settings(**{**MATCHES, **MORE}[key].to_json())
    s = Session.start(settings, store)
    player = KoreanPlayer()
    seen: list[tuple[str, str]] = [("describe", settings.describe()), ("report", s.save_report())]
    play_session(s, player, seen)
    seen.append(("report", s.save_report().replace(str(store.root), "")))
    assert len(seen) > 200 and s.summaries
    for where, text in seen:
        check_korean(text, where)
    assert "main" in player.stages
    if key == "5-seats":
        assert "drop" in player.stages
    if key != "5-seats":
        assert "go-stop" in player.stages
    expected = {"goo-stupe": {"list", "yell"}, "matgo-push": {"push"}, "2-players": {"surrender", "pick-stock"}}
    assert expected.get(key, set()) <= player.stages
    logs = [text for where, text in seen if where == "log"]
    assert "-- 내 차례 --" in logs and any(line.startswith("새 판. 선: ") for line in logs)
    assert any(text.startswith(("먹은 패:", "정산 내역:")) for where, text in seen if where == "step")


def test_keys_actions_and_mark_keys_stay_those_of_english() -> None:
    ko = Session.start(Settings(players=3, seed=9, level="easy", hands=1, lang="ko"))
    en = Session.start(Settings(players=3, seed=9, level="easy", hands=1, lang="en"))
    player_ko, player_en = KoreanPlayer(), KoreanPlayer()
    compared = 0
    for _ in range(40):
        pk, pe = ko.prompt(), en.prompt()
        if pk is None or pe is None:
            break
        assert pk.stage == pe.stage
        assert [(c.key, c.action, c.card) for c in pk.choices] == [(c.key, c.action, c.card) for c in pe.choices]
        assert [c.mark_keys for c in pk.choices] == [c.marks for c in pe.choices]  # keys: English marks
        assert [c.mark_keys for c in pe.choices] == [c.marks for c in pe.choices]
        for c in pk.choices:
            assert len(c.marks) == len(c.mark_keys)
            assert "captures" not in c.marks and ("먹음" in c.marks) == ("captures" in c.mark_keys)
        compared += 1
        key = player_ko(pk)
        assert player_en(pe) == key
        ko.choose(key)
        en.choose(key)
    assert compared >= 5
    assert ko.match.history == en.match.history


def test_a_korean_session_names_its_people_in_korean() -> None:
    s = Session.start(Settings(players=3, seed=9, level="easy", hands=1, lang="ko"))
    assert [s.name(seat) for seat in range(3)] == ["나", "민지", "훈"]
    assert list(s.match.names) == ["You", "Minji", "Hoon"]  # the record keeps the names it has
    named = Session.start(Settings(players=2, seed=9, level="easy", hands=1, lang="ko", name="Alice"))
    assert named.name(0) == "Alice"
    record = json.dumps(s.record(), ensure_ascii=False)  # the record is in English
    assert "gostop play: 2 bots (easy), rules pagat, 1 hand, seed 9" in record and "봇" not in record


def test_settings_saves_errors_and_resume_in_korean(tmp_path: Path) -> None:
    settings = Settings(players=5, seed=4, level="hard", hands=None, lang="ko", overrides={"go_scheme": "linear"})
    described = settings.describe()
    check_korean(described)
    assert described.startswith("봇 4명 (어려움), 광팔이 자리, 파갓 규칙, go_scheme=linear")
    assert settings.describe("en").startswith("4 bots (hard), gwangpalli table, rules pagat")
    with pytest.raises(SettingsConflict) as conflict:
        Settings(players=3, preset="matgo", lang="ko").check(setup=True)
    check_korean(str(conflict.value))
    with pytest.raises(SettingsConflict, match="use --players 2"):  # the command line's words
        Settings(players=3, preset="matgo", lang="ko").check()

    store = Store(tmp_path / "data")
    s = Session.start(Settings(players=3, seed=4, level="easy", hands=2, lang="ko"), store)
    for _ in range(3):
        prompt = s.prompt()
        assert prompt is not None
        s.choose(prompt.choices[0].key)
    prompt = s.prompt()
    assert prompt is not None
    with pytest.raises(ChoiceError) as typo:
        prompt.find("zz")
    check_korean(str(typo.value))
    saved = saved_summary(store, "ko")
    assert saved is not None and saved.readable
    check_korean(saved.text)
    english = saved_summary(store)
    assert english is not None and english.text.startswith("2 bots (easy)")  # the command line's words
    store.remember(lang="ko")
    again = Session.resume(store)
    assert again.log[0].text.startswith("저장한 게임을 이어서 합니다 (봇 2명 (쉬움)")
    for line in again.log:
        check_korean(line.text, "resumed")


def test_a_failed_save_is_said_in_korean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "data")
    s = Session.start(Settings(seed=4, level="easy", hands=2, lang="ko"), store)

    def full(*_a: object, **_k: object) -> None:
        error = SaveError(f"could not write {store.save_path}: No space left on device")
        error.path = store.save_path
        raise error from OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store, "save", full)
    assert not s.save()
    assert s.save_problem is not None
    assert s.save_problem.startswith("저장하지 못했습니다: ") and "디스크에 빈 곳이 없음" in s.save_problem
    check_korean(s.save_problem.replace(str(store.save_path), "파일"))
    report = s.save_report()
    # (the data directory is not the default one: the command names it)
    assert report.endswith(f"거기서 이어서 하려면: gostop play --resume --data-dir {store.root}")


def test_typed_answers_are_refused_in_korean() -> None:
    for attempt in (
        lambda: whole_number("abc", "사람 수", 2, 7, "ko"),
        lambda: whole_number("9", "사람 수", 2, 7, "ko"),
        lambda: seed_number("-1", "ko"),
        lambda: one_of("genius", "봇 수준", LEVEL_NAMES, "ko"),
        lambda: rule_changes("stop_target", "ko"),
        lambda: rule_changes("k=" + "[" * 5, "ko"),
    ):
        with pytest.raises(ValueError) as refused:
            attempt()
        check_korean(str(refused.value).replace("stop_target_two_player", "").replace("stop_target", ""))
    assert one_of("보통", "봇 수준", LEVEL_NAMES, "ko", {"보통": "normal"}) == "normal"
    with pytest.raises(ValueError, match="players must be a whole number from 2 to 7, not 'abc'"):
        whole_number("abc", "players", 2, 7)


def test_narrate_says_every_event_in_korean() -> None:
    """Each kind of log line (hand and table events) from a synthetic event of every type."""
    from gostop.cards import parse_card
    from gostop.engine import Event
    from gostop.match import MatchEvent

    names = {0: "나", 1: "민지", 2: "훈", None: "-"}
    cards = tuple(parse_card(c) for c in ("05R", "05J1"))
    hand_events = {
        "ppuk": {}, "ttadak": {}, "chok": {}, "sseul": {}, "stack-capture": {"owner": 1}, "ja-ppuk": {},
        "boss-joker": {}, "first-turn-ppuk": {}, "deal": {}, "layout": {}, "layout-joker": {}, "dealt-stack": {},
        "chongtong": {}, "keep-quad": {}, "turn": {}, "shake": {}, "show-quad": {}, "reveal": {}, "draw": {},
        "offer-shodang": {}, "accept": {"auto": True}, "refuse": {}, "play": {"onto": ["05J2"]}, "bomb": {},
        "grenade": {}, "skip": {"forced": True}, "substitute": {}, "pick": {"for": "05A"},
        "flip": {"choice": ["05J2", "05A"]}, "capture": {}, "surrender": {"to": 1, "for": "sseul"},
        "no-junk": {}, "payment": {"to": 1, "amount": 3, "unit": "chips", "reason": "first-turn-ppuk"},
        "shot": {"n": 2, "reason": "joker"}, "yell": {}, "no-yell": {}, "go": {"goes": 2, "points": 5},
        "stop": {"points": 7}, "four-on-table": {}, "boar-ante": {"each": 1, "pot": 3}, "win": {"reason": "stop"},
        "nagari": {"reason": "exhaustion"}, "void": {"reason": "four-on-table"},
    }
    table_events = {
        "first-dealer": {"method": "draw_night", "draws": [{"seat": 0, "card": "07A"}, {"seat": 1, "card": "02J1"}]},
        "cut": {"depth": 24}, "stay": {}, "drop": {}, "forced-in": {}, "forced-out": {}, "iris-out": {},
        "claim": {"claimed": True, "cards": ["01B", "03B"], "amount": 2}, "compensation": {"to": 1, "amount": 2},
        "push": {"forgone": 5, "pushes": 2}, "collect": {}, "hand-start": {"seats": [0, 1, 2], "carry": 1, "pushes": 1},
        "match-end": {},
    }
    said = 0
    for seat in (0, 1):
        for kind, data in hand_events.items():
            ev = MatchEvent("hand", seat, hand_event=Event(kind, seat, cards, data))
            line = narrate(ev, names.get, (0, 1, 2), 0, "ko")
            if kind in ("deal", "draw") and seat != 0:
                assert line is None  # only the person's own cards are told
                continue
            assert line is not None, kind
            check_korean(line.text, kind)
            said += 1
        for kind, data in table_events.items():
            line = narrate(MatchEvent(kind, seat, data), names.get, (0, 1, 2), 0, "ko")
            assert line is not None, kind
            check_korean(line.text, kind)
            said += 1
    assert said > 100


# -- the line mode ------------------------------------------------------------------------------------


def _session_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line mode with the table and the choices' card labels left out: they show card codes
    and the English names beside the Korean ones, as the English screen does (tests of the
    screens check them); what stays is what the line mode and the session say -- the quick
    start, the prompt's question, choices and information lines, the log, the hand summary,
    the final standings, the line mode's own questions and messages."""

    def prompt_block(prompt: Prompt, with_info: bool = True) -> Text:
        lines = [prompt.question]
        for c in prompt.choices:
            lines.append(" ".join([f"[{c.key}]", label_words(c.label), c.detail, *c.marks]))
        lines.extend(prompt.info if with_info else ())
        return Text("\n".join(lines))

    monkeypatch.setattr(plain_mod, "table_text", lambda view: Text(""))
    monkeypatch.setattr(plain_mod, "prompt_block", prompt_block)


def _lines(blocks: Iterable[str]) -> list[str]:
    return [line for block in blocks for line in block.split("\n")]


@pytest.mark.parametrize("key", list(MATCHES))
def test_a_whole_match_in_korean_in_the_line_mode(key: str, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    _session_only(monkeypatch)
    s = Session.start(Settings(**MATCHES[key].to_json()), store)
    player = KoreanPlayer()
    written: list[str] = []
    asked: list[str] = []
    typos = iter(["", "zz"])  # an empty line, then a key that is no choice

    def read(question: str) -> str:
        asked.append(question)
        if question == prompt_text("ko"):
            typo = next(typos, None)
            if typo is not None:
                return typo
        prompt = s.prompt()
        return "" if prompt is None or s.pending else player(prompt)

    assert PlainGame(s, read, written.append).run() == 0
    assert s.over
    lines = [line.replace(str(store.root), "") for line in _lines(written)]
    assert len(lines) > 100
    for line in lines + asked:
        check_korean(line.replace("[", " ").replace("]", " "), "line mode")
    assert set(asked) >= {"선택> "} and "다음 판으로 가려면 Enter> " in asked
    assert "함께 쳐 주셔서 고맙습니다!" in lines
    assert any(line.startswith("대괄호 안의 키 하나를") for line in lines)  # the empty answer
    assert any(line.startswith("'zz': 여기서 선택할 수 있는 것이 아닙니다. 키: [") for line in lines)


def test_the_line_setup_in_korean() -> None:
    answers = iter(["go", "c", "abc", "3", "genius", "보통", "", "0", "1", "x", "", "stop_targt", "none", ""])
    written: list[str] = []
    asked: list[str] = []

    def read(question: str) -> str:
        asked.append(question)
        return next(answers)

    chosen = plain_setup(Settings(seed=4, lang="ko"), read, written.append)
    assert chosen is not None and (chosen.players, chosen.level, chosen.hands) == (3, "normal", 1)
    for line in _lines(written) + asked:
        check_korean(line.replace("stop_targt", "").replace("stop_target_two_player", ""), "setup")
    assert asked[2].startswith("사람 수, 나 포함")
    assert any(q.startswith("봇 난이도 (easy 쉬움, normal 보통, instinct 직감, hard 어려움) [normal]> ") for q in asked)
    assert any(line.startswith("'go': 여기서 쓸 수 있는 대답이 아닙니다.") for line in written)
    assert written[0] == "새 게임: 봇 1명 (보통), 파갓 규칙, 3판, 시드 4."


def test_gostop_play_plain_in_korean_through_a_terminal(tmp_path: Path) -> None:
    """The real command, fed by a twin session (same seed, same answers: the game is
    deterministic): every question, choice and log line of the twin is printed, in Korean,
    and none of the line mode's or the session's English words."""
    settings = Settings(players=3, seed=19, level="easy", hands=1, lang="ko")
    twin = Session.start(Settings(**settings.to_json()))
    env = {**os.environ, "GOSTOP_DEBUG": "", "TERM": "dumb", "COLUMNS": "160", "LINES": "50",
           "PYTHONIOENCODING": "utf-8"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "gostop", "play", "--plain", "-y", "--lang", "ko", "--players", "3", "--seed", "19",
         "--level", "easy", "--hands", "1", "--data-dir", str(tmp_path)],
        env=env, encoding="utf-8", timeout=60, dimensions=(50, 160),
    )
    player = KoreanPlayer()

    def answer(prompt: Prompt, before: str) -> str:
        shown = " ".join(before.replace("\r", "").split())
        for line in (prompt.question, *prompt.info):
            assert " ".join(line.split()) in shown, line
        for c in prompt.choices:
            assert f"[{c.key}]" in shown and " ".join(c.label.split()) in shown, c
        return player(prompt)

    output = [play_plain_beside_twin(child, twin, answer, lang="ko")]
    text = "\n".join(output).replace("\r", "")
    flat = " ".join(text.split())
    assert twin.over and "main" in player.stages
    for line in twin.log:
        check_korean(line.text, "log")
        assert " ".join(line.text.split()) in flat, line.text
    for english in ("-- Your turn --", "your choice>", "Press Enter", "Type ? for help", "New hand. Dealer",
                    "You are dealt", "Your turn: play a card", "Thanks for playing"):
        assert english not in text, english
