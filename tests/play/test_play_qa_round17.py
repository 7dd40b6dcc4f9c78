"""QA round 17 of the terminal game (the findings round 16 left, then a Korean 3-player hand and
a Korean Matgo hand at 80x24):

* gwangpalli compensation paid at once (GWANG-7 ``immediate``) showed ``+0`` beside the payee and
  the payers all hand long: the table shows it when it is paid, and counts it once at the end;
* a turn line said ``..., took pine junk, sseul`` as if the sweep were one more card taken: a
  call-out comes after a dash (``— sseul 싹쓸이 (swept the table)``, ``— 싹쓸이``);
* a choice's card name shortened to ``willow / rain double`` (of ``willow / rain double junk``):
  a month's flower, a kind and a joker's name go whole or not at all;
* the counter said ``shook Jan`` / ``흔듦 1월`` where everything else names months by their flowers;
* a stock-only turn after a bomb read ``Minji turned pine junk, ...``: it says no card was played;
* the captures row said ``09A를 피로 치면 3장`` (a code in a sentence): the flex card is named;
* the end of a hand tore card names across rows (``공산`` / ``광``, ``단풍 피`` / ``×2``).
"""

from __future__ import annotations

import dataclasses

from rich.text import Text
from screen import CARD_CODE

from gostop.cards import parse_card
from gostop.engine.events import Event
from gostop.match import MatchEvent
from gostop.play.app import ChoiceItem
from gostop.play.plain import fit_lines
from gostop.play.render import Hanging, seat_block, seat_compact
from gostop.play.session import Choice, Session, Settings, _bot_move
from gostop.play.view import table_view
from gostop.words import catalog


def _ev(kind: str, seat: int | None, cards: tuple[str, ...] = (), **data: object) -> MatchEvent:
    return MatchEvent("hand", seat, hand_event=Event(kind, seat, tuple(parse_card(c) for c in cards), data))


# -- 1. compensation paid at once is shown at once -------------------------------------------------


def test_compensation_paid_at_once_shows_on_the_table_at_once() -> None:
    """5 seats, seed 59: forced out, the person claims 4 chips from each of the two payers (paid
    at once); the seats and the ledger said +0 until the hand ended."""
    s = Session.start(Settings(seed=59, players=5, preset="pagat", lang="en", level="easy", hands=3))
    prompt = s.prompt()
    while prompt is None:
        s.advance(1)
        prompt = s.prompt()
    assert prompt.stage == "claim", prompt.question
    assert s.rules.compensation_timing == "immediate"
    before = dict(table_view(s).ledger)
    s.choose("c", play_bots=False)
    view = table_view(s)
    after = dict(view.ledger)
    assert after["You"] == before["You"] + 8, (before, after)
    paid = {name: after[name] - before[name] for name in after if name != "You" and after[name] != before[name]}
    assert sorted(paid.values()) == [-4, -4], paid
    for seat in view.seats:  # the seat lines say it as well
        assert seat.chips == after[seat.name], (seat.name, seat.chips, after)
    # the hand ends: the ledger counts the compensation, the table does not count it twice
    while not s.pending and not s.match.is_over:
        s.advance(1)
    end = dict(table_view(s).ledger)
    names = [s.name(t) for t in range(s.match.n)]
    assert end == dict(zip(names, s.match.ledger.totals, strict=True)), end
    entry = s.match.ledger.entries[-1]
    assert entry.parts["compensation"][0] == 8, entry.parts


# -- 2. a call-out is said as an event --------------------------------------------------------------


def test_a_turn_lines_call_out_comes_after_a_dash() -> None:
    """``Minji played cherry bright, turned cherry ribbon, took ..., chok, sseul``: the call-outs
    read like two more cards taken."""
    chok = [_ev("turn", 1), _ev("play", 1, ("03B",)), _ev("flip", 1, ("03R",)), _ev("chok", 1, ("03B", "03R")),
            _ev("capture", 1, ("03B", "03R")), _ev("sseul", 1),
            _ev("surrender", 0, ("05J1",), to=1, **{"for": "chok"})]
    en = _bot_move(1, "Minji", chok, catalog("en"), named=lambda seat: "you")
    assert en is not None
    assert en.text == ("Minji played cherry bright, turned cherry ribbon, took cherry bright, cherry ribbon"
                       " — chok 쪽 (took the card just laid down), sseul 싹쓸이 (swept the table),"
                       " stole iris junk from you"), en.text
    assert en.short.endswith("took 2 cards — chok 쪽, sseul 싹쓸이, stole iris junk from you"), en.short
    assert "cherry ribbon, chok" not in en.text  # not as one more card taken
    ko = _bot_move(1, "민지", chok, catalog("ko"), named=lambda seat: "나")
    assert ko is not None and "벚꽃 띠 먹음 — 쪽, 싹쓸이, " in ko.text, ko.text
    # a ppuk with nothing taken, a first-turn ppuk with its chips
    ppuk = [_ev("turn", 1), _ev("play", 1, ("08A",)), _ev("flip", 1, ("08J1",)), _ev("ppuk", 1, ("08B", "08A", "08J1")),
            _ev("first-turn-ppuk", 1), _ev("payment", 0, (), to=1, amount=3, unit="chips")]
    en = _bot_move(1, "Minji", ppuk, catalog("en"))
    assert en is not None and en.text.endswith("took nothing — first-turn ppuk 첫뻑, got 3 chips"), en.text
    ko = _bot_move(1, "민지", ppuk, catalog("ko"))
    assert ko is not None and ko.text.endswith("못 먹음 — 첫뻑, 3칩 받음"), ko.text
    plain = [_ev("turn", 1), _ev("play", 1, ("08A",)), _ev("flip", 1, ("08J1",)), _ev("capture", 1, ("08A", "08J1"))]
    en = _bot_move(1, "Minji", plain, catalog("en"))
    assert en is not None and "—" not in en.text, en.text  # no call-out: no dash


