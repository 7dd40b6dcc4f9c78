"""A QA pass over the full-screen game (Textual), as a player sees it: choices that wrap take
exactly their rows, under their label, and push nobody off the screen; at the go / stop
question every opponent and the table stay in view; Korean card names never end on a stray
separator; no rule ID on the help pages; ``stock 1 card``; no empty segment on the top line;
table-level questions (cut, gwangpalli drop, claim) without the last hand's news; the help
pages scroll with the usual keys and never scroll prose sideways; the summary's footer follows
its scrolling; the setup takes every seed the command line takes."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest
from rich.cells import cell_len
from rich.text import Text
from screen import flat, screen_rows
from textual.app import App, ComposeResult
from textual.containers import HorizontalScroll, VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Input, Label, Static, TabbedContent

from gostop.cards import parse_card
from gostop.limits import MAX_SEED
from gostop.play.app import ChoiceItem, GoStopApp, HelpScreen, SetupScreen, SummaryScreen
from gostop.play.guide import (
    KEYS_TEXT,
    MATGO_DIFFERENCES,
    PLAIN_KEYS_TEXT,
    QUICK_START,
    card_guide_parts,
    rules_text,
)
from gostop.play.render import layout_block, layout_compact
from gostop.play.session import Choice, Prompt, Session, Settings
from gostop.play.store import Store
from gostop.play.view import TABLE_STAGES, table_view
from gostop.rules import PRESETS, get_preset

#: A rule ID of RULES.md (``LIAB-4``, ``PAY-6``, ``VAR-PUSH``); card codes (``06J1``,
#: ``JK1-2``) and names (``go-bak``, ``PI-BAK``) are not.
RULE_ID = re.compile(r"\b[A-Z]{2,8}(-[A-Z0-9*]+)+\b")
#: Stamps and the like that read as words, not as rule IDs.
WORDS = {"PI-BAK", "GWANG-BAK", "MEONG-DDA", "MEONG-BAK", "GO-BAK"}


def _run(app: App[int], size: tuple[int, int], script: Callable[[Pilot[int]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


def _rule_ids(text: str) -> list[str]:
    return [m.group() for m in RULE_ID.finditer(text) if m.group() not in WORDS]


# -- 1: choices that wrap take exactly their rows, under their label ------------------------------


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_wrapped_choices_take_their_rows_and_leave_the_table_in_view(store: Store, lang: str) -> None:
    """Bomb and shake offered at 80x24 (5 seated, 3 play): each wrapped choice continues under
    its label, no blank row between choices, and the other players and the table stay on screen."""
    app = GoStopApp(store, Settings(players=5, seed=28, level="easy", hands=2, ask_cut=True, lang=lang), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        session = app.session
        assert session is not None
        prompt = session.prompt()
        assert prompt is not None and prompt.stage == "cut"
        await pilot.press("n")
        await pilot.pause()
        prompt = session.prompt()
        assert prompt is not None and prompt.stage == "main"
        assert {"b", "s"} <= {c.key for c in prompt.choices}
        rows = screen_rows(app)
        text = "\n".join(rows)
        first = next(i for i, r in enumerate(rows) if r.startswith(" 1  "))
        last = next(i for i, r in enumerate(rows) if r.startswith(" o  "))  # offer shodang, in either language
        for row in rows[first:last + 1]:  # the choices: no blank row among them
            assert row.strip(), text
        for key in ("b", "s"):
            at = next(i for i, r in enumerate(rows) if r.startswith(f" {key}  "))
            assert rows[at + 1].startswith("    ") and rows[at + 1][4] != " ", text  # under the label
        view = table_view(session)
        for seat in view.seats:  # every active player's points line, and the table
            assert any(r.lstrip().startswith(seat.name + " ") for r in rows[:first]), (seat.name, text)
        table = "Table (stock " if lang == "en" else "바닥 (더미 "  # the screen's own words, in Korean too
        assert any(r.lstrip().startswith(table) for r in rows[:first]), text

    _run(app, (80, 24), script)


def test_a_choice_in_words_wraps_under_its_label_wide_too(store: Store) -> None:
    app = GoStopApp(store, Settings(players=5, seed=28, level="easy", hands=2, ask_cut=True), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.press("n")
        await pilot.pause()
        items = {i.choice.key: i for i in app.query(ChoiceItem)}
        shake = items["s"]
        lines = shake._hanging(40).plain.split("\n")
        assert len(lines) > 1 and all(line.startswith("    ") for line in lines[1:]), lines
        assert shake.rows(40) == len(lines) and shake.size.height == shake.rows(shake.content_region.width)

    _run(app, (120, 40), script)


# -- 2: at go / stop, every opponent and the table stay in view -----------------------------------


def _capture_first(session: Session) -> str:
    prompt = session.prompt()
    assert prompt is not None
    for c in prompt.choices:
        if c.action in ("go", "stay"):
            return c.key
    if prompt.stage == "main":
        return next((c.key for c in prompt.choices if "captures" in c.marks), prompt.choices[0].key)
    return prompt.choices[0].key


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_go_stop_question_keeps_every_opponent_and_the_table_in_view(store: Store, size: tuple[int, int]) -> None:
    """A 3-player hand with two go / stop questions: each opponent's name line and the table's
    lines are on screen while the player decides; the question's own lines may scroll, and do."""
    app = GoStopApp(store, Settings(players=3, seed=5, level="easy", hands=1), setup=False)
    asked = []

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(200):
            if isinstance(app.screen, SummaryScreen):
                return
            session = app.session
            assert session is not None
            prompt = session.prompt()
            if prompt is None:
                return
            if prompt.stage == "go-stop":
                rows = screen_rows(app)
                text = "\n".join(rows)
                view = table_view(session)
                for seat in view.seats:
                    assert any(re.match(rf" *{re.escape(seat.name)} (\(|<-)", r) for r in rows), (seat.name, text)
                layout = (layout_compact(view) if app.compact else layout_block(view)).plain
                for line in layout.strip("\n").split("\n"):
                    assert any(line.strip() in r for r in rows), (line, text)
                assert flat(prompt.question) in flat(text)
                for c in prompt.choices:
                    assert any(f" {c.key}  " in r for r in rows), (c.key, text)
                seen = flat(text)  # the lines under the choices: on screen, or there by scrolling
                await pilot.press("end")
                await pilot.pause()
                await pilot.pause(0.2)  # (under load the scroll lands a frame later)
                seen += " " + flat(" ".join(screen_rows(app)))
                for line in prompt.info:
                    assert flat(line) in seen, (line, text)
                asked.append(prompt.question)
            await pilot.press(_capture_first(session))
            await pilot.pause()

    _run(app, size, script)
    assert len(asked) >= 1


