"""The lobby's one-line game descriptions state the stop target of the preset each game plays
(GOSTOP-1): 맞고 plays ``matgo`` (two players), 고스톱 and 광팔이 ``pagat`` (three a hand)."""

from __future__ import annotations

import re

from gostop.rules import get_preset
from gostop.server.app import WEB_DIR


def test_the_lobby_says_each_games_stop_target() -> None:
    source = (WEB_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    lobby = (WEB_DIR / "js" / "lobby.js").read_text(encoding="utf-8")
    games = dict(re.findall(r'{ id: "(\w+)", preset: "([\w-]+)"', lobby))
    two = get_preset(games["matgo"]).stop_target_two_player
    three = get_preset(games["gostop"]).stop_target_three_player
    assert f'gameAbout_matgo: "맞고: you and one opponent, {two} points to stop"' in source
    assert f'gameAbout_gostop: "고스톱: three players, {three} points to stop"' in source
    assert f'gameAbout_matgo: "둘이서, {two}점이면 스톱", gameAbout_gostop: "셋이서, {three}점이면 스톱"' in source
