"""docs/protocol.md matches the server (issue 21 item 11, issue 17 item 6): the JSON Schema of
the table messages is the one generated from gostop.server.messages, every JSON example of the
document is a valid message or lobby body (real presets, named levels, documented error codes),
and the close codes and limits the document names are the server's."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from gostop.agents import LEVELS
from gostop.rules import PRESET_NAMES
from gostop.server import lobby, messages, protocol

DOCS = Path(__file__).resolve().parents[2] / "docs"
TEXT = (DOCS / "protocol.md").read_text(encoding="utf-8")


def _examples() -> list[Any]:
    """Every JSON value in the ```json blocks (a block may hold several, one after another)."""
    out = []
    decoder = json.JSONDecoder()
    for block in re.findall(r"```json\n(.*?)```", TEXT, flags=re.S):
        i = 0
        while True:
            while i < len(block) and block[i].isspace():
                i += 1
            if i >= len(block):
                break
            value, i = decoder.raw_decode(block, i)
            out.append(value)
    return out


def test_schema_file_is_the_generated_one() -> None:
    assert (DOCS / "protocol.schema.json").read_text(encoding="utf-8") == messages.schema_text(), (
        "docs/protocol.schema.json is stale: python -m gostop.server.messages > docs/protocol.schema.json")


def test_every_example_of_the_document_is_valid() -> None:
    examples = _examples()
    assert len(examples) >= 15
    kinds: set[str] = set()
    for ex in examples:
        if isinstance(ex, dict) and "type" in ex and ex["type"] in sum(messages.MESSAGE_TYPES.values(), ()):
            messages.message_adapter.validate_python(ex)
            kinds.add(ex["type"])
            if ex["type"] in messages.MESSAGE_TYPES["client"]:
                protocol.parse_client(json.dumps(ex))  # the server's own check agrees
            continue
        text = json.dumps(ex)
        for preset in re.findall(r'"preset": "([^"]+)"', text):
            assert preset in PRESET_NAMES, f"the example names preset {preset!r}: {text[:120]}"
        for level in re.findall(r'"level": "([^"]+)"', text):
            assert level in LEVELS or level in LEVELS.values(), f"level {level!r}: {text[:120]}"
        if isinstance(ex, dict) and "seats" in ex and "join" in ex:
            lobby.CreateRoomIn.model_validate(ex)
        elif isinstance(ex, dict) and "mode" in ex:
            lobby.QuickIn.model_validate(ex)
        elif isinstance(ex, dict) and "protocol" in ex and "ok" in ex:
            lobby.HealthOut.model_validate(ex)
        elif isinstance(ex, dict) and "presets" in ex:
            assert set(ex["levels"]) == set(LEVELS)
    assert kinds >= set(sum(messages.MESSAGE_TYPES.values(), ())) - {"pong"}, f"examples of {kinds} only"


def test_bad_messages_fail_the_schema() -> None:
    for bad in ({"type": "action", "seq": 1, "version": 2},
                {"type": "error", "seq": 1, "code": "no_such_code", "message": "x"},
                {"type": "nothing"}):
        with pytest.raises(ValidationError):
            messages.message_adapter.validate_python(bad)


def test_the_document_names_every_code_and_limit() -> None:
    for code in protocol.ERROR_CODES:
        assert f"`{code}`" in TEXT, f"error code {code} is not documented"
    for close in (*protocol.CLOSE_CODES.values(), protocol.CLOSE_FLOOD, protocol.CLOSE_SLOW, protocol.CLOSE_TOO_BIG,
                  protocol.CLOSE_INTERNAL):
        assert re.search(rf"\|\s*{close}\s*\|", TEXT), f"close code {close} is not in the table"
    assert f"{protocol.MAX_MESSAGE_BYTES} bytes" in TEXT and "64 KiB" in TEXT
    assert protocol.MAX_FRAME_BYTES == 64 * 1024


def test_the_document_names_every_lobby_code_and_its_facts() -> None:
    from gostop.server.errors import CODES

    for code, facts in CODES.items():
        found = re.search(rf"`{code}`((?:\s*`\w+`)*)", TEXT)
        assert found, f"lobby error code {code} is not documented"
        named = re.findall(r"`(\w+)`", found.group(1))
        assert named == list(facts), f"lobby error code {code}: the document names {named}, the server sends {list(facts)}"