# -- 3. a shortened name never cuts a name of several words ---------------------------------------


def test_a_shortened_card_name_never_cuts_a_flower_a_kind_or_a_joker() -> None:
    for code, label, whole, lang in (("12D", "willow / rain double junk", "willow / rain", "en"),
                                     ("07J1", "bush clover junk", "bush clover", "en"),
                                     ("08A", "pampas grass animal", "pampas grass", "en"),
                                     ("JKB", "boss-junk joker", "", "en"), ("JKB", "보스 조커", "", "ko")):
        c = Choice("5", label, f"play {code}", "no match", parse_card(code), ("feeds Minji (godori)",),
                   ("feeds Minji (godori)",))
        words = label.split()
        torn = [" ".join(words[:n]) for n in range(1, len(words))]
        torn = [t for t in torn if t != whole]  # "willow / rain double", "willow", "bush", "보스"...
        seen = set()
        for width in range(12, 90):
            text = ChoiceItem._fitted(c, width, lang).plain.rstrip()
            seen.add(text)
            # the name follows the code: ended by ":" before the deed, or by a marker, or the line ("$")
            shown = text + "$"
            assert not any(f" {code} {t}{end}" in shown for t in torn for end in (":", " <", "$")), (width, text)
        assert any(f" {code} {label}: " in t for t in seen), seen  # whole where it fits
        assert not whole or any(f" {code} {whole}: " in t for t in seen), seen  # the flower alone


# -- 4. a shaken month by its flower -----------------------------------------------------------------


def test_a_shaken_month_is_named_by_its_flower() -> None:
    for lang, compact, block, calendar in (("en", "shook pine, willow / rain", "shake pine, willow / rain", "Jan"),
                                           ("ko", "흔듦 송학, 비", "흔들기 송학, 비", "1월")):
        s = Session.start(Settings(seed=3, preset="pagat", lang=lang))
        view = table_view(s)
        seat = dataclasses.replace(view.seats[0], shakes=(1, 12))
        line = seat_compact(seat, view.target, view.unit).plain
        assert compact in line and calendar not in line, line
        full = seat_block(seat, view.target, view.unit).plain
        assert block in full and calendar not in full, full


# -- 5. a stock-only turn says so --------------------------------------------------------------------


def test_a_stock_only_turn_says_that_no_card_was_played() -> None:
    """BOMB-3: a stock-only turn after a bomb read ``Minji turned pine junk, took nothing``."""
    skip = [_ev("turn", 1), _ev("skip", 1, forced=False), _ev("flip", 1, ("01J1",))]
    en = _bot_move(1, "Minji", skip, catalog("en"))
    assert en is not None
    assert en.text == "Minji played no card (a stock-only turn), turned pine junk, took nothing", en.text
    ko = _bot_move(1, "민지", skip, catalog("ko"))
    assert ko is not None and ko.text == "민지: 패 안 냄 (더미만 뒤집는 차례), 송학 피 뒤집음, 못 먹음", ko.text
    you = _bot_move(0, "You", [_ev("turn", 0), _ev("skip", 0, forced=True), _ev("flip", 0, ("02A",)),
                               _ev("capture", 0, ("02A", "02J1"))], catalog("en"))
    assert you is not None and you.text.startswith("You played no card (a stock-only turn), turned plum animal"), you.text


# -- 6. the flex card named in the captures row ---------------------------------------------------


