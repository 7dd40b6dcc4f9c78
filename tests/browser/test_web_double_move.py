"""One move a decision: after I play, the table's controls stay off until the server answers
(its view of the next decision, or an error), even when the table is drawn again in between
-- another player's connection comes or goes, the page's language changes. A redraw turned
them back on, and a second click or key sent a second move for the same decision.

The server's answer to my move is held back (Playwright routes the page's WebSocket: my
messages go through, the server's ``update``, ``ack`` and ``state`` wait) so that the redraw surely comes
first; everything else the server says (the presence of the other player) goes through."""

from __future__ import annotations

import json
import time
from typing import Any

import sqlalchemy as sa
from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute, expect
from scenarios import Scenario, seeded_room
from tableplay import PLAYABLE, step, table_state
from test_web_table import sit

VIEWPORT = {"width": 1280, "height": 860}
HELD = {"update", "ack", "state"}


class HeldAnswers:
    """The page's table socket, routed: what the page sends is counted and passed on; once
    ``hold`` is set, the server's updates, acks and states wait until :meth:`release`."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.hold = False
        self.held: list[str | bytes] = []
        self.route: WebSocketRoute | None = None
        self.spoil = False  # a move is sent with a card nobody holds (the server refuses it)

    def __call__(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        self.route = ws

        def from_page(message: str | bytes) -> None:
            if isinstance(message, str):
                msg = json.loads(message)
                self.sent.append(msg)
                if self.spoil and msg.get("type") == "action":
                    message = json.dumps({**msg, "action": "play 13X"})
            server.send(message)

        def from_server(message: str | bytes) -> None:
            kind = json.loads(message).get("type") if isinstance(message, str) else None
            if self.hold and kind in HELD:
                self.held.append(message)
            else:
                ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)

    def actions(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m.get("type") == "action"]

    def release(self) -> None:
        self.hold = False
        assert self.route is not None
        for message in self.held:
            self.route.send(message)
        self.held.clear()


def _seated(browser: Browser, base_url: str, room: str, seat: int, token: str,
            routed: HeldAnswers | None = None) -> tuple[BrowserContext, Page]:
    ctx = browser.new_context(viewport=VIEWPORT, locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    if routed is not None:
        page.route_web_socket("**/ws/**", routed)
    sit(page, base_url, room, seat, token)
    return ctx, page


def _my_turn_to_play(ann: Page, others: tuple[Page, ...], timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not (table_state(ann).get("toMove") == "1" and ann.locator(PLAYABLE).count() >= 2
               and not ann.locator(".decisions button.decision").count()):
        assert time.monotonic() < end, f"my turn to play a card did not come: {table_state(ann)}"
        if step(ann) is None and all(step(o) is None for o in others):
            ann.wait_for_timeout(80)


def _enabled_controls(page: Page) -> int:
    return int(page.evaluate("""() => [...document.querySelectorAll('.tablebox button, .tablebox select')]
      .filter((b) => b.id !== 'side-toggle' && !b.closest('.saybox') && !b.disabled).length"""))


def _stored_actions(db_url: str, room: str) -> list[tuple[int, int, str]]:
    engine = sa.create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT version, seat, action FROM actions WHERE room_id = :r ORDER BY version"),
                                {"r": room}).all()
    finally:
        engine.dispose()
    return [(int(v), int(s), str(a)) for v, s, a in rows]


def test_a_redraw_while_my_move_is_on_its_way_sends_no_second_move(browser: Browser, base_url: str,
                                                                   game_server: Any) -> None:
    """Two people; at my turn I play a card and the server's answer is held back. Bo's
    connection goes (my table is drawn again: he is offline) and the page switches language
    (drawn again): the cards and buttons stay off, and a second card clicked, a hand key and
    the first card again send nothing. Once the answer comes the table moves on, and the
    server holds one move of mine for that decision."""
    scenario = Scenario(humans=2)
    room, tokens = seeded_room(game_server.db_url, scenario, 7)
    routed = HeldAnswers()
    ann_ctx, ann = _seated(browser, base_url, room, 0, tokens[0], routed)
    bo_ctx, bo = _seated(browser, base_url, room, 1, tokens[1])
    _my_turn_to_play(ann, (bo,))
    version = table_state(ann)["version"]
    before = len(routed.actions())

    routed.hold = True
    cards = ann.locator(PLAYABLE)
    first, second = cards.nth(0).get_attribute("data-code"), cards.nth(1).get_attribute("data-code")
    cards.nth(0).click()
    ann.wait_for_function("() => [...document.querySelectorAll('.myhand button.card')].every((b) => b.disabled)")
    assert len(routed.actions()) == before + 1

    # a redraw: Bo's connection goes (presence), the table is drawn anew with his seat offline
    bo_ctx.close()
    expect(ann.locator(".player[data-seat='1'] .tag", has_text="offline")).to_be_visible()
    assert _enabled_controls(ann) == 0, "a presence change turned the controls of a decision already made back on"
    # another: the page's language (drawn at once in the other words; the server's state, with
    # the table after my move, waits with the update)
    ann.click("#lang-toggle")
    expect(ann.locator("#lang-toggle")).to_have_text("English")
    ann.wait_for_timeout(300)
    assert table_state(ann)["version"] == version
    assert _enabled_controls(ann) == 0, "a change of language turned the controls back on"

    # a second card, a hand key, the first card again: none of them is sent
    ann.evaluate("(code) => document.querySelector(`.myhand button.card[data-code='${code}']`).click()", second)
    ann.keyboard.press("2")
    ann.evaluate("(code) => document.querySelector(`.myhand button.card[data-code='${code}']`)?.click()", first)
    ann.wait_for_timeout(300)
    sent = routed.actions()[before:]
    assert len(sent) == 1, f"more than one move sent for one decision: {sent}"
    assert sent[0]["action"].split()[:2] == ["play", first] and sent[0]["version"] == int(version), sent

    routed.release()
    ann.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'", timeout=10000)
    mine = [a for a in _stored_actions(game_server.db_url, room) if a[0] >= int(version) and a[1] == 0]
    assert mine and mine[0][0] == int(version) and mine[0][2].split()[:2] == ["play", first], mine
    assert [a for a in mine if a[0] == int(version)] == mine[:1]
    assert len(routed.actions()) == before + 1
    ann_ctx.close()


def test_a_refused_move_turns_the_controls_back_on_with_the_error_said(page: Page, base_url: str,
                                                                       game_server: Any) -> None:
    """The server refuses my move (the routed socket changes the card on its way: the server
    answers ``illegal_action``): the error is shown, the table's controls are usable again, and
    the next click is sent and played. They stayed off until the page was reloaded."""
    scenario = Scenario()
    room, tokens = seeded_room(game_server.db_url, scenario, 7)
    routed = HeldAnswers()
    page.route_web_socket("**/ws/**", routed)
    sit(page, base_url, room, 0, tokens[0])
    _my_turn_to_play(page, ())
    version = table_state(page)["version"]
    routed.spoil = True
    page.locator(PLAYABLE).first.click()
    expect(page.locator("#banner")).to_contain_text("That move cannot be played now")  # illegal_action, i18n.js
    expect(page.locator(PLAYABLE).first).to_be_enabled()
    assert table_state(page)["version"] == version
    routed.spoil = False
    page.locator(PLAYABLE).first.click()
    page.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'", timeout=10000)
    assert [a for a in _stored_actions(game_server.db_url, room) if a[0] == int(version)][0][1] == 0
