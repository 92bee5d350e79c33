"""Astrolabio's pure calculators: dice, battles, retreats and scores.

Nothing in this package imports Flask or Babel: it returns numbers, codes and section ids,
and the web layer turns codes into words in the reader's language.

``engine.core`` holds what every game shares (reasons, bounds, the time budget, dice, score sheets
and the verdict shape); each game has one package for all its rules logic (combat, retreat,
scoring, claims).

Retreat modules follow python-chess's habit: a ladder of small ``is_*`` predicates answers
yes/no, and a ``*_reasons`` function says *why not* as ``Reason(code, rule, params)``, one code
per distinct reason, each citing the rulebook section it rests on. Situations have a one-line
text notation (``parse``) so that every test starts from a readable one-liner.

Scoring modules turn a filled-in score sheet into a :class:`~engine.core.sheet.Standing`: each
player's breakdown line by line (a code, the points, the numbers behind them and the rule section
they come from), the totals, and the winner once the game's own tie-breaks have been applied.
``engine.ti4.claim`` answers the different question "may I claim this objective now?".
"""

import os

# The solvers' matrices are small and a web worker already has a core to itself: OpenBLAS's
# default thread pool per process only oversubscribes the cores (measured on TI4's 24 v 24:
# 19 ms of CPU with one thread, 60 ms and up to 30x slower wall-clock with the default).
# Set before numpy is first imported; a deployment may still choose its own value.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
