"""QA round 7: defects a player met playing the web game (Matgo vs a hard bot in Korean on a
desktop and a phone, a 3-player game in English, a spectator by the invite link, the guide).

1. A hand's settlement did not say the chips paid during the hand (a first-turn ppuk's 7 chips):
   "민수 48칩 냄" above "민수: 0 → -55", with nothing saying where the other 7 went.
2. The guide named cards by their codes in its sentences ("비광 12B가 끼면", "국진(09A)", "the
   rain bright 12B", "The sake cup 09A"), and its English page sent the player to a file of the
   source tree ("docs/rules.md").
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect
from scenarios import HUMAN, Scenario, play_offline, seeded_room
from tableplay import play_until, settlement_shown
from test_web_guide_rules import guide_text

#: A card code of the engine (03B, 11D, 07J1, JK2-2).
CODES = re.compile(r"\b(?:(?:0[1-9]|1[0-2])[BARDJ]\d?|JK[123BXP](?:-\d+)?)\b")


def open_seat(page: Page, base_url: str, room: str, token: str, lang: str) -> None:
    page.goto(base_url + "/")
    seats = {room: {"seat": HUMAN, "token": token}}
    page.evaluate(f"() => {{ localStorage.setItem('gostop.lang', '{lang}');"
                  f" localStorage.setItem('gostop.seats', {json.dumps(json.dumps(seats))}); }}")
    page.goto(f"{base_url}/#/room/{room}")
    page.reload()  # the language is read when the page loads
    page.wait_for_selector(".table-page[data-phase]")


# -- 1. the chips paid during the hand are in its settlement -----------------------------------

FIRST_PPUK = Scenario(preset="matgo", hands=1)


def first_ppuk_seed() -> int:
    """A one-hand Matgo room whose hand is won by a stop after a flat payment in chips (a
    first-turn ppuk: 7 chips)."""
    for seed in range(1, 300):
        r = play_offline(FIRST_PPUK, seed).last_result
        if (r is not None and r.settlement is not None
                and any(p.unit == "chips" and p.amount for p in r.fixed_payments)):
            return seed
    raise LookupError("no Matgo deal with a flat payment in 300 seeds")


def test_the_settlement_says_the_chips_paid_during_the_hand(page: Page, base_url: str, game_server: Any) -> None:
    seed = first_ppuk_seed()
    result = play_offline(FIRST_PPUK, seed).last_result
    assert result is not None
    paid = [p for p in result.fixed_payments if p.unit == "chips" and p.amount]
    room, tokens = seeded_room(game_server.db_url, FIRST_PPUK, seed)
    open_seat(page, base_url, room, tokens[0], "ko")
    play_until(page, settlement_shown, timeout=120)
    dialog = page.locator(".overlay:not([hidden]) .settlement")
    lines = dialog.locator(".during li.during-pay")
    expect(lines).to_have_count(len(paid))
    first = paid[0]
    text = lines.first.inner_text()
    assert f"{first.amount}칩 냄" in text and "첫뻑" in text, text  # the reason in Korean, no rule key
    assert not re.search(r"[A-Za-z]{3,}", text.replace("Tester", "")), text
    expect(dialog.locator(".during h3")).to_have_text("판 중에 낸 칩")
    # the line names the payer and the payee as the chips list does
    names = [li.split(":")[0].strip() for li in dialog.locator(".handchips li.chipline").all_inner_texts()]
    assert sum(text.startswith(n.replace(" (나)", "")) or text.startswith(n) for n in names) == 1, (text, names)
    # and in English, after the language changes at the open dialog
    page.evaluate("() => document.getElementById('lang-toggle').click()")  # (the dialog covers the header)
    expect(dialog.locator(".during h3")).to_have_text("Paid during the hand")
    expect(dialog.locator(".during li.during-pay").first).to_contain_text(f" {first.amount} chips (first-turn ppuk)")


# -- 2. the guide names cards, never their codes, and sends nobody to the source tree ----------

def test_the_guide_names_cards_not_codes(page: Page, base_url: str) -> None:
    for lang, sake, rain in (("ko", "국진(9월 열끗)은", "삼광 3점 (비광이 끼면 2점)"),
                             ("en", "The sake cup (September animal) counts", "(2 if one of them is December's rain bright)")):
        guide_text(page, base_url, lang)  # the guide, opened in that language
        howto = page.locator(".howto").inner_text()
        assert not CODES.findall(howto), (lang, CODES.findall(howto))
        assert sake in howto and rain in howto, lang
        assert "docs/" not in howto and ".md" not in howto, lang
        # the card guide under it names every card too (the codes are only in data attributes)
        cards = page.locator(".card-guide").inner_text()
        assert not CODES.findall(cards), (lang, CODES.findall(cards))


# -- 3. a second copy of a joker is named as the card it is -----------------------------------

REVEAL = ".decisions button.decision.kind-reveal"


def second_joker_seed() -> int:
    """A Matgo room (two JK2 in its deck) whose human seat may reveal the second JK2 copy."""
    from scenarios import policy_action

    from gostop.server.room import Room

    for seed in range(1, 300):
        room = Room("search", FIRST_PPUK.config(), seed)
        room.start()
        for _ in range(300):
            seat = room.decider()
            if seat is None:
                break
            if seat == HUMAN:
                view = room.view(seat)
                if any(e["kind"] == "reveal" and e["cards"] == ["JK2-2"] for e in view["legal"]):
                    return seed
                room.apply(seat, policy_action(view))
            else:
                room.apply(seat, room.bot_action(seat))
    raise LookupError("no Matgo deal offers the second JK2 to reveal in 300 seeds")


def test_a_second_joker_is_named_as_the_first(page: Page, base_url: str, game_server: Any) -> None:
    room, tokens = seeded_room(game_server.db_url, FIRST_PPUK, second_joker_seed())
    open_seat(page, base_url, room, tokens[0], "ko")
    play_until(page, lambda p: p.locator(REVEAL).count() > 0, timeout=60, unless=REVEAL)
    button = page.locator(REVEAL).first
    expect(button).to_contain_text("조커 2 공개")
    assert "(2)" not in button.inner_text(), button.inner_text()
    label = page.locator(".myhand .card[data-code='JK2-2']").first.get_attribute("aria-label") or ""
    assert label.startswith("조커 2") and "(2)" not in label, label
