"""One action, one name: the web client calls the gwangpalli compensation (GWANG-5/6, DEC-4) what
the terminal game and the words layer call it, "compensation" in English and 광값 in Korean, on
its buttons, its settlement and its game list (QA round 14, defect 1)."""

from __future__ import annotations

import re

from gostop.server.app import WEB_DIR


def _block(source: str, start: str, end: str) -> str:
    block = source[source.index(start):]
    return block[: block.index(end)]


def _strings(block: str) -> dict[str, str]:
    """The key -> text of every ``key: "text"``, ``key: () => "text"`` or ``key: (c) => `text```."""
    found: dict[str, str] = {}
    for m in re.finditer(r'"?([\w-]+)"?: (?:\([^)]*\) => )?(?:"([^"]*)"|`([^`]*)`)', block):
        found[m.group(1)] = m.group(2) if m.group(2) is not None else m.group(3)
    return found


def test_the_english_web_client_says_compensation_and_never_sales() -> None:
    i18n = (WEB_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    actions = (WEB_DIR / "js" / "actions.js").read_text(encoding="utf-8")
    en = _strings(_block(i18n, "\n  en: {", "\n  ko: {")) | _strings(_block(actions, "const EN = {", "\n};"))
    ko = _strings(_block(i18n, "\n  ko: {", "\n};")) | _strings(_block(actions, "const KO = {", "\n};"))
    # no second English name for the same action (a "bright sale", "sold cards", "sell their brights")
    seconds = {k: v for k, v in en.items() if re.search(r"\b(sales?|sells?|sold)\b", v, flags=re.I)}
    assert not seconds, seconds
    for key in ("claim", "claim-triple", "no-claim", "brightSales", "soldFor", "paidForSales",
                "part_compensation", "gameAbout_gwangpalli"):
        assert "compensation" in en[key].lower(), (key, en[key])
    for key in ("claim", "claim-triple", "no-claim", "brightSales", "soldFor", "paidForSales",
                "part_compensation", "gameAbout_gwangpalli"):
        assert "광값" in ko[key], (key, ko[key])
