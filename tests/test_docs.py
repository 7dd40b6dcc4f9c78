"""The generated rules reference ``docs/rules.md`` must match the rules code, and the user
documentation's checkable claims hold (commands, links, data directory, bot levels)."""

from __future__ import annotations

import re
from pathlib import Path

from cli_support import gostop
from gostop.agents import LEVELS
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


# --- claims of the user documentation (README.md and docs/*.md) that can be checked ---------

README = ROOT / "README.md"
USER_DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]


def _sh_lines(text: str) -> list[str]:
    """The command lines of the ```sh blocks (continuation lines left out)."""
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        continued = False
        for line in block.splitlines():
            if not continued and line.strip():
                lines.append(line.strip())
            continued = line.rstrip().endswith("\\")
    return lines


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_user_docs_never_send_readers_to_the_unshipped_spec() -> None:
    """The specification the rule IDs come from is not part of the repository: the user docs
    name docs/rules.md instead."""
    for doc in USER_DOCS:
        assert "RULES.md" not in doc.read_text(encoding="utf-8"), doc.name
    assert "RULES.md" not in render_rules_markdown()


def test_readme_commands_run_from_the_repository_without_set_up() -> None:
    """README: "Every command in this README is written as it runs from the repository's
    folder without any set-up (.venv/bin/gostop ..., .venv/bin/python ...)"."""
    bare = [line for line in _sh_lines(README.read_text(encoding="utf-8"))
            if re.match(r"(gostop|python3?|pip)\b", line)]
    assert not bare, bare


def test_links_between_the_docs_resolve() -> None:
    for doc in USER_DOCS:
        text = doc.read_text(encoding="utf-8")
        for link in re.findall(r"\]\(([^)\s]+)\)|src=\"([^\"]+)\"", text):
            target = link[0] or link[1]
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            file = (doc.parent / path) if path else doc
            assert file.exists(), f"{doc.name}: {target}"
            if anchor:
                headings = re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), flags=re.M)
                assert anchor in {_slug(h) for h in headings}, f"{doc.name}: {target}"


def test_docs_name_the_data_directory_as_the_games_find_it() -> None:
    """Wherever the docs say where the data directory is, they give the whole search order of
    gostop.paths.data_dir (the terminal game and the server share it)."""
    for doc in USER_DOCS:
        text = re.sub(r"\s+", " ", doc.read_text(encoding="utf-8"))
        for hit in re.finditer(r"\$GOSTOP_DATA_DIR`?, else ", text):
            assert text[hit.end():].startswith("`$XDG_DATA_HOME/gostop`, else `~/.local/share/gostop`"), (
                doc.name, text[hit.start():hit.start() + 120])


def test_docs_list_every_bot_level() -> None:
    """A list of the built-in levels (three or more of them together) names them all."""
    names = list(LEVELS)
    level = "|".join(names)
    listing = re.compile(rf"[`\"]?({level})[`\"]?(?:(?:, | \| |\||, and | and )[`\"]?({level})[`\"]?)+")
    for doc in USER_DOCS:
        text = re.sub(r"\s+", " ", doc.read_text(encoding="utf-8"))
        for hit in listing.finditer(text):
            found = set(re.findall(level, hit.group(0)))
            if len(found) >= 3:
                assert found == set(names), f"{doc.name}: {hit.group(0)}"


def test_cards_doc_regenerates_every_committed_deck_file() -> None:
    """docs/cards.md's command writes both styles' contact sheets (tests/web/test_deck.py
    checks both against the generator)."""
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / "docs" / "cards.md").read_text(encoding="utf-8"), flags=re.S)
    commands = re.sub(r"\s*\\\n\s*", " ", " ".join(blocks))
    for option, target in (("--output", "src/gostop/web/cards"), ("--sheet", "docs/deck.svg"),
                           ("--sheet-traditional", "docs/deck-traditional.svg")):
        assert f"{option} {target}" in commands
