"""Scripted deals for the browser tests: rooms with a chosen match seed, written into the
server's own database, so that a test knows which decision its seat will face.

The server deals from the room's seed and its bots are seeded from it too, so a room replays
identically. :func:`find_seed` plays candidate seeds offline with the server's own
:class:`~gostop.server.room.Room` and the same policy the browser tests click by
(:func:`policy_action`), until the human seat (table seat 0) is offered one of the wanted
decision kinds. :func:`seeded_room` then stores that room, with a seat token for seat 0.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from gostop.server.room import Room, RoomConfig, SeatConfig
from gostop.server.store import Store, token_hash

HUMAN = 0


@dataclass
class Scenario:
    """A room to create: people in the first ``humans`` seats (all playing by the policy),
    bots in the others, a preset and knob changes; ``prefer``: decision kinds the policy takes
    first whenever they are offered."""

    players: int = 2
    preset: str = "pagat"
    rules: dict[str, Any] = field(default_factory=dict)
    cut: bool = False
    hands: int = 1
    level: str = "easy"
    humans: int = 1
    prefer: tuple[str, ...] = ()
    #: the people's names, seat by seat (else "Tester", "Tester 2", …); the turn timer
    names: tuple[str, ...] = ()
    turn_seconds: int | None = None

    def config(self) -> RoomConfig:
        def name(i: int) -> str:
            return self.names[i] if i < len(self.names) else f"Tester {i + 1}" if i else "Tester"
        seats = [SeatConfig("human", None, name(i), "taken") for i in range(self.humans)]
        seats += [SeatConfig("bot", self.level) for _ in range(self.players - self.humans)]
        cfg = RoomConfig(seats=seats, preset=self.preset, rules=dict(self.rules), hands=self.hands, cut=self.cut, name="scripted",
                         turn_seconds=self.turn_seconds)
        cfg.check()
        return cfg


def junk_cost(entry: dict[str, Any]) -> int:
    """What the page's "Give" button preselects: the fewest junk points (js/table.js cheapest)."""
    def value(code: str) -> int:
        if code.startswith("JK"):
            return {"1": 1, "2": 2, "3": 3}.get(code[2], 0)
        return 2 if code[2] == "D" else 1 if code[2] == "J" else 0
    return sum(value(c) for c in entry["cards"]) * 10 + len(entry["cards"])


