"""The generated rules reference ``docs/rules.md`` must match the rules code."""

from __future__ import annotations

from pathlib import Path

from cli_support import gostop
from gostop.rules import KNOBS, PRESET_DESCRIPTIONS, PRESET_NAMES
from gostop.rules_doc import render_rules_markdown

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"


def test_docs_rules_md_is_up_to_date() -> None:
    current = RULES_DOC.read_text(encoding="utf-8") if RULES_DOC.exists() else ""
    assert current == render_rules_markdown(), (
        "docs/rules.md is stale: regenerate it with `make docs` "
        "(or `.venv/bin/gostop docs rules --output docs/rules.md`)"
    )


def test_rules_markdown_covers_every_knob_preset_and_rule() -> None:
    text = render_rules_markdown()
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    for name, knob in KNOBS.items():
        row = next(r for r in rows if r.startswith(f"| `{name}` |"))
        assert knob.rule in row and knob.meaning in row
    for preset in PRESET_NAMES:
        assert f"`{preset}`" in text and PRESET_DESCRIPTIONS[preset] in text
    assert "make docs" in text


def test_rules_markdown_is_deterministic() -> None:
    assert render_rules_markdown() == render_rules_markdown()


def test_docs_command_writes_and_checks(tmp_path: Path) -> None:
    target = tmp_path / "out" / "rules.md"
    stale = gostop("docs", "rules", "--check", "--output", str(target))
    assert stale.exit_code == 1 and "missing" in stale.stderr and "make docs" in stale.stderr
    missing_dir = gostop("docs", "rules", "--output", str(target))
    assert missing_dir.exit_code == 2 and not target.parent.exists()  # no folder made for you
    target.parent.mkdir()
    wrote = gostop("docs", "rules", "--output", str(target))
    assert wrote.exit_code == 0
    assert target.read_text(encoding="utf-8") == render_rules_markdown()
    fresh = gostop("docs", "rules", "--check", "--output", str(target))
    assert fresh.exit_code == 0 and "up to date" in fresh.stdout
    target.write_text(render_rules_markdown() + "edited\n", encoding="utf-8")
    edited = gostop("docs", "rules", "--check", "--output", str(target))
    assert edited.exit_code == 1 and "stale" in edited.stderr


def test_docs_command_prints_to_stdout() -> None:
    run = gostop("docs", "rules")
    assert run.exit_code == 0
    assert run.stdout == render_rules_markdown()
