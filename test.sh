#!/usr/bin/env bash
# Set up (a virtualenv in .venv with the test tools; Debian's chromium for the browser tests if it
# is missing), check lint (ruff) and types (mypy), and run every test. Extra arguments go to pytest, e.g. ./test.sh -k eclipse
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
python3 -m venv .venv
stamp=".venv/.installed-dev-$(cat requirements.txt requirements-dev.txt | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -r requirements-dev.txt
  touch "$stamp"
fi
# Lint and types first (configuration in pyproject.toml): a failure stops before the tests.
.venv/bin/python -m ruff check .
.venv/bin/python -m mypy
exec .venv/bin/python -m pytest "$@"
