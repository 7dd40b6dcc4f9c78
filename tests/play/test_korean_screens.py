"""The full-screen game in Korean (``--lang ko``): the screens' own words -- the setup screen,
the seat panels and the table, the top line, the key bar, the end of a hand, the end of the
match, the help pages -- are Korean at 80x24 and 120x40, nothing is cut at the screen's edge,
and the language chosen on the setup screen is the one of every screen after it.

A line "reads as Korean" when it holds Hangul wherever it has words and no run of two English
words; person and bot names, card codes, preset names, key names and file paths are allowed
(the English screen shows them too). The screens' own texts are read from the app's own
widgets (:func:`own_lines`); the whole screen, the session's questions, log and settlement
included, is read by :func:`test_whole_screens_read_as_korean` (it depends on the session's
Korean: tighten nothing there, it already allows nothing more than the card names' English).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import pytest
from screen import run_app, screen_rows, until_rows, until_shown
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Input, Label, Select, Static, TabbedContent

from gostop.play import guide
from gostop.play.app import GoStopApp, HelpScreen, SetupScreen, SummaryScreen
from gostop.play.session import SavedMatch, Session, Settings
from gostop.play.store import Store
from gostop.rules import PRESETS

SIZES = [(80, 24), (120, 40)]
IDS = ["80x24", "120x40"]

HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: Two English words in a row (as tests/words/test_catalogues.py reads a translation).
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'-]+(?:[\s,:;.()]+[A-Za-z][A-Za-z'-]+)+")
#: What both languages show as it is: names, presets, keys, the program, the card codes.
ALLOWED = re.compile(
    r"(?<![A-Za-z])(?:Minji|Hoon|Jisu|Dami|Yuna|Sora|Jun|Tae|You|pagat-classic|pagat|matgo|goo-stupe|fuda-wiki"
    r"|blog|gostop rules show|gostop|Enter|Escape|Tab|PgUp|PgDn|ctrl\+[a-z]|play --resume|--resume|\w+_\w+=\d+"
    r"|[a-z0-9_]+ = [\w.-]+)(?![A-Za-z])"
)
CODE = re.compile(r"(?<![A-Za-z0-9])(?:\d\d[BARJD]\d?|JK[0-9B](?:-\d+)?)(?![A-Za-z0-9])")
#: A file path, or the part of one a row shows (a long path is folded over rows).
PATH = re.compile(r"\S*(?:/|\.json)\S*")
#: Korean card names carry their English after a middle dot (``국화 피 · chrysanthemum junk``,
#: :func:`gostop.play.names.card_words`): in the session's choices, by design.
CARD_ENGLISH = re.compile(r"·\s*[a-z][a-z /-]*")
#: A line cut at the screen's edge: the ellipsis, or a marker without its ``>`` (``<-`` is the
#: arrow of the seat to move).
CUT = re.compile(r"…|<[^<>\s-][^<>]*$")


def not_korean(line: str, card_english: bool = False) -> str | None:
    """Why ``line`` does not read as Korean (None: it does)."""
    text = PATH.sub(" ", line)
    if card_english:
        text = CARD_ENGLISH.sub(" ", text)
    text = CODE.sub(" ", ALLOWED.sub(" ", text))
    run = ENGLISH_RUN.search(text)
    if run:
        return f"English words: {run.group()!r}"
    if re.search(r"[A-Za-z]{2,}", text) and not HANGUL.search(line):
        return "words but no Hangul"
    return None


def assert_korean(lines: list[str], where: str, card_english: bool = False) -> None:
    bad = [(line, why) for line in lines if (why := not_korean(line, card_english))]
    assert not bad, (where, bad, "\n".join(lines))


def _run(app: GoStopApp, size: tuple[int, int], script: Callable[[Pilot[int]], Awaitable[None]]) -> None:
    run_app(app, size, script)


def own_lines(app: GoStopApp) -> list[str]:
    """The lines of the table screen the screens write themselves: the seat panels, the table,
    the ledger, your own row (without the session's words about your last turn), the top
    line (without the session's news) and the key bar; the session's question, choices, log
    and news are left out."""
    session = app.session
    assert session is not None
    lines: list[str] = []
    for wid in ("#opponents", "#table", "#you", "#status", "#ledger"):
        widget = app.query_one(wid, Static)
        if not widget.display or (widget.parent is not None and not widget.parent.display):
            continue
        text = widget.content.plain if hasattr(widget.content, "plain") else str(widget.content)
        said = [session.your_turn, session.news, session.last_move.text if session.last_move else ""]
        for said_text in said + [ln.text for ln in session.log]:  # the session's words
            if said_text:
                text = text.replace(said_text, "")
        lines += [ln for ln in text.split("\n") if ln.strip()]
    lines.append(screen_rows(app)[-1])  # the key bar
    if not app.compact:
        lines.append(app.sub_title)  # the header
    return lines


def _play(
    store: Store, size: tuple[int, int], on_screen: Callable[[GoStopApp, str], Awaitable[None] | None],
    pilot_box: list[Pilot[int]] | None = None,
) -> GoStopApp:
    """A whole 3-player Korean match (seed 5: a go / stop question, two hands, the end of the
    match), ``on_screen(app, what)`` called at each: ``main``, ``go-stop``, ``summary``, ``over``."""
    app = GoStopApp(store, Settings(players=3, seed=5, level="easy", hands=2, lang="ko"), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        if pilot_box is not None:
            pilot_box.append(pilot)
        for _ in range(400):
            session = app.session
            assert session is not None
            if isinstance(app.screen, SummaryScreen):
                what = "over" if session.over and len(session.pending) <= 1 else "summary"
                done = on_screen(app, what)
                if done is not None:
                    await done
                await pilot.press("enter")
                await pilot.pause()
                if app.return_code is not None:
                    return
                continue
            prompt = session.prompt()
            assert prompt is not None
            done = on_screen(app, prompt.stage)
            if done is not None:
                await done
            keys = {c.action: c.key for c in prompt.choices}
            await pilot.press(keys.get("go") or prompt.choices[0].key)
            await pilot.pause()
        raise AssertionError("the match did not end")

    _run(app, size, script)
    return app


# -- the setup screen ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_setup_screen_in_korean(store: Store, size: tuple[int, int]) -> None:
    app = GoStopApp(store, Settings(seed=3, level="easy", hands=1, lang="ko"))

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        rows = screen_rows(app)
        text = "\n".join(rows)
        assert "봇과 치는 고스톱" in text and "언어" in text and "상대" in text and "시작" in text, text
        assert_korean(rows, "setup")
        assert not any(CUT.search(r.rstrip()) for r in rows), text
        assert app.screen.query_one("#lang", Select).value == "ko"
        labels = [str(b.label) for b in app.screen.query("Button")]
        assert labels == ["시작", "끝내기"], labels

    _run(app, size, script)


def test_the_language_chosen_on_the_setup_screen_is_followed(store: Store) -> None:
    """English on the command line, Korean chosen on the setup screen: the setup screen says
    itself again in Korean (the answers typed so far kept), and the match is in Korean; the
    choice is remembered, as ``--lang`` is."""
    app = GoStopApp(store, Settings(seed=3, level="easy", hands=1))

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        english = "\n".join(screen_rows(app))
        assert "gostop -- Go Stop 고스톱 against bots" in english and "Language" in english
        app.screen.query_one("#seed", Input).value = "77"
        app.screen.query_one("#lang", Select).value = "ko"
        rows = await until_shown(pilot, app, "봇과 치는 고스톱")
        assert_korean(rows, "setup after choosing Korean")
        assert "봇과 치는 고스톱" in "\n".join(rows)
        assert app.screen.query_one("#seed", Input).value == "77"
        app.screen.query_one("#start").press()
        await pilot.pause()
        assert app.session is not None
        assert app.session.settings.lang == "ko" and app.session.settings.seed == 77
        assert_korean(own_lines(app), "table after the setup")
        assert "바닥 (더미" in "\n".join(screen_rows(app))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "1분 만에 배우는 고스톱" in "\n".join(screen_rows(app))

    _run(app, (80, 24), script)
    assert store.prefs().get("lang") == "ko"


def test_korean_chosen_on_the_setup_screen_for_a_resumed_match(store: Store) -> None:
    s = Session.start(Settings(seed=4, level="easy", hands=1), store)
    s.choose("1")
    app = GoStopApp(store, Settings(), saved=SavedMatch("1 bot (easy)"))

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#lang", Select).value = "ko"
        assert "저장된 게임 이어 하기" in "\n".join(await until_shown(pilot, app, "저장된 게임 이어 하기"))
        app.screen.query_one("#resume").press()
        await pilot.pause()
        assert app.session is not None and app.session.settings.lang == "ko"
        assert list(app.session.match.history) == list(s.match.history)
        assert_korean(own_lines(app), "resumed table")

    _run(app, (80, 24), script)


def test_a_refused_rule_change_said_in_korean_on_the_setup_screen(store: Store) -> None:
    """The rules refuse a change typed on the setup screen: why, in Korean from the rules'
    facts (the knob and the value as typed), and the screen stays for another try."""
    app = GoStopApp(store, Settings(seed=3, level="easy", hands=1, lang="ko"))

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#overrides", Input).value = "go_scheme=linea"
        app.screen.query_one("#start").press()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.session is None
        said = str(app.screen.query_one("#setup-error", Static).render())
        assert "규칙 'go_scheme': \"linea\" 값은 쓸 수 없습니다 ('linear'를 말씀하셨나요?)." in said, said
        assert "is not allowed" not in said and "knob" not in said, said

    _run(app, (80, 24), script)


def test_english_chosen_on_the_setup_screen(store: Store) -> None:
    app = GoStopApp(store, Settings(seed=3, level="easy", hands=1, lang="ko"))

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#lang", Select).value = "en"
        shown = await until_shown(pilot, app, "Tab moves between fields; Enter on Start begins. ctrl+q quits.")
        assert "Tab moves between fields; Enter on Start begins. ctrl+q quits." in "\n".join(shown)
        app.screen.query_one("#start").press()
        # (on a busy machine the table takes more than one pause to be composed)
        text = "\n".join(await until_rows(pilot, app, lambda rows: "Save & quit" in "\n".join(rows)))
        assert app.session is not None and app.session.settings.lang == "en"
        assert "Table (stock" in text and "Save & quit" in text, text

    _run(app, (80, 24), script)


# -- the table, the go / stop question, the end of a hand and of the match -------------------------


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_table_go_stop_summary_and_match_over_in_korean(store: Store, size: tuple[int, int]) -> None:
    seen: dict[str, list[str]] = {}

    def look(app: GoStopApp, what: str) -> None:
        rows = screen_rows(app)
        for row in rows:
            assert not CUT.search(row.rstrip()), (what, row, "\n".join(rows))
        if what in ("main", "go-stop"):
            lines = own_lines(app)
            assert_korean(lines, what)
            seen.setdefault(what, lines)
        elif what in ("summary", "over"):
            screen = app.screen
            assert isinstance(screen, SummaryScreen)
            body = screen.body.plain.split("\n")
            footer = str(screen.query_one(Label).render())
            session = app.session
            assert session is not None
            summary = session.pending[0] if session.pending else None
            own = [footer]
            if what == "over":  # the standings and where the record went, then the last hand
                own += body[:body.index("")]
            if summary is not None:
                start = next(i for i, ln in enumerate(body) if ln.startswith(f"{summary.hand}번째 판이 끝났습니다."))
                own.append(body[start].split(".")[0])
                while not body[-1].strip():
                    body.pop()
                own += body[-len(summary.chips) - 1:]  # the chips table, its heading first
            assert_korean([ln for ln in own if ln.strip()], what)
            seen.setdefault(what, own)

    _play(store, size, look)
    assert {"main", "go-stop", "summary", "over"} <= set(seen), set(seen)
    main = "\n".join(seen["main"])
    assert "바닥" in main and "점수 0/" in main and "손패" in main and "도움말" in main, main
    assert any(ln.startswith("최종 순위") for ln in seen["over"]), seen["over"]
    assert any("끝내기" in ln for ln in seen["over"]) and any("다음 판" in ln for ln in seen["summary"])


def test_whole_screens_read_as_korean(store: Store) -> None:
    """Every row of every screen of a Korean match at 80x24, the session's words included
    (questions, choices, the log, the settlement): only the card names' English after their
    middle dot is allowed."""

    # what the checker allows, and what it does not
    assert not_korean("  1. 민지       +7 칩") is None and not_korean("광: 11B 열끗: - 피 1: 11J1") is None
    assert not_korean(f"{store.root}/matches/match-1.json") is None
    assert not_korean("Table (stock 22):") is not None and not_korean("  points 0/3  hand 7  chips +0") is not None
    assert not_korean("1  06J2 모란 피 · peony junk: 모란 피 먹음", card_english=True) is None
    assert not_korean("1  06J2 모란 피 · peony junk: 모란 피 먹음") is not None

    def look(app: GoStopApp, what: str) -> None:
        assert_korean(screen_rows(app), what, card_english=True)

    _play(store, (80, 24), look)


# -- help -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_help_pages_in_korean(store: Store, size: tuple[int, int]) -> None:
    app = GoStopApp(store, Settings(players=3, seed=5, level="easy", hands=1, lang="ko"), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        tabs = app.screen.query_one(TabbedContent)
        shown: list[str] = []
        for page in range(3):
            if page:
                await pilot.press("right")
                await pilot.pause()
            box = tabs.get_pane(tabs.active).query_one("VerticalScroll.page", VerticalScroll)
            for _ in range(60):  # down the page to its end
                rows = screen_rows(app)
                for row in rows:
                    assert not CUT.search(row.rstrip()), row
                # the dialog's inside only: the screen behind it shows at its edges
                shown += [row[row.index("█") + 1 : row.rindex("█")] if row.count("█") >= 2 else row for row in rows]
                if box.scroll_y >= box.max_scroll_y:
                    break
                await pilot.press("pagedown")
                await pilot.pause()
        assert_korean(shown, "help")
        text = "\n".join(shown)
        for part in ("도움말", "1분 만에 배우는 고스톱", "저장하고 끝내기", "이 판의 규칙: 파갓 규칙", "고 또는 스톱",
                     "패 안내", "송학 광"):
            assert part in text, part

    _run(app, size, script)


@pytest.mark.parametrize("preset", [p for p in PRESETS])
def test_help_texts_in_korean_for_every_preset(preset: str) -> None:
    """The help texts themselves, every line, for every preset at each table size, with the
    rules that add lines switched on."""
    rules = PRESETS[preset]
    texts = [guide.quick_start("ko"), guide.keys_text("ko"), guide.plain_keys_text("ko")]
    variants = [rules]
    for change in ({"oe_myeon": True, "oe_myeon_exceptions": True, "shodang_window": "one_round",
                    "nagari_offer_cancels_go_bak": True, "score_cap": 10},
                   {"bomb_allowed": False, "meong": "dda_and_bak", "pi_bak_zero_exempt": True, "flex_card": "05A"}):
        try:
            variants.append(rules.with_overrides(change))
        except ValueError:
            continue
    for r in variants:
        for players in (2, 3, 5):
            texts.append(guide.rules_text(r, players, "ko"))
        texts.append(guide.card_guide(r, "ko"))
    for text in texts:
        assert_korean([ln for ln in text.split("\n") if ln.strip() and set(ln.strip()) != {"-"}], preset)


def test_english_help_texts_are_unchanged() -> None:
    """The English help is the same text it was before Korean came in (a few samples)."""
    assert guide.keys_text("en").startswith("Keys\n----\n1 .. 9, 0   play the card with that key (<captures>: it takes a card)\n")
    assert "s           shake 흔들기 (show three of a month: doubles your win),\n            or STOP when asked go or stop\n" \
        in guide.keys_text("en")
    assert guide.quick_start("en").startswith("How to play, in one minute\n--------------------------\nGo Stop is a fishing")
    assert "  ? or help    this help                      rules      the rules of this table\n" in guide.plain_keys_text("en")
    assert "01 Jan -- pine 송학" in guide.card_guide(PRESETS["pagat"])


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_title_line_names_the_rule_set_in_the_players_language(preset: str) -> None:
    """The top line named the rule set by its id ("matgo") on a Korean screen too; it says the
    name players use (맞고), in English a plain name."""
    from gostop.play.session import Session, Settings
    from gostop.play.view import table_view
    from gostop.words import preset_title

    players = 2 if preset == "matgo" else 3
    for lang in ("en", "ko"):
        s = Session.start(Settings(seed=1, level="easy", hands=1, players=players, preset=preset, lang=lang))
        title = table_view(s).title
        assert preset_title(preset, lang) in title, (lang, title)
        if lang == "ko":
            assert preset not in title and re.search("[가-힣]", preset_title(preset, lang)), title
