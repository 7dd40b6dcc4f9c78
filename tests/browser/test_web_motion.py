"""Animations of play, flip and capture: with normal motion the played card really moves from
the hand (or from the opponent's corner) to the table, the stock card turns over on its way
from the stock, and the captured cards slide to the capturer's pile; with
``prefers-reduced-motion: reduce`` nothing animates at all. Either way the table the page ends
on is exactly the server's view.

The page is sampled from inside (one ``requestAnimationFrame`` loop reading
``document.getAnimations()``), so the checks see the animations the browser actually runs and
where each card is on screen while it runs.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tableplay import (
    PLAYABLE,
    hand_codes,
    my_turn,
    playable,
    quick_play,
    record_frames,
    step,
    table_state,
)

#: Records every running animation of a card: its role (data-anim: play, flip, capture, shift)
#: and its card; at the first frame seen, where it was, whether in the opponent's area, on the
#: stock or on my capture pile, and whether a card back covered it (a flip); from the animation
#: itself, whether it starts displaced and ends in its own place on my capture pile.
SAMPLER = """() => {
  const m = window.__motion = {seen: {}, frames: 0, any: 0};
  const within = (el, sel, margin) => {
    const box = document.querySelector(sel);
    if (!box) return false;
    const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return b.left - margin <= x && x <= b.right + margin && b.top - margin <= y && y <= b.bottom + margin;
  };
  const tick = () => {
    m.frames += 1;
    const anims = document.getAnimations();
    if (anims.length) m.any += 1;
    for (const a of anims) {
      const el = a.effect && a.effect.target;
      if (!el || !el.dataset || !el.dataset.anim) continue;
      const card = el.dataset.code ? el : el.querySelector('.card[data-code]');
      if (!card) continue;
      const key = el.dataset.anim + ':' + card.dataset.code;
      let s = m.seen[key];
      if (!s) {
        const back = el.querySelector('.flipback');
        const r = el.getBoundingClientRect();
        s = m.seen[key] = {n: 0, back: !!back && getComputedStyle(back).opacity === '1',
          x: r.left + r.width / 2, y: r.top + r.height / 2,
          inOpponent: within(el, '.player:not(.me)', 8),
          onStock: within(el, '.board .stock', 30), inMine: within(el, '.player.me .captures', 0)};
        // where it ends: the animation's last keyframe leaves the card untransformed, in its
        // own place on the page (read from the animation itself: a loaded machine may sample
        // the last frame, or draw the next update, before the card arrives)
        const kf = a.effect.getKeyframes();
        const home = kf.length > 1 && kf[kf.length - 1].transform === 'none';
        s.endsInMine = home && !!el.closest('.player.me .captures');
        s.startsDisplaced = kf.length > 1 && kf[0].transform !== 'none';
      }
      s.n += 1;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def hand_events(update: dict[str, Any]) -> list[dict[str, Any]]:
    return [w["event"] for w in update.get("events", []) if w.get("type") == "hand"]


def cards_of(updates: list[dict[str, Any]], kind: str) -> set[str]:
    return {c for f in updates for e in hand_events(f) if e["type"] == kind for c in e["cards"]}


def settle(page: Page) -> None:
    """Wait until no card of the table moves any more."""
    page.wait_for_function(
        "() => !document.querySelector('.table-page[data-anim=running]') && !document.getAnimations()"
        ".some(a => a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest('.table-page'))",
        timeout=5000)


def assert_table_is_the_view(page: Page, frames: list[dict[str, Any]]) -> None:
    """The cards on screen are those of the newest view, each where the layout puts it."""
    view = [f for f in frames if "view" in f][-1]["view"]
    assert table_state(page)["version"] == str(view["version"])
    hand = view["hand"]
    on_table = page.eval_on_selector_all(".layout .pile > .card[data-code]", "els => els.map(e => e.dataset.code)")
    mine = page.eval_on_selector_all(".player.me .captures .caprow > .card[data-code]", "els => els.map(e => e.dataset.code)")
    choosing = [hand["choosing_for"]] if hand.get("choosing_for") and hand["choosing_for"] not in hand["layout"] else []
    assert sorted(on_table) == sorted(hand["layout"] + choosing)
    assert sorted(mine) == sorted(hand["captures"][view["hand_seat"]])
    assert hand_codes(page) == hand["hand"]
    # nothing left displaced: no running animation, no transform, no card back left over
    moved = page.eval_on_selector_all(
        ".layout .card, .captures .card, .myhand .handslot",
        "els => els.filter(e => e.getAnimations().length || e.querySelector('.flipback')"
        " || (getComputedStyle(e).transform !== 'none' && !e.matches('.selected, :hover'))).map(e => e.dataset.code || e.className)")
    assert not moved, moved


def play_turns(page: Page, frames: list[dict[str, Any]], want: set[str], clicked: dict[str, tuple[float, float]],
               reduced: bool, turns: int = 8) -> list[dict[str, Any]]:
    """Play capturing cards where there are any, until the updates seen hold every event type
    of ``want`` ("me:play", "bot:play"...) and (unless ``reduced``) a bot's card was seen
    moving (not when its play ended the hand: a new deal is drawn at once); returns those updates. ``clicked``: filled with
    where each card played was on screen (its centre) when clicked."""
    seen: set[str] = set()
    start = None
    for _ in range(turns):
        my_turn(page)
        settle(page)
        if not page.locator(PLAYABLE).count():  # a decision (pick, shake...): the usual policy
            step(page)
            continue
        card = page.locator(f"{PLAYABLE}.captures")
        card = card.first if card.count() else page.locator(PLAYABLE).first
        version = int(table_state(page)["version"])
        start = version if start is None else start
        box = card.bounding_box()
        assert box
        clicked[card.get_attribute("data-code") or ""] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        card.click()
        page.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.version) > {version}")
        seen = {("me:" if f["seat"] == f["view"]["seat"] else "bot:") + e["type"]
                for f in frames if f.get("type") == "update" and f["version"] > start for e in hand_events(f)}
        animated = page.evaluate("() => Object.keys((window.__motion || {seen: {}}).seen)")
        bot_moved = reduced or any(k.startswith("play:") and k[5:] in cards_of(
            [f for f in frames if f.get("type") == "update" and f["version"] > start and f["seat"] != f["view"]["seat"]], "play")
            for k in animated)
        if want <= seen and bot_moved:
            break
    return [f for f in frames if f.get("type") == "update" and start is not None and f["version"] > start]


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_play_flip_and_capture_are_animated_unless_reduced_motion(browser: Browser, base_url: str, motion: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, reduced_motion=motion)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    frames = record_frames(page)
    quick_play(page, base_url, "Mo")
    playable(page)
    page.evaluate(SAMPLER)
    clicked: dict[str, tuple[float, float]] = {}
    updates = play_turns(page, frames, {"me:play", "me:flip", "me:capture", "bot:play"}, clicked, motion == "reduce")
    my_turn(page)
    settle(page)
    sampled = page.evaluate("() => window.__motion")
    assert sampled["frames"] > 10  # the sampler ran all along
    seen = sampled["seen"]
    mine = [f for f in updates if f["seat"] == f["view"]["seat"]]
    played, flipped, captured = cards_of(mine, "play"), cards_of(mine, "flip"), cards_of(mine, "capture")
    by_bot = cards_of([f for f in updates if f["seat"] != f["view"]["seat"]], "play")
    assert played and flipped and captured and by_bot, (played, flipped, captured, by_bot)
    if motion == "reduce":
        assert sampled["any"] == 0 and not seen, seen  # nothing ran at all, not even briefly
    else:
        # play: my card starts where it was in my hand; a bot's card starts in the bot's corner
        assert set(clicked) == played, (clicked, played)
        starts = {c: (seen[f"play:{c}"]["x"], seen[f"play:{c}"]["y"]) for c in played if f"play:{c}" in seen}
        assert starts and all(abs(x - clicked[c][0]) < 20 and abs(y - clicked[c][1]) < 20 for c, (x, y) in starts.items()), (starts, clicked)
        bot_played = [seen[f"play:{c}"] for c in by_bot if f"play:{c}" in seen]
        assert bot_played and all(s["inOpponent"] for s in bot_played), (by_bot, seen)
        # flip: the stock card starts on the stock, face down
        flips = [seen[f"flip:{c}"] for c in flipped if f"flip:{c}" in seen]
        assert flips and all(s["onStock"] and s["back"] for s in flips), (flipped, seen)
        # capture: the cards I take slide to my pile from elsewhere
        # (a card that went to the table first and was taken by a later update moves twice:
        # the "capture" move is the one that takes it)
        taken = [next(seen[k] for k in (f"capture:{c}", f"play:{c}", f"flip:{c}") if k in seen)
                 for c in captured if any(k in seen for k in (f"capture:{c}", f"play:{c}", f"flip:{c}"))]
        assert any(s["endsInMine"] and s["startsDisplaced"] and not s["inMine"] for s in taken), (captured, seen)
    assert_table_is_the_view(page, frames)
    assert not errors, errors
    ctx.close()


def test_animations_never_hold_up_my_turn(browser: Browser, base_url: str) -> None:
    """The table is live while cards move: my hand can be played while the bot's card is still
    on its way, and the page keeps up with the server through a run of quick turns."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    frames = record_frames(page)
    quick_play(page, base_url, "Quick")
    playable(page)
    clicked_while_moving = 0
    for _ in range(4):
        my_turn(page)
        moving = page.evaluate("() => document.getAnimations().length")
        version = int(table_state(page)["version"])
        if page.locator(PLAYABLE).count():
            page.locator(PLAYABLE).first.click()
        else:
            step(page)
        page.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.version) > {version}")
        clicked_while_moving += moving > 0
    assert clicked_while_moving >= 1  # at least once a card was played while another still moved
    my_turn(page)
    settle(page)
    assert_table_is_the_view(page, frames)
    ctx.close()
