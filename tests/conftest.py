"""Settings shared by every test directory.

Hypothesis: where ``CI`` is set, every run draws the same examples (``derandomize``), so a CI
verdict depends on the code and not on which examples a run happened to draw; elsewhere each
run explores new examples, and a failure found is kept in ``.hypothesis/`` and replayed first.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
