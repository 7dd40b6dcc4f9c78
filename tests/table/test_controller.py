"""The match controller (gostop.table.controller): one controller under both games.

``Room`` (the web game) and ``Session`` (the terminal game) hold a ``TableController`` and
drive their match through it: the legality check, whose decision is next, the bots'
decisions, the last settled hand.
"""

from __future__ import annotations

import pytest

from gostop.agents import Agent, Decision, HandContext, RandomAgent
from gostop.match import IllegalMatchActionError, Match, Player
from gostop.play.session import Session, Settings
from gostop.rules import get_preset
from gostop.server.room import Room, RoomConfig, SeatConfig
from gostop.table import BOT_NAMES, TableController

RULES = get_preset("pagat")


class Spy(Agent):
    """Plays the first legal action and records the hands it was told about."""

    spec = "spy"
    needs_sampler = False

    def __init__(self) -> None:
        self.contexts: list[HandContext] = []

    def begin_hand(self, ctx: HandContext) -> None:
        super().begin_hand(ctx)
        self.contexts.append(ctx)

    def choose(self, decision: Decision):  # type: ignore[no-untyped-def]
        return decision.legal[0]

    def choose_table(self, decision):  # type: ignore[no-untyped-def]
        return decision.legal[0]


def _bot_room(seed: int, seats: int = 3) -> Room:
    cfg = RoomConfig(seats=[SeatConfig("bot", "easy") for _ in range(seats)], hands=1)
    cfg.check()
    return Room("t", cfg, seed)


def test_room_and_session_share_one_controller() -> None:
    room = _bot_room(5)
    session = Session.start(Settings(players=3, level="easy", seed=5, hands=1), play_bots=False)
    assert type(room.table) is TableController and type(session.table) is TableController
    # the controller holds the very match each face shows
    assert room.match is room.table.match and session.match is session.table.match
    assert room.decider() == room.table.decider() and room.legal() == room.table.legal()
    # the faces' bots are the controller's
    seat = next(s for s in range(1, 3))
    assert session.bots[seat] is session.table.agent(seat)
    assert room.agent(0) is room.table.agents[0]


def test_a_room_is_its_controller_driven_to_the_end() -> None:
    """A bot room plays exactly what a bare controller with the same seeds, seats and tag plays."""
    room = _bot_room(12)
    while not room.over:
        seat = room.decider()
        assert seat is not None
        room.apply(seat, room.bot_action(seat))
    cfg = room.config
    match = Match(room.rules, cfg.players(), room.seed, hands_limit=cfg.hands_limit(room.rules), ask_cut=cfg.cut)
    table = TableController(match, bots={i: s.level for i, s in enumerate(cfg.seats) if s.level}, seed_tag="serve")
    while not table.over:
        seat = table.decider()
        assert seat is not None
        table.apply(seat, table.bot_action(seat))
    assert table.match is not None and room.match is not None
    assert table.match.history == room.match.history == room.actions
    assert table.last_deal == room.last_deal and table.last_hands == room.last_hands


def test_apply_checks_the_seat_and_the_action_and_changes_nothing_when_refused() -> None:
    table = TableController(seed_tag="serve")
    with pytest.raises(IllegalMatchActionError, match="has not started"):
        table.apply(0, "no-cut")
    match = Match(RULES, [Player("A", 40), Player("B", 30)], 3, hands_limit=1, ask_cut=True)
    assert table.start(match) == list(match.start_events)
    seat = table.decider()
    assert seat is not None and table.legal()
    before = list(match.history)
    with pytest.raises(IllegalMatchActionError, match=f"it is seat {seat}'s decision, not seat {1 - seat}'s"):
        table.apply(1 - seat, "no-cut")
    with pytest.raises(IllegalMatchActionError, match="'play 01B' is not a legal action now"):
        table.apply(seat, "play 01B")
    assert match.history == before
    step = table.apply(seat, "no-cut")
    assert step.seat == seat and step.action == "no-cut" and step.hand is None and step.events
    while not table.over:
        s = table.decider()
        assert s is not None
        step = table.apply(s, table.legal()[0])
    with pytest.raises(IllegalMatchActionError, match="the match is over"):
        table.apply(0, "no-cut")
    # the last settled hand is the controller's, seen from the match's own record
    assert step.hand_over and table.last_deal == len(match.deals) - 1
    assert table.last_result is step.hand.result  # type: ignore[union-attr]
    rec = match.deals[-1].hand_record
    assert rec is not None and rec.result is not None
    assert [len(h) for h in table.last_hands] == [len(step.hand.hand_cards(s)) for s in range(2)]  # type: ignore[union-attr]


