"""The scripted player of the terminal-game tests (its own module, so that test files import it
by a name no other test folder's ``conftest`` shadows)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pexpect

from gostop.play.plain import prompt_text
from gostop.play.session import Prompt, Session
from gostop.words import catalog

#: A deal (seed, easy bot, one hand) in which the scripted player below shakes on the first
#: turn, has to choose which junk to surrender, says go once, then stops and wins.
SCRIPTED_SEED = 38



def push_or_stop(prompt: Prompt) -> str:
    """A Matgo player who pushes whenever asked (else stops), and takes the first option of
    anything else."""
    acts = {c.action: c.key for c in prompt.choices}
    for wanted in ("push", "stop"):
        if wanted in acts:
            return acts[wanted]
    return prompt.choices[0].key

class ScriptedPlayer:
    """Picks a key for each prompt: shake when it can, else a capturing card, else the first;
    go the first time it is asked, stop the next; the first option of anything else.
    ``stages`` records the stages it was asked."""

    def __init__(self) -> None:
        self.stages: list[str] = []
        self.goes = 0

    def key(self, prompt: Prompt) -> str:
        by_kind = {c.action.split()[0]: c.key for c in prompt.choices}
        self.stages.append(prompt.stage)
        if prompt.stage == "main":
            if "shake" in by_kind:
                self.stages.append("shake")
                return by_kind["shake"]
            for c in prompt.choices:
                if "captures" in c.marks:
                    return c.key
            return prompt.choices[0].key
        if prompt.stage == "go-stop":
            self.goes += 1
            return by_kind["go"] if self.goes == 1 else by_kind["stop"]
        return prompt.choices[0].key


def play_plain_beside_twin(
    child: pexpect.spawn, twin: Session, answer: Callable[[Prompt, str], str], lang: str = "en", limit: int = 600
) -> str:
    """Play ``gostop play --plain`` (``child``, a pexpect process) to its end beside ``twin``, a
    session with the same settings: the game is deterministic, so the twin asks what the
    command asks. At each question ``answer(prompt, shown)`` gets the twin's prompt and the
    text printed since the last question, and returns the key typed into both; a hand summary
    is read with Enter. Returns everything the command printed."""
    w = catalog(lang)
    marks = [re.escape(prompt_text(lang)), re.escape(w.t("Press Enter for the next hand> ")),
             re.escape(w.t("Thanks for playing!")), pexpect.EOF]
    printed: list[str] = []
    for _ in range(limit):
        i = child.expect(marks)
        printed.append(child.before)
        if i == 1:
            child.sendline("")
            twin.acknowledge()
            continue
        if i >= 2:
            break
        prompt = twin.prompt()
        assert prompt is not None, child.before[-400:]
        key = answer(prompt, child.before)
        child.sendline(key)
        twin.choose(key)
    else:
        raise AssertionError("the match did not end")
    if child.isalive():
        printed.append(child.read())
    child.close()
    return "".join(printed)