def policy_action(view: dict[str, Any], prefer: tuple[str, ...] = ()) -> str:
    """What the browser tests click when they are not after a particular decision: a decision
    of a ``prefer`` kind, else the first decision button (in the order the page shows them),
    else the first playable hand card."""
    legal = view["legal"]
    for kind in prefer:
        for e in legal:
            if e["kind"] == kind:
                return str(e["action"])
    # the page folds a shodang offer away and preselects the cheapest junk to give
    surrender = [e for e in legal if e["kind"] == "surrender"]
    if surrender:
        return str(min(surrender, key=junk_cost)["action"])
    plain = [e for e in legal if e["kind"] not in ("play", "cut", "offer-shodang")]
    if plain:
        return str(plain[0]["action"])  # (the goo-stupe list, DEC-2: a button per player)
    numbered = [e["action"] for e in legal if e["kind"] == "cut"]
    if numbered:
        return str(numbered[len(numbered) // 2])
    hand = view["hand"]["hand"] if view.get("hand") else []
    plays = {e["cards"][0]: e["action"] for e in legal if e["kind"] == "play"}
    for code in hand:
        if code in plays:
            return str(plays[code])
    return str(legal[0]["action"])


def reaches(scenario: Scenario, seed: int, kinds: frozenset[str], max_actions: int = 400, least: int = 1) -> int | None:
    """The number of actions after which seat 0 is offered one of ``kinds`` (``least``: at
    least that many decisions of those kinds at once; None: never)."""
    room = Room("search", scenario.config(), seed)
    for n in range(max_actions):
        seat = room.decider()
        if seat is None:
            return None
        if seat < scenario.humans:
            view = room.view(seat)
            if seat == HUMAN and sum(e["kind"] in kinds for e in view["legal"]) >= least:
                return n
            room.apply(seat, policy_action(view, scenario.prefer))
        else:
            room.apply(seat, room.bot_action(seat))
    return None


def find_seed(scenario: Scenario, kinds: set[str] | frozenset[str], start: int = 1, tries: int = 400, least: int = 1) -> int:
    """The first seed from ``start`` whose room offers seat 0 one of ``kinds`` (at least
    ``least`` decisions of those kinds at once)."""
    wanted = frozenset(kinds)
    for seed in range(start, start + tries):
        if reaches(scenario, seed, wanted, least=least) is not None:
            return seed
    raise LookupError(f"no seed in {start}..{start + tries - 1} reaches {sorted(wanted)}")


def seeded_room(db_url: str, scenario: Scenario, seed: int) -> tuple[str, list[str]]:
    """Store a room with match seed ``seed`` (the human seats taken); returns its id and the
    seat tokens of the human seats."""
    store = Store(db_url)
    try:
        room_id = "t" + secrets.token_urlsafe(6)
        tokens = [secrets.token_urlsafe(32) for _ in range(scenario.humans)]
        hashes = {i: token_hash(t) for i, t in enumerate(tokens)}
        store.create_room(room_id, scenario.config().to_json(), seed, False, "browser-test", "playing", hashes)
    finally:
        store.dispose()
    return room_id, tokens


# -- the decisions every browser test run reaches ---------------------------------------------

#: (test id, scenario, decision kinds): every decision of the rules that has a control.
DECISIONS: list[tuple[str, Scenario, set[str]]] = [
    ("pick", Scenario(), {"pick"}),
    ("go-stop", Scenario(hands=3), {"go", "stop"}),
    ("bomb", Scenario(), {"bomb"}),
    ("grenade", Scenario(rules={"grenade": "as_bomb"}), {"grenade"}),
    ("shake", Scenario(), {"shake"}),
    ("stock-only turn", Scenario(), {"skip"}),
    ("give up junk", Scenario(), {"surrender"}),
    ("joker reveal", Scenario(rules={"joker_hand_mode": "reveal_replace"}), {"reveal"}),
    ("shodang offer", Scenario(players=3, rules={"shodang": True}), {"offer-shodang"}),
    ("gwangpalli stay/drop", Scenario(players=4), {"stay", "drop"}),
    ("compensation claim", Scenario(players=4), {"claim", "claim-triple", "no-claim"}),
    ("cut", Scenario(cut=True), {"cut", "no-cut"}),
    ("chongtong", Scenario(rules={"chongtong": "optional"}), {"chongtong", "continue"}),
    ("yell", Scenario(preset="goo-stupe", players=3), {"yell", "no-yell"}),
    ("show quad", Scenario(rules={"chongtong": "optional"}, prefer=("continue",)), {"show-quad"}),
    ("shodang answer", Scenario(players=3, rules={"shodang": True}, humans=2, prefer=("offer-shodang",)), {"accept", "refuse"}),
]

#: Rooms of their own for tests/browser/test_web_table.py (a scripted room is used up by one test).
TABLE_ROOMS: list[tuple[str, Scenario, set[str]]] = [
    ("table: go-stop", Scenario(hands=3), {"go", "stop"}),
    ("table: shodang offer", Scenario(players=3, rules={"shodang": True}), {"offer-shodang"}),
    ("table: pick", Scenario(), {"pick"}),
    ("table: axe", Scenario(), {"pick"}),
    ("table: give junk", Scenario(), {"surrender"}),
    ("table: stop", Scenario(hands=3), {"go", "stop"}),
    ("table: review", Scenario(hands=3), {"go", "stop"}),
    ("table: axe stop en", Scenario(hands=3), {"go", "stop"}),
    ("table: three declarations", Scenario(), {"shake", "bomb"}),
]

#: Rooms that must offer several decisions of their kinds at once (default 1): three
#: declarations make two rows of buttons on a phone.
LEAST = {"table: three declarations": 3}

#: Seeds known to reach each decision (searched onwards from there if the deal changes).
KNOWN = {"pick": 2, "go-stop": 1, "bomb": 41, "grenade": 31, "shake": 1, "stock-only turn": 41, "give up junk": 5,
         "joker reveal": 4, "shodang offer": 1, "gwangpalli stay/drop": 5, "compensation claim": 6,
         "cut": 5, "chongtong": 69, "yell": 1, "show quad": 128, "shodang answer": 6,
         "table: go-stop": 1, "table: shodang offer": 1, "table: pick": 2, "table: axe": 2, "table: give junk": 5,
         "table: stop": 1, "table: review": 1, "table: axe stop en": 1,
         "table: three declarations": 400, "matgo: push and nagari": 7}


#: Issue 19 "done when": a whole Matgo match with a push (VAR-PUSH) and a nagari carry (the push
#: control comes after a hand's settlement, so it is tested there, not in ``DECISIONS``). The
#: policy stops at once and pushes whenever offered; the story (:func:`push_story`) is a
#: nagari whose carry a later win pays, and a hand the human won and pushed, whose push a
#: later hand pays doubled.
MATGO_PUSH = Scenario(preset="matgo", rules={"push_limit": 2}, hands=5, prefer=("stop", "push"))
STORIES: list[tuple[str, Scenario]] = [("matgo: push and nagari", MATGO_PUSH)]


def push_story(room: Room) -> bool:
    """The human pushed a win, a nagari carry was paid and a push was paid doubled."""
    assert room.match is not None
    entries = room.match.entries
    return (
        any(e.pushed and e.winner == HUMAN for e in entries)
        and any(e.outcome == "nagari" for e in entries)
        and any(e.outcome == "win" and e.carry and not e.pushed for e in entries)
        and any(e.outcome == "win" and e.pushes and not e.pushed for e in entries)
    )


def offline_room(scenario: Scenario, seed: int) -> Room:
    """The scripted room of ``scenario`` and ``seed``, started, as :func:`seeded_room` makes it."""
    room = Room("search", scenario.config(), seed)
    room.start()
    return room


def offline_moves(room: Room, scenario: Scenario, max_actions: int = 2000) -> Iterator[tuple[bool, list[Any]]]:
    """The moves of ``room`` played by the policy (the human seats) and the bots, as the tests
    play them: after each, whether a person made it, and its events."""
    for _ in range(max_actions):
        seat = room.decider()
        if seat is None:
            return
        human = seat < scenario.humans
        action = policy_action(room.view(seat), scenario.prefer) if human else room.bot_action(seat)
        yield human, list(room.apply(seat, action))


def play_offline(scenario: Scenario, seed: int, max_actions: int = 2000,
                 until: Callable[[Room], bool] | None = None) -> Room:
    """The whole match of a room played by the policy (the human seats) and the bots (or until
    ``until(room)`` holds after an action)."""
    room = offline_room(scenario, seed)
    for _ in offline_moves(room, scenario, max_actions):
        if until is not None and until(room):
            break
    return room


def find_story(scenario: Scenario, start: int = 1, tries: int = 200) -> int:
    """The first seed from ``start`` whose whole match tells :func:`push_story`."""
    for seed in range(start, start + tries):
        if push_story(play_offline(scenario, seed)):
            return seed
    raise LookupError(f"no seed in {start}..{start + tries - 1} tells the push story")


def prepare(db_url: str) -> dict[str, tuple[str, list[str]]]:
    """Store one scripted room per decision (before the server starts, so it resumes them and
    its bots play up to the human seat): ``{test id: (room id, seat tokens)}``."""
    store = Store(db_url)
    try:
        store.migrate()
    finally:
        store.dispose()
    out = {}
    for name, scenario, kinds in DECISIONS + TABLE_ROOMS:
        seed = find_seed(scenario, kinds, start=KNOWN.get(name, 1), tries=300, least=LEAST.get(name, 1))
        out[name] = seeded_room(db_url, scenario, seed)
    for name, scenario in STORIES:
        out[name] = seeded_room(db_url, scenario, find_story(scenario, start=KNOWN.get(name, 1)))
    return out
