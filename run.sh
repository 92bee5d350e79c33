#!/usr/bin/env bash
# Set up (first time: a virtualenv in .venv with the pinned requirements) and serve Astrolabio
# with gunicorn on http://127.0.0.1:${PORT:-8000}. Needs Python 3.11+.
set -euo pipefail
cd "$(dirname "$0")"
python3 -m venv .venv 2>/dev/null || python3 -m venv --without-pip .venv
stamp=".venv/.installed-$(sha256sum requirements.txt | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -r requirements.txt
  touch "$stamp"
fi
exec .venv/bin/gunicorn --config gunicorn.conf.py "app:create_app()"