def test_the_flex_note_names_the_card() -> None:
    """Matgo, 80x24: ``피 1, 09A를 피로 치면 3장: 08J2``."""
    for lang, said in (("en", "Junk 1, 3 with chrysanthemum animal as junk"), ("ko", "피 1, 국화 열끗을 피로 치면 3장")):
        s = Session.start(Settings(seed=3, preset="matgo", lang=lang))
        view = table_view(s)
        seat = dataclasses.replace(view.seats[0], junk_value=1, junk_with_flex=("09A", 3))
        line = seat_compact(seat, view.target, view.unit).plain
        assert said in line, line
        block = seat_block(seat, view.target, view.unit).plain
        assert not CARD_CODE.search(block.split(":", 1)[0]) and "09A as junk" not in block and "09A를" not in block, block


# -- 7. the end of a hand keeps each card's name on one row --------------------------------------


def test_a_capture_list_breaks_between_cards_not_inside_a_name() -> None:
    """Korean Matgo at 80x24, the end of the hand: ``... 단풍 띠, 단풍 피`` / ``×2, 오동 광 ...`` and
    ``..., 공산`` / ``광, 공산 열끗 ...``."""
    lines = [
        "  나: 송학 광, 송학 띠, 송학 피 ×2, 벚꽃 피 ×2, 흑싸리 띠, 흑싸리 피, 홍싸리 열끗, 홍싸리 띠, 홍싸리 피 ×2,"
        " 단풍 열끗, 단풍 띠, 단풍 피 ×2, 오동 광, 오동 쌍피, 오동 피 ×2, 비 광, 비 쌍피, 조커 2  [비삼광 2점, 피 17장 8점]",
        "  민지: 매조 열끗, 매조 띠, 난초 열끗, 난초 띠, 모란 띠, 모란 피, 공산 광, 공산 열끗, 공산 피 ×2, 국화 열끗,"
        " 국화 띠, 국화 피 ×2, 조커 3",
        "  Hoon: pine bright, pampas grass junk ×2, willow / rain double junk, bush clover animal, bush clover"
        " ribbon, paulownia double junk  [3 brights: 3, junk 10: 1]",
    ]
    for line in lines:
        items = [i.strip() for i in line.split("  [")[0].split(":", 1)[1].split(",")]
        for width in range(40, 80):
            for rows in ([r.plain for r in Hanging(Text(line)).lines(width)], fit_lines(line, width).split("\n")):
                assert len(rows) > 1 or width >= len(line)
                text = "\n".join(rows)
                for item in items:  # each card's name and count on one row
                    assert item in text, (width, item, rows)
                assert not any(r.lstrip().startswith("×") for r in rows), rows
                assert all(r.startswith("    ") for r in rows[1:]), rows  # under the indent
    # prose breaks between words, as before
    prose = "  Hoon: his own share is 8 x2 = 16 chips — pi-bak x2, junk 4 (under 5), and he pays it all."
    assert [r.plain for r in Hanging(Text(prose)).lines(40)][0] == "  Hoon: his own share is 8 x2 = 16 chips"


# -- 8. Korean: a steal's reason is not said as one more card --------------------------------------


def test_a_korean_steal_says_its_reason_apart_from_the_cards() -> None:
    """Korean 3-player hand at 80x24: ``피 뺏김: 훈 → 나 (송학 피, 벚꽃 피, 자뻑)``: the ja-ppuk read
    as a third card handed over."""
    from gostop.play.narrate import narrate

    ev = Event("surrender", 1, (parse_card("01J1"), parse_card("03J1")), {"to": 0, "for": "ja-ppuk"})
    line = narrate(MatchEvent("hand", 1, hand_event=ev), lambda seat: ("나", "민지", "훈")[seat or 0], (0, 1, 2), 0, "ko")
    assert line is not None and line.text == "피 뺏김: 민지 → 나 (송학 피, 벚꽃 피) — 자뻑", line.text


# -- 9. what a turn took, month by month -------------------------------------------------------------


def test_a_turn_line_says_what_it_took_month_by_month() -> None:
    """Korean Matgo: ``나: 비 띠 냄, 공산 피 뒤집음, 비 광, 공산 광, 공산 피, 비 띠 먹음``: the card
    picked of two came first and the played card last, the months mixed."""
    ev = [_ev("turn", 0), _ev("play", 0, ("12R",)), _ev("pick", 0, ("12B",)), _ev("flip", 0, ("08J1",)),
          _ev("capture", 0, ("08B", "08J1", "12R"))]
    ko = _bot_move(0, "나", ev, catalog("ko"))
    assert ko is not None and ko.text == "나: 비 띠 냄, 공산 피 뒤집음, 비 광, 비 띠, 공산 광, 공산 피 먹음", ko.text
    en = _bot_move(0, "You", ev, catalog("en"))
    assert en is not None and en.text.endswith(
        "took willow / rain bright, willow / rain ribbon, pampas grass bright, pampas grass junk"), en.text
