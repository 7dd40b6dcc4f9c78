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
