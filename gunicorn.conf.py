"""Production serving with gunicorn: `./run.sh` uses this file."""

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
# Two cores: one process per core, with threads so slow clients do not block computations.
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = 4
# Load the app (rules database, translations, search index) once in the master, then fork.
preload_app = True
timeout = 30
accesslog = "-"
