"""Every rule a room may change has its meaning in Korean in the web client (issue #18)."""

from __future__ import annotations

import re
from pathlib import Path

from gostop.rules import KNOBS

JS = Path(__file__).resolve().parents[2] / "src" / "gostop" / "web" / "js" / "knobs_ko.js"


def test_every_knob_has_a_korean_meaning() -> None:
    text = JS.read_text(encoding="utf-8")
    meanings = dict(re.findall(r'^  (\w+): "(.*)",$', text, re.M))
    assert set(meanings) == set(KNOBS), sorted(set(KNOBS) ^ set(meanings))
    for name, meaning in meanings.items():
        assert re.search("[가-힣]", meaning), name