# -- 3: Korean card names never end on a separator ----------------------------------------------


def test_korean_compact_choice_never_ends_on_a_separator() -> None:
    for code, label, detail in (("09J1", "국화 피 · chrysanthemum junk", "takes 09J2"),
                                ("08B", "공산 광 · pampas grass bright", "takes 08A or 08J1 (you choose)"),
                                ("JK2", "조커 2 · two-junk joker", "joker: to your captures")):
        c = Choice("9", label, f"play {code}", detail, parse_card(code), ("captures",))
        for width in range(12, 80):
            text = ChoiceItem._fitted(c, width).plain
            assert not text.rstrip().endswith(("·", "-", "/")), (width, text)
            assert not any(f" {sep}:" in text or f" {sep} <" in text for sep in ("·", "-", "/")), (width, text)
        assert f" {code} {label}: " in ChoiceItem._fitted(c, 200).plain


@pytest.mark.parametrize(("lang", "label", "says"), [
    ("en", "joker 2", "to your captures + a stock card"),
    ("ko", "조커 2 · two-junk joker", "먹고 더미 패 냄"),
])
def test_a_compact_joker_choice_says_what_it_does_not_joker_again(lang: str, label: str, says: str) -> None:
    """JOKER-1: a joker played from hand goes to the captures and the top stock card is played
    instead. The compact line said "JK2 joker ... joker 2" (조커 ... 조커 2): the card's name
    twice and nothing of what playing it does."""
    from gostop.words.catalog import catalog

    detail = catalog(lang).t("joker: to your captures, the top stock card is played instead")
    c = Choice("9", label, "play JK2", detail, parse_card("JK2"), ())
    text = ChoiceItem._fitted(c, 200, lang).plain
    assert says in text, text
    assert text.lower().count("joker") + text.count("조커") == label.lower().count("joker") + label.count("조커"), text


