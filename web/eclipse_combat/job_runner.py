"""The background runner process: ``python -m web.eclipse_combat.job_runner <database>``.

A module of its own so that ``-m`` does not run ``jobs`` a second time (the ``web`` package
already imports it for its blueprint).
"""

import sys

from web.eclipse_combat.jobs import run_pending

if __name__ == "__main__":
    run_pending(sys.argv[1])
