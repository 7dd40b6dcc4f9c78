"""QA round 23 of the web game: the call-outs of one move. A move that brings several call-outs
(a sweep, 쓸, on the last play before a nagari; a ppuk and a bomb...) showed only its last: the
player missed the sweep. Its pop-up now names each, a line each, in their order; the screen
reader hears each once (in the event lines of the live region: the pop-up is hidden from it).

The call-outs of two moves close together (a bot's move 0.6 s after the one before) replaced
each other the same way: the first pop-up now stays its second at least, then the next one
comes. And the call-outs of a hand's last move are shown over the settlement it opens, not
behind it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from playwright.sync_api import Page
from scenarios import HUMAN, Scenario, offline_moves, offline_room, seeded_room
from tableplay import play_until, record_frames, table_state
from test_web_table import sit

#: The event kinds with a call-out (gostop.words.events.callout_text; a junk card given has one
#: too, with whom it went to)
CALLED = {"ppuk", "ja-ppuk", "first-turn-ppuk", "ppuk-streak", "three-ppuk", "ttadak", "chok", "sseul", "bomb",
          "grenade", "shake", "stack-capture", "boss-joker", "go", "stop", "chongtong", "nagari"}

#: A room whose hand has one move with two call-outs or more (found offline with
#: :func:`_many_at`: seed 1, the bot's last play sweeps the table, then the hand is a nagari)
SCENARIO = Scenario()
SEED = 1

#: A 3-player room where a move with a call-out (a ppuk) is followed at once by a bot's move
#: with its own (a stack taken): found offline with :func:`_soon_after`
SOON = Scenario(players=3)
SOON_SEED = 22

#: Every call-out the page shows, a list of its lines each (recorded as it is shown, at
#: ``shownAt``'s time), every line given to the live region, and while a dialog is open over
#: a call-out shown, whether each of its lines is on top (``overDialog``, a list a time)
WATCH = """() => {
  window.shownCallouts = []; window.shownAt = []; window.said = []; window.overDialog = [];
  const look = () => {
    const c = document.querySelector('.callout.show');
    if (!c) return;
    if (document.querySelector('.overlay:not([hidden])')) {
      c.style.setProperty('pointer-events', 'auto');  // (hit-testing skips it otherwise)
      window.overDialog.push([...c.querySelectorAll('.callout-line')].map((l) => {
        const r = l.getBoundingClientRect();
        const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!e && c.contains(e);
      }));
      c.style.removeProperty('pointer-events');
    }
    const parts = [...c.querySelectorAll('.callout-line')].map((x) => x.textContent);
    const lines = parts.length ? parts : [c.textContent];
    const last = window.shownCallouts[window.shownCallouts.length - 1];
    if (!last || JSON.stringify(last) !== JSON.stringify(lines)) { window.shownCallouts.push(lines); window.shownAt.push(performance.now()); }
  };
  new MutationObserver((ms) => {
    look();
    for (const m of ms) {
      if (m.target.id === 'table-news') m.addedNodes.forEach((n) => window.said.push(n.textContent));
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
}"""


def _moves(scenario: Scenario, seed: int, max_actions: int = 300) -> Iterator[tuple[bool, list[str]]]:
    """The moves of the scripted room as the test plays it: whether a person made it, and the
    kinds of its call-outs."""
    for human, events in offline_moves(offline_room(scenario, seed), scenario, max_actions):
        kinds = [j.get("event", j)["type"] for j in (ev.to_json() for ev in events)]
        yield human, [k for k in kinds if k in CALLED]


def _many_at(scenario: Scenario, seed: int) -> list[str] | None:
    """The call-out kinds of the first move with two call-outs or more."""
    return next((called for _human, called in _moves(scenario, seed) if len(called) >= 2), None)


def _soon_after(scenario: Scenario, seed: int) -> tuple[list[str], list[str]] | None:
    """The call-out kinds of the first bot's move with call-outs that comes right after another
    move with call-outs, and those of that move before it."""
    before: list[str] = []
    for human, called in _moves(scenario, seed):
        called = [k for k in called if k not in ("go", "stop")]
        if called and before and not human:
            return before, called
        before = called
    return None


def _watched(page: Page, base_url: str, game_server: Any, scenario: Scenario, seed: int) -> list[dict[str, Any]]:
    """Sit at the scripted room with the page's call-outs watched (:data:`WATCH`); the frames
    the page receives."""
    room, tokens = seeded_room(game_server.db_url, scenario, seed)
    frames = record_frames(page)
    page.add_init_script(f"({WATCH})()")
    sit(page, base_url, room, HUMAN, tokens[0])
    return frames


def _callouts(frame: dict[str, Any]) -> list[str]:
    return [e["callout"] for e in frame.get("events") or [] if e.get("callout")]


def test_every_call_out_of_one_move_is_shown_and_said_once(page: Page, base_url: str, game_server: Any) -> None:
    assert _many_at(SCENARIO, SEED) is not None, "the seed no longer has a move with two call-outs"
    frames = _watched(page, base_url, game_server, SCENARIO, SEED)

    def many() -> dict[str, Any] | None:
        return next((f for f in list(frames) if f.get("type") == "update" and len(_callouts(f)) >= 2), None)

    def drawn(p: Page) -> bool:
        f = many()
        return f is not None and int(table_state(p).get("version") or -1) >= int(f["version"])

    play_until(page, drawn, timeout=150)
    frame = many()
    assert frame is not None
    wanted = _callouts(frame)
    # one pop-up names each call-out of the move, in order (it was only the last one)
    page.wait_for_function("(wanted) => window.shownCallouts.some((c) => JSON.stringify(c) === JSON.stringify(wanted))",
                           arg=wanted, timeout=10000)
    # the move ends the hand (a nagari): its call-outs are seen over the settlement it opens,
    # every line (on a phone the dialog hid all but the first)
    over = page.evaluate("() => window.overDialog")
    assert over and all(all(x) for x in over), over
    # each call-out's event line is said once in the live region (as often as the server sent it)
    texts = [e["text"] for e in frame["events"] if e.get("callout") and e.get("text")]
    assert len(texts) >= 2, frame["events"]
    now = page.evaluate("() => ({ said: window.said, version: document.querySelector('.table-page').dataset.version })")
    said = now["said"]
    sent = [e.get("text") for f in list(frames) if f.get("type") == "update" and int(f["version"]) <= int(now["version"])
            for e in f.get("events") or []]
    for text in texts:
        assert said.count(text) == sent.count(text), (text, said)


def test_a_call_out_soon_after_another_waits_for_its_turn(page: Page, base_url: str, game_server: Any) -> None:
    # a ppuk, then a bot's move that takes the stack 0.05 s later (the test server's bot delay):
    # the ppuk's pop-up was gone before anybody could read it
    assert _soon_after(SOON, SOON_SEED) is not None, "the seed no longer has two moves with call-outs in a row"
    frames = _watched(page, base_url, game_server, SOON, SOON_SEED)

    def pair() -> tuple[dict[str, Any], dict[str, Any]] | None:
        ups = [f for f in list(frames) if f.get("type") == "update"]
        for a, b in zip(ups, ups[1:], strict=False):
            if _callouts(a) and _callouts(b) and int(b["version"]) == int(a["version"]) + 1:
                return a, b
        return None

    def drawn(p: Page) -> bool:
        two = pair()
        return two is not None and int(table_state(p).get("version") or -1) >= int(two[1]["version"])

    play_until(page, drawn, timeout=150)
    two = pair()
    assert two is not None
    first, second = _callouts(two[0]), _callouts(two[1])
    # both are shown, in their order, and the first for its second at least before the next
    page.wait_for_function("(want) => { const s = window.shownCallouts.map((c) => JSON.stringify(c));"
                           " const i = s.indexOf(JSON.stringify(want[0])); return i >= 0 && s.indexOf(JSON.stringify(want[1]), i + 1) > i; }",
                           arg=[first, second], timeout=10000)
    got = page.evaluate("() => ({ shown: window.shownCallouts, at: window.shownAt })")
    keys = [str(c) for c in got["shown"]]
    i = keys.index(str(first))
    j = keys.index(str(second), i + 1)
    # (a second, less the drawing of the table in the same turn, seen after it)
    assert got["at"][j] - got["at"][i] >= 900, got