def test_korean_compact_choice_keeps_the_english_name_whole_or_drops_it() -> None:
    label = "국화 피 · chrysanthemum junk"
    c = Choice("9", label, "play 09J1", "takes 09J2", parse_card("09J1"), ("captures",))
    seen = set()
    for width in range(12, 80):
        text = ChoiceItem._fitted(c, width).plain
        if "·" in text:
            assert text.startswith(f" 9  09J1 {label}: "), (width, text)
        seen.add("·" in text)
    assert seen == {True, False}  # both happen: the whole name when it fits, the Korean alone else


def test_korean_choices_on_screen_have_no_dangling_separator(store: Store) -> None:
    app = GoStopApp(store, Settings(players=3, seed=1, level="easy", hands=1, lang="ko"), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(12):
            session = app.session
            if isinstance(app.screen, SummaryScreen) or session is None or session.prompt() is None:
                return
            for row in screen_rows(app):
                assert not re.search(r"·(\s{2,}|\s*$)", row), row
            await pilot.press(_capture_first(session))
            await pilot.pause()

    _run(app, (80, 24), script)


# -- 4: no rule ID on the help pages --------------------------------------------------------------


def test_rule_id_pattern_is_not_fooled_by_cards_or_stamps() -> None:
    assert _rule_ids("Go-bak 고박 (PAY-6) and (LIAB-10), VAR-WEOLYAK-*") == ["PAY-6", "LIAB-10", "VAR-WEOLYAK"]
    assert not _rule_ids("06J1 takes 06J2; JK1-2; [PI-BAK 피박 LIVE]; 01..12; --bot-delay; x2")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_help_texts_show_no_rule_id(preset: str) -> None:
    rules = get_preset(preset)
    texts = [KEYS_TEXT, QUICK_START, PLAIN_KEYS_TEXT, MATGO_DIFFERENCES, *card_guide_parts(rules)]
    for players in (2, 3, 5):
        texts.append(rules_text(rules, players))
        texts.append(rules_text(rules.with_overrides({"shodang_window": "rest_of_hand"}), players))
    for text in texts:
        assert not _rule_ids(text), _rule_ids(text)


def test_every_help_page_on_screen_shows_no_rule_id(store: Store) -> None:
    app = GoStopApp(store, Settings(players=3, seed=5, level="easy", hands=1), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        for page in ("help-keys", "help-rules", "help-cards"):
            app.screen.query_one(TabbedContent).active = page
            await pilot.pause()
            text = "\n".join(str(w.render()) for w in app.screen.query(Static))
            assert "go-bak 고박" in text or page != "help-rules"
            assert not _rule_ids(text), (page, _rule_ids(text))

    _run(app, (80, 24), script)


# -- 5: stock 1 card ------------------------------------------------------------------------------


def test_one_card_in_the_stock_is_singular() -> None:
    view = table_view(Session.start(Settings(seed=1, level="easy", hands=1)))
    assert "stock 1 card\n" in layout_block(replace(view, stock=1)).plain
    assert "stock 2 cards\n" in layout_block(replace(view, stock=2)).plain


# -- 6: no empty segment on the top line ----------------------------------------------------------


def test_top_line_during_a_bot_turn_has_no_empty_segment(store: Store) -> None:
    app = GoStopApp(store, Settings(players=3, seed=6, level="easy", hands=1), setup=False, bot_delay=30)

    async def script(pilot: Pilot[int]) -> None:
        session = app.session
        assert session is not None and session.last_move is not None and session.prompt() is None
        top = screen_rows(app)[0]
        assert top.startswith(" hand 1 of 1 · pagat · " + session.last_move.text[:20]), top
        assert not re.search(r"·\s*·|·\s{2,}", top), top

    _run(app, (80, 24), script)


# -- 7: table-level questions: a fitting status, no stale news ----------------------------------


def _as_prompt_kinds(prompt: Prompt) -> str:
    """The policy of test_play_prompt_kinds_80x24: shake, bomb, go, stay, refuse, else the first."""
    for pref in ("shake", "bomb"):
        for c in prompt.choices:
            if c.action.startswith(pref):
                return c.key
    return next((c.key for c in prompt.choices if c.action in ("go", "stay", "refuse")), prompt.choices[0].key)


@pytest.mark.parametrize(("players", "seed", "stage"), [(5, 1, "drop"), (5, 36, "claim"), (3, 5, "cut")])
def test_table_questions_show_their_own_status(store: Store, players: int, seed: int, stage: str) -> None:
    app = GoStopApp(store, Settings(players=players, seed=seed, level="easy", hands=2, ask_cut=True), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(300):
            if isinstance(app.screen, SummaryScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            session = app.session
            assert session is not None
            prompt = session.prompt()
            if prompt is None:  # a hand played without the person
                await pilot.pause(0.05)
                continue
            if prompt.stage == stage:
                rows = screen_rows(app)
                top = flat(" ".join(rows[:2]))
                assert TABLE_STAGES[stage] in top and "Your move." not in top, top
                assert " wins: " not in top and "played" not in top, top  # the last hand's news
                assert "Waiting for the deal" not in "\n".join(rows)
                return
            await pilot.press(_as_prompt_kinds(prompt))
            await pilot.pause()
        raise AssertionError(f"no {stage} question after a hand")

    _run(app, (80, 24), script)


# -- the help pages show whole: PgDn never skips a line ------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_a_help_page_fits_its_dialog_so_page_down_skips_no_line(store: Store, size: tuple[int, int]) -> None:
    """Each help page's scrolling box lies inside the dialog's frame: when it reached one row
    past it (clipped, unseen), PgDn scrolled by one row more than the page showed, and that
    line was never on screen (the "g GO" key line at 80x24)."""
    app = GoStopApp(store, Settings(players=3, seed=5, level="easy", hands=1), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        tabs = screen.query_one(TabbedContent)
        frame = screen.query_one("HelpScreen > Vertical").content_region
        for page in range(3):
            if page:
                await pilot.press("right")
                await pilot.pause()
            box = tabs.get_pane(tabs.active).query_one("VerticalScroll.page", VerticalScroll)
            assert frame.contains_region(box.region), (tabs.active, box.region, frame)
            seen: list[str] = []
            while True:  # PgDn alone, to the end: every line of the page is seen
                seen.extend(screen_rows(app)[box.region.y : box.region.bottom])
                if box.scroll_y >= box.max_scroll_y:
                    break
                before = box.scroll_y
                await pilot.press("pagedown")
                await pilot.pause()
                assert 0 < box.scroll_y - before <= box.scrollable_content_region.height
            if tabs.active == "help-keys":
                assert any("GO (when asked go or stop)" in row for row in seen), "\n".join(seen)

    _run(app, size, script)


# -- 8: the help pages scroll with the usual keys; prose never scrolls sideways -------------------


def test_help_pages_scroll_with_the_usual_keys(store: Store) -> None:
    app = GoStopApp(store, Settings(players=3, seed=5, level="easy", hands=1), setup=False)

    async def script(pilot: Pilot[int]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        tabs = screen.query_one(TabbedContent)

        def page() -> VerticalScroll:
            return tabs.get_pane(tabs.active).query_one("VerticalScroll.page", VerticalScroll)

        assert tabs.active == "help-keys" and page().max_scroll_y > 0  # longer than the window
        for key, check in (("pagedown", lambda p: p.scroll_y > 0), ("end", lambda p: p.scroll_y == p.max_scroll_y),
                           ("home", lambda p: p.scroll_y == 0), ("down", lambda p: p.scroll_y == 1),
                           ("up", lambda p: p.scroll_y == 0)):
            await pilot.press(key)
            await pilot.pause()
            assert check(page()), (key, page().scroll_y, page().max_scroll_y)
        await pilot.press("right")
        await pilot.pause()
        assert tabs.active == "help-rules"
        await pilot.press("end")
        await pilot.pause()
        assert page().scroll_y == page().max_scroll_y > 0
        await pilot.press("right")
        await pilot.pause()
        assert tabs.active == "help-cards"
        await pilot.press("pagedown")
        await pilot.pause()
        assert page().scroll_y > 0
        await pilot.press("tab", "right", "right", "right")  # the card table, sideways
        await pilot.pause()
        assert tabs.active == "help-cards"
        assert screen.query_one(HorizontalScroll).scroll_x > 0
        await pilot.press("pageup", "pageup", "pageup")  # up / down still scroll the page
        await pilot.pause()
        assert page().scroll_y == 0 and screen.query_one(HorizontalScroll).scroll_x > 0
        rows = screen_rows(app)
        assert any("█Card guide: code = month" in r for r in rows), "\n".join(rows)  # the prose stays put

    _run(app, (80, 24), script)


# -- 9: the summary's footer follows its scrolling ------------------------------------------------


class _Summary(App[int]):
    def compose(self) -> ComposeResult:
        yield Static("table")

    def on_mount(self) -> None:
        body = "\n".join(f"step {i}" for i in range(60))
        self.push_screen(SummaryScreen(Text(body), " Enter: next hand "))


def test_summary_footer_says_more_below_only_while_there_is() -> None:
    app = _Summary()

    async def script(pilot: Pilot[int]) -> None:
        footer = app.screen.query_one(Label)
        assert "more below" in str(footer.render())
        await pilot.press("end")
        await pilot.pause()
        assert "more below" not in str(footer.render()) and "Enter: next hand" in str(footer.render())
        await pilot.press("home")
        await pilot.pause()
        assert "more below" in str(footer.render())

    _run(app, (80, 24), script)


# -- 10: the setup takes every seed the command line takes ----------------------------------------


@pytest.mark.parametrize(("typed", "ok"), [(str(MAX_SEED), True), (str(2**63), True), (str(MAX_SEED + 1), False)])
def test_setup_takes_the_seeds_of_the_command_line(store: Store, typed: str, ok: bool) -> None:
    app = GoStopApp(store, Settings(seed=3, level="easy", hands=1))

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#seed", Input).value = typed
        app.screen.query_one("#start").press()
        await pilot.pause()
        if ok:
            assert app.session is not None and app.session.settings.seed == int(typed)
        else:
            assert app.session is None
            text = flat(" ".join(screen_rows(app)))
            assert "the seed must be a whole number from 0 to 2**64-1" in text, text

    _run(app, (80, 24), script)


def test_setup_screen_conflict_names_the_answer_to_change(store: Store) -> None:
    """GEN-7: matgo is for 2 players; the setup screen says which answer to change, not a
    command-line flag the player never typed."""
    from textual.widgets import Select

    app = GoStopApp(store, Settings(seed=3, level="easy", hands=1, players=3))

    async def script(pilot: Pilot[int]) -> None:
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#preset", Select).value = "matgo"
        app.screen.query_one("#start").press()
        await pilot.pause()
        assert app.session is None
        text = re.sub(r"\s+", " ", flat(" ".join(screen_rows(app))).replace("█", " "))
        assert "choose 2 players or another preset" in text, text
        assert "--players" not in text, text

    _run(app, (80, 24), script)


def test_a_korean_joker_whose_deed_does_not_fit_keeps_its_name() -> None:
    """Matgo at 80 columns (a cell of 40): what a joker does (먹은 패로 가고 더미 패를 대신 냄)
    did not fit beside its code, and the line said "JK2-2" alone: nothing that a player reads
    as a joker. Where the deed gives way, the card's name stays (조커 2 · 쌍피, or as much of
    it as fits, never a torn worth)."""
    from gostop.words.catalog import catalog

    detail = catalog("ko").t("joker: to your captures, the top stock card is played instead")
    label = "조커 2 · 쌍피"
    c = Choice("0", label, "play JK2-2", detail, parse_card("JK2-2"), ())
    assert "먹고 더미 패 냄" in ChoiceItem._fitted(c, 60, "ko").plain  # room enough: the deed
    # (31: the deed and "조커", its colon between them; a cell less and the deed stays alone)
    for width in (40, 38, 31, 24):
        text = ChoiceItem._fitted(c, width, "ko").plain
        assert "조커" in text, (width, text)
        assert text.startswith(" 0  JK2-2 조커"), (width, text)  # the name beside the code
        assert "·" not in text or f"JK2-2 {label}" in text, (width, text)
        assert cell_len(text) <= width, (width, text)
