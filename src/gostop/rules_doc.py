"""The rules reference ``docs/rules.md``, generated from :data:`gostop.rules.KNOBS` and the presets.

:func:`render_rules_markdown` is pure (no I/O); ``gostop docs rules --output docs/rules.md`` (or
``make docs``) writes its result, and a test fails when the file is stale.
"""

from __future__ import annotations

from typing import Any

from gostop.rules import DEFAULT_PRESET, KNOBS, PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS

__all__ = ["knob_value_text", "render_rules_markdown", "REGENERATE_COMMAND"]

REGENERATE_COMMAND = "make docs"
_CLI_COMMAND = "gostop docs rules --output docs/rules.md"


def knob_value_text(value: Any, compact: bool = False) -> str:
    """A knob value for people: ``null``, ``true``, ``linear``, ``5``, ``[2, 9]``, ``JK2, JK3``.

    Lists of strings (the jokers) are written without brackets; with ``compact`` a long list is
    shortened to its first two items, ``...``, its last item and the count.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        items = [knob_value_text(v) for v in value]
        if value and all(isinstance(v, str) for v in value):
            if compact and len(items) > 4:
                return f"{items[0]}, {items[1]} ... {items[-1]} ({len(items)})"
            return ", ".join(items)
        if not items:
            return "[]"
        return "[" + ", ".join(items) + "]"
    return str(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render_rules_markdown() -> str:
    """The whole of ``docs/rules.md``."""
    base = PRESETS[DEFAULT_PRESET]
    lines: list[str] = [
        "# Rules reference: knobs and presets",
        "",
        "<!-- Generated from gostop.rules (KNOBS, PRESETS) by gostop.rules_doc. Do not edit by hand: -->",
        f"<!-- run `{REGENERATE_COMMAND}` (or `{_CLI_COMMAND}`). -->",
        "",
        "Every house rule of Go Stop (고스톱) that the sources disagree on is a *knob*, and a *preset*",
        "assigns every knob. The normative rules, with the rule IDs cited below, are in `RULES.md`",
        "(section 4 lists the knobs, section 5 the presets).",
        "",
        "Pick rules on the command line with `--preset NAME`, change single knobs with",
        "`--set knob=value` (the value written as in TOML: `5`, `true`, `\"linear\"`, `[2, 8]`,",
        "`null`), or keep them in a TOML file and pass `--rules FILE.toml`:",
        "",
        "```toml",
        'preset = "pagat"',
        "stop_target_two_player = 5",
        'go_scheme = "linear"',
        "```",
        "",
        "`gostop rules list` lists the presets, `gostop rules show PRESET [--toml]` shows one (as a",
        "table, or as a TOML file to start from), and `gostop rules diff A B` compares two presets or",
        "files. In a TOML file a knob left out keeps the preset's value; TOML has no null, so the",
        'string `"null"` sets a nullable knob to null.',
        "",
        "## Presets",
        "",
        "| Preset | Description | Knobs that differ from `pagat` |",
        "|--------|-------------|--------------------------------|",
    ]
    for name in PRESET_NAMES:
        rules = PRESETS[name]
        changed = [k for k, v in rules.knobs().items() if base.knobs()[k] != v]
        differs = ", ".join(f"`{k}`" for k in changed) if changed else "(the default)"
        lines.append(f"| `{name}` | {_cell(PRESET_DESCRIPTIONS.get(name, ''))} | {differs} |")
    lines += [
        "",
        "## Knobs",
        "",
        "One row per knob, in the order of RULES.md section 4. A value in **bold** differs from",
        f"`{DEFAULT_PRESET}` (the default preset).",
        "",
    ]
    header = ["Knob", *(f"`{n}`" for n in PRESET_NAMES), "Allowed values", "Meaning", "Rule"]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "|".join("---" for _ in header) + "|")
    base_values = base.knobs()
    for name, knob in KNOBS.items():
        cells = [f"`{name}`"]
        for preset in PRESET_NAMES:
            value = PRESETS[preset].knobs()[name]
            text = f"`{knob_value_text(value, compact=True)}`"
            cells.append(f"**{text}**" if value != base_values[name] else text)
        cells += [_cell(knob.allowed), _cell(knob.meaning), knob.rule]
        lines.append("| " + " | ".join(cells) + " |")
    lines += [
        "",
        "## Regenerating this file",
        "",
        f"This file is generated: run `{REGENERATE_COMMAND}` (which runs `{_CLI_COMMAND}`).",
        "`gostop docs rules --check` exits with status 1 when it is stale, and the test suite",
        "(`tests/test_docs.py`) fails until it is regenerated.",
        "",
    ]
    return "\n".join(lines)
