"""The browser reads each text of a view once, in the page's language (docs/protocol.md,
"Language"): the server sends no ``x_ko`` twin any more, so a client that still reads one shows
the fallback words instead of the server's (a push button said its stake only in English)."""

from __future__ import annotations

import re

from gostop.server.app import WEB_DIR


def test_no_client_module_reads_a_korean_twin_field() -> None:
    found = []
    for path in sorted((WEB_DIR / "js").glob("*.js")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.\w+_ko\b|\[\s*[`'\"]\w*_ko[`'\"]\s*\]|\$\{\w+\}_ko", line):
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert found == [], "\n".join(found)
