"""The lobby's level choice says how far apart the levels are, as measured (issue #18: "normal
beats easy by ..."), from the one data source the API serves (gostop.agents.LEVEL_EDGES, checked
against docs/benchmarks.md by tests/agents/test_level_edges_doc.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_level_choice_shows_each_levels_measured_gap(lang: str, page: Page, base_url: str) -> None:
    presets = page.request.get(base_url + "/api/presets").json()
    edges = {e["level"]: e for e in presets["level_edges"]}
    assert {"normal", "instinct"} <= set(edges) and edges["normal"]["below"] == "easy"
    page.goto(base_url + "/")
    page.evaluate(f"() => localStorage.setItem('gostop.lang', '{lang}')")
    page.reload()
    level = page.locator("#quick select[name=level]")
    expect(level).to_be_visible()
    options = level.locator("option")
    values = options.evaluate_all("els => els.map(e => e.value)")
    assert values == presets["levels"]
    for i, name in enumerate(values):
        text = options.nth(i).inner_text()
        edge = edges.get(name)
        if edge is None:
            assert "+" not in text, text  # the easiest level: no gap to show
            continue
        assert f"{edge['points']:+.1f}" in text, (name, text)
    gap = page.locator("#level-gap")
    normal = edges["normal"]
    expect(gap).to_contain_text(f"{normal['points']:+.1f}")
    expect(gap).to_contain_text(f"{normal['low']:+.1f}")
    expect(gap).to_contain_text(f"{normal['deals']:,}")
    level.select_option("easy")
    expect(gap).not_to_contain_text("+")
    level.select_option("instinct")
    expect(gap).to_contain_text(f"{edges['instinct']['points']:+.1f}")
    if lang == "ko":
        expect(gap).to_contain_text("보통")  # the level below, named in Korean


def test_a_seat_is_named_by_the_server_level_whose_bot_it_plays(page: Page, base_url: str) -> None:
    """A bot seat carries the bot its level plays (``search:...``); the page named it by the bot
    alone, so a level the server adds (``gostop serve --level expert=search:steps=500``) showed
    as "hard", and a rematch asked for "hard" instead. The page now names it by the server's
    ``level_specs`` (GET /api/presets), and falls back on the bot's name for a spec it does not
    know."""
    page.goto(base_url + "/")
    got = page.evaluate("""async () => {
      const m = await import('/js/i18n.js');
      const presets = await (await fetch('/api/presets')).json();
      m.setLevelSpecs({...presets.level_specs, expert: 'search:steps=500'});
      const hard = presets.level_specs.hard;
      return [m.levelOf('search:steps=500'), m.levelText('search:steps=500'), m.levelOf(hard),
              m.levelOf('search:steps=9'), m.levelOf('expert')];
    }""")
    assert got == ["expert", "expert", "hard", "hard", "normal"], got
