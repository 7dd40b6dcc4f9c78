"""gostop: Go Stop (고스톱), the Korean flower-card game.

Layers (each imports only those below it): :mod:`gostop.cards` -> :mod:`gostop.rules` ->
:mod:`gostop.scoring` / :mod:`gostop.settlement` -> :mod:`gostop.engine` -> match/record ->
agents/sim -> faces (CLI, terminal game, web, RL).
"""

__version__ = "0.1.0"
