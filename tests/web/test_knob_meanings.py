"""The lobby's rule changes have a Korean meaning for every knob (web/js/knobs_ko.js), checked
without a browser so that a new knob fails here first."""

from __future__ import annotations

import re

from gostop.rules import KNOBS
from gostop.server.app import WEB_DIR


def test_every_knob_has_a_korean_meaning() -> None:
    source = (WEB_DIR / "js" / "knobs_ko.js").read_text(encoding="utf-8")
    keys = re.findall(r"^\s+([a-z0-9_A-Z]+): \"", source, flags=re.M)
    assert set(keys) == set(KNOBS), set(KNOBS) ^ set(keys)
    for line in source.splitlines():
        m = re.match(r'^\s+[a-z0-9_A-Z]+: "(.*)",$', line)
        if m:
            assert re.search(r"[\uac00-\ud7a3]", m.group(1)), line
