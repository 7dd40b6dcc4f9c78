"""QA rounds 16-17 of the words the web page pops up: "Tester의 조커로 피 뺏기!" (a joker's
junk from each opponent, said as "Tester's junk-stealing with a joker") and "민수: 민지의 피
뺏음!" ("took Minji's junk") read oddly as headlines; they say what happened, as players say it."""

from __future__ import annotations

from gostop.words import callout_text


def test_the_korean_call_outs_of_taken_junk_read_as_players_say_them() -> None:
    assert callout_text("boss-joker", "Tester", "ko") == "Tester의 조커, 피 한 장씩!"
    assert callout_text("surrender", "민지", "ko", to="민수") == "민수: 민지에게서 피 한 장 뺏음!"
    assert callout_text("surrender", "나", "ko", to="민수") == "민수: 나에게서 피 한 장 뺏음!"
    assert callout_text("boss-joker", "Tester", "en") == "Tester — Joker takes junk!"  # English unchanged
