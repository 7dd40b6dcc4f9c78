"""The lobby's rule form says how many of each joker a deck holds (a number per joker type, not a
box to tick), so that a deck with two of one joker -- matgo's two JK2 (["JK2", "JK2-2", "JK3"]),
goo-stupe's 22 JK1 -- is expressed and round-trips exactly: typing a preset's own counts is no
change, and another count is sent as the codes the rules take (JK2, JK2-2...). The joker types
and the most copies of one come from the server (GET /api/presets)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from gostop.cards import MAX_JOKER_COPIES
from gostop.rules import PRESETS


def open_jokers(page: Page, base_url: str, preset: str) -> None:
    page.goto(base_url + "/")
    page.click("#advanced > summary")
    page.click("#create details summary")
    page.select_option("#create select[name=preset]", preset)
    page.select_option("#create select[name=knob]", "jokers")


def set_counts(page: Page, counts: dict[str, int]) -> None:
    for field in page.locator("#create .jokers input").all():
        field.fill(str(counts.get(field.get_attribute("data-joker") or "", 0)))


def test_the_server_says_the_joker_types_and_the_most_copies(page: Page, base_url: str) -> None:
    knobs = page.request.get(base_url + "/api/presets").json()["knobs"]
    jokers = next(k for k in knobs if k["name"] == "jokers")
    assert jokers["choices"] == ["JK1", "JK2", "JK3", "JKB", "JKX", "JKP"]
    assert jokers["minimum"] == 0 and jokers["maximum"] == MAX_JOKER_COPIES
    assert jokers["defaults"]["matgo"] == ["JK2", "JK2-2", "JK3"]


def test_a_preset_with_two_of_one_joker_round_trips(page: Page, base_url: str) -> None:
    assert PRESETS["matgo"].jokers == ("JK2", "JK2-2", "JK3")
    open_jokers(page, base_url, "matgo")
    expect(page.locator("#create .knob-current")).to_contain_text("×2")
    expect(page.locator("#create .jokers input")).to_have_count(6)
    # matgo's own deck, typed as counts: no change
    set_counts(page, {"JK2": 2, "JK3": 1})
    page.click("#add-rule")
    expect(page.locator("#create .rule-error")).to_contain_text("That is already the rule")
    expect(page.locator('#create .changes li[data-knob="jokers"]')).to_have_count(0)
    # one JK2 fewer is a change (a box per type could not tell the two apart)
    set_counts(page, {"JK2": 1, "JK3": 1})
    page.click("#add-rule")
    change = page.locator('#create .changes li[data-knob="jokers"]')
    expect(change).to_have_count(1)
    assert not re.search(r"JK\d|\[", change.inner_text()), change.inner_text()


def test_goo_stupes_twenty_two_jokers_round_trip_and_a_count_too_big_is_said(page: Page, base_url: str) -> None:
    open_jokers(page, base_url, "goo-stupe")
    set_counts(page, {"JK1": 22})
    page.click("#add-rule")
    expect(page.locator("#create .rule-error")).to_contain_text("That is already the rule")
    set_counts(page, {"JK1": MAX_JOKER_COPIES + 1})
    page.click("#add-rule")
    expect(page.locator("#create .rule-error")).to_have_text(
        f"Jokers: type how many of each, a whole number from 0 to {MAX_JOKER_COPIES}.")
    expect(page.locator('#create .changes li[data-knob="jokers"]')).to_have_count(0)


def test_two_of_one_joker_are_sent_as_their_codes_and_the_room_has_them(page: Page, base_url: str) -> None:
    open_jokers(page, base_url, "pagat")
    set_counts(page, {"JK2": 2, "JKB": 1})
    page.click("#add-rule")
    change = page.locator('#create .changes li[data-knob="jokers"]')
    expect(change).to_contain_text("×2")
    bodies: list[Any] = []
    page.on("request", lambda r: bodies.append(r.post_data_json) if r.method == "POST" and r.url.endswith("/api/rooms") else None)
    page.click("#create-room")
    page.wait_for_url(re.compile(r"#/room/"))
    assert bodies and bodies[0]["rules"] == {"jokers": ["JK2", "JK2-2", "JKB"]}, bodies
    room = page.url.split("#/room/")[1].split("/")[0]
    rules = page.request.get(f"{base_url}/api/rooms/{room}").json()["rules"]
    assert rules["jokers"] == ["JK2", "JK2-2", "JKB"], rules
