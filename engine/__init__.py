"""Astrolabio's pure calculators: dice, battles, retreats and scores.

Nothing in this package imports Flask or Babel: it returns numbers, codes and section ids,
and the web layer turns codes into words in the reader's language.
"""

import os

# The solvers' matrices are small and a web worker already has a core to itself: OpenBLAS's
# default thread pool per process only oversubscribes the cores (measured on TI4's 24 v 24:
# 19 ms of CPU with one thread, 60 ms and up to 30x slower wall-clock with the default).
# Set before numpy is first imported; a deployment may still choose its own value.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