def _first_bot_hand_decision(tell: str) -> tuple[TableController, dict[int, Spy], int]:
    for seed in range(50):
        match = Match(RULES, [Player(n, 40 - i) for i, n in enumerate(("A", "B", "C"))], seed, ask_cut=False)
        table = TableController(match, bots={0: "spy", 1: "spy", 2: "spy"}, seed_tag="play", tell=tell)  # type: ignore[arg-type]
        spies = {s: Spy() for s in range(3)}
        table.agents.update(spies)
        seat = table.decider()
        if seat is not None and match.phase == "hand" and len(match.legal_actions()) > 1:
            table.bot_action(seat)
            return table, spies, seat
    pytest.fail("no hand with a real first decision")


def test_seat_tells_only_the_bot_that_decides_hand_tells_every_bot_of_the_hand() -> None:
    table, spies, seat = _first_bot_hand_decision("seat")
    assert [len(spies[s].contexts) for s in range(3)] == [1 if s == seat else 0 for s in range(3)]
    table, spies, seat = _first_bot_hand_decision("hand")
    assert [len(spies[s].contexts) for s in range(3)] == [1, 1, 1]
    m = table.match
    assert m is not None and m.hand is not None
    for s in range(3):  # each bot told its own hand seat, once per hand
        assert spies[s].contexts[0].seat == m.hand_seat(s)
    table.bot_action(seat)
    assert [len(spies[s].contexts) for s in range(3)] == [1, 1, 1]


def test_a_bot_that_does_not_build_is_the_random_bot_only_when_asked() -> None:
    match = Match(RULES, ["A", "B"], 1)
    assert isinstance(TableController(match, bots={1: "nope"}, seed_tag="play", fallback=True).agent(1), RandomAgent)
    with pytest.raises(ValueError, match="unknown bot 'nope'"):
        TableController(match, bots={1: "nope"}, seed_tag="play").agent(1)
    with pytest.raises(ValueError, match="seat 0 has no bot"):
        TableController(match, bots={1: "easy"}, seed_tag="play").agent(0)


def test_both_games_name_their_bots_from_one_table() -> None:
    import gostop.play.session as session_mod
    import gostop.server.room as room_mod

    assert session_mod.BOT_NAMES is BOT_NAMES and room_mod.BOT_NAMES is BOT_NAMES
    session = Session.start(Settings(players=7, level="easy", seed=2, hands=1), play_bots=False)
    assert session.match.names == ("You", *BOT_NAMES[:6])
    cfg = RoomConfig(seats=[SeatConfig("human", name="Ann", status="taken")] + [SeatConfig("bot", "easy") for _ in range(6)])
    cfg.check()
    assert tuple(p.name for p in cfg.players()) == ("Ann", *BOT_NAMES[:6])
    all_bots = RoomConfig(seats=[SeatConfig("bot", "easy") for _ in range(7)])
    assert tuple(p.name for p in all_bots.players()) == BOT_NAMES


def test_a_hand_decided_at_the_deal_is_the_last_settled_hand() -> None:
    """Issue #18, defect 2: a chongtong (or four of a month on the table) ends the hand at the
    deal, with no action; the controller still knows its result and hands, from the record."""
    for seed in range(1, 600):
        match = Match(RULES, ["A", "B"], seed, hands_limit=2, ask_cut=False)
        rec = match.deals[0].hand_record
        if rec is not None and rec.result is not None:
            break
    else:
        pytest.fail("no deal decided at the deal")
    table = TableController(match, seed_tag="play")
    assert table.last_deal == 0 and table.last_result is not None
    from gostop.record import result_summary

    assert result_summary(table.last_result) == rec.result
    assert len(table.last_hands) == 2 and all(table.last_hands)
