"""The browser words every quick phrase the server knows (gostop.server.protocol.PHRASES), in
the server's order, in English and in Korean (js/i18n.js PHRASES): the server sends ids only."""

from __future__ import annotations

import re

from gostop.server.app import WEB_DIR
from gostop.server.protocol import PHRASES


def test_the_browser_words_every_phrase_in_both_languages() -> None:
    source = (WEB_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    block = source[source.index("const PHRASES = {"):]
    block = block[: block.index("};")]
    for lang in ("en", "ko"):
        line = re.search(rf"^\s*{lang}: {{(.*)}},?$", block, flags=re.M)
        assert line is not None, lang
        texts = dict(re.findall(r'(\w+): "([^"]*)"', line.group(1)))
        assert tuple(texts) == PHRASES, (lang, tuple(texts))
        assert all(texts.values()), (lang, texts)
        if lang == "ko":  # Korean words, no English run in them
            assert not any(re.search(r"[A-Za-z]", t) for t in texts.values()), texts
