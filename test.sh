#!/usr/bin/env bash
# Set up (a virtualenv in .venv with the test tools; Debian's chromium for the browser tests and
# nginx for the production-server tests if they are missing), check lint (ruff) and types (mypy),
# and run every test. Extra arguments go to pytest, e.g. ./test.sh -k eclipse
set -euo pipefail
cd "$(dirname "$0")"
missing=""
[ -x /usr/bin/chromium ] || missing="chromium"
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
if [ -n "$missing" ] && command -v apt-get >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  # RUNLEVEL=1: install only, do not start the system-wide nginx service.
  $sudo env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y -qq $missing >/dev/null
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
.venv/bin/python -m ruff format --check .
.venv/bin/python -m mypy
exec .venv/bin/python -m pytest "$@"
