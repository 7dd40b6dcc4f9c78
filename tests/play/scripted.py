"""The scripted player of the terminal-game tests (its own module, so that test files import it
by a name no other test folder's ``conftest`` shadows)."""

from __future__ import annotations

from gostop.play.session import Prompt

#: A deal (seed, easy bot, one hand) in which the scripted player below shakes on the first
#: turn, has to choose which junk to surrender, says go once, then stops and wins.
SCRIPTED_SEED = 38


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
