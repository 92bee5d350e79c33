#!/usr/bin/env bash
# Set up (first time: a virtualenv in .venv with the pinned requirements; Debian's nginx if it is
# missing) and serve Astrolabio on http://127.0.0.1:${PORT:-8000} as in production: nginx in
# front of gunicorn (deploy/serve.py, docs/deploy.md). Needs Python 3.11+.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ] && command -v apt-get >/dev/null; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  # RUNLEVEL=1: install only, do not start the system-wide nginx service.
  $sudo env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y -qq nginx >/dev/null
fi
python3 -m venv .venv 2>/dev/null || python3 -m venv --without-pip .venv
stamp=".venv/.installed-$(sha256sum requirements.txt | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -r requirements.txt
  touch "$stamp"
fi
exec .venv/bin/python deploy/serve.py
