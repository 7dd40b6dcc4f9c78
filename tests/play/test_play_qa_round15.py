"""QA round 15, the terminal game: a bomb's turn line says which three cards came from the
hand and which one was the table's (BOMB-1; VAR-GRENADE: two onto two)."""

from __future__ import annotations

from gostop.cards import parse_card
from gostop.engine import Event
from gostop.match import MatchEvent
from gostop.play.narrate import narrate
from gostop.play.session import Session, Settings, _bot_move
from gostop.words import catalog

MAPLES = ("10A", "10R", "10J1", "10J2")


def _turn(kind: str) -> list[MatchEvent]:
    def ev(t: str, cards: tuple[str, ...], **data: object) -> MatchEvent:
        return MatchEvent("hand", 1, hand_event=Event(t, 1, tuple(parse_card(c) for c in cards), data))

    return [ev("turn", (), turn=3), ev(kind, MAPLES, month=10), ev("flip", ("02J1",)), ev("capture", MAPLES)]


def test_a_bots_bomb_says_the_three_played_onto_the_tables_card() -> None:
    """The bomb event names the four maples together; the table's cards before the bomb tell
    the table's one (10J2) from the three played (not ``Minji bombed`` four cards)."""
    en = catalog("en")
    move = _bot_move(1, "Minji", _turn("bomb"), en, table={"10J2", "02J2"})
    assert move is not None
    assert move.text == ("Minji bombed with maple animal, maple ribbon, maple junk onto maple junk, turned plum "
                         "junk, took maple animal, maple ribbon, maple junk ×2")
    assert move.short == "Minji bombed with 3 cards onto maple junk, turned plum junk, took 4 cards"
    grenade = _bot_move(1, "Minji", _turn("grenade"), en, table={"10J1", "10J2"})
    assert grenade is not None and grenade.short.startswith("Minji threw a grenade of 2 cards onto 2 cards, ")
    ko = _bot_move(1, "민지", _turn("bomb"), catalog("ko"), table={"10J2"})
    assert ko is not None and ko.short.startswith("민지: 폭탄 (3장을 바닥 단풍 피에 냄), "), ko.short


def test_a_bomb_whose_table_card_is_unknown_names_no_played_card() -> None:
    """Without the table before the bomb (a caller that does not know it), the line names no
    played card rather than four: what was taken says them."""
    move = _bot_move(1, "Minji", _turn("bomb"), catalog("en"))
    assert move is not None
    assert move.text.startswith("Minji bombed, turned plum junk, took maple animal, "), move.text


def test_the_bomb_log_line_says_three_cards_were_played() -> None:
    said = narrate(_turn("bomb")[1], {0: "You", 1: "Minji"}.get, (0, 1), 0, "en")
    assert said is not None
    assert said.text.startswith("BOMB 폭탄! Minji bombs with three cards, taking all four: maple animal, ")


def test_a_bomb_in_a_session_names_the_table_card_it_was_played_onto() -> None:
    """Seed 41: the person bombs the peonies (06A 06R 06J1 in hand, 06J2 on the table)."""
    s = Session.start(Settings(seed=41, preset="pagat", lang="en"))
    s.choose("b")
    assert s.your_turn_short.startswith("You bombed with 3 cards onto peony junk, "), s.your_turn_short
