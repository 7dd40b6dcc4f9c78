"""The browser names the bot levels as the registry does (gostop.agents.LEVEL_NAMES)."""

from __future__ import annotations

import re

from gostop.agents import LEVEL_NAMES, LEVELS
from gostop.server.app import WEB_DIR


def test_the_browser_names_every_level_as_the_registry_does() -> None:
    source = (WEB_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    block = source[source.index("const LEVELS = {"):]
    block = block[: block.index("};")]
    for lang in ("en", "ko"):
        line = re.search(rf"^\s*{lang}: {{(.*)}},?$", block, flags=re.M)
        assert line is not None, lang
        names = dict(re.findall(r'(\w+): "([^"]*)"', line.group(1)))
        assert names == {level: LEVEL_NAMES[lang][level] for level in LEVELS}, (lang, names)


def test_the_browser_knows_the_bot_each_level_plays() -> None:
    """A rematch sends back the level of each bot seat: the browser maps the bot the server keeps
    (``expert``) to the level it was made with (``normal``)."""
    source = (WEB_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    line = re.search(r"^const LEVEL_OF_SPEC = {(.*)};$", source, flags=re.M)
    assert line is not None
    of_spec = dict(re.findall(r'(\w+): "([^"]*)"', line.group(1)))
    assert {spec.split(":")[0]: level for level, spec in LEVELS.items()} == of_spec
