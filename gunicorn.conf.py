"""gunicorn's settings, behind the nginx front (deploy/serve.py for ./run.sh, deploy/compose.yaml).

gunicorn's threads read requests with no deadline, so it must never face clients directly: the
front buffers whole requests and holds idle connections (docs/deploy.md).
"""

import os

# deploy/serve.py binds a private unix socket; in a container, the replica's port.
bind = os.environ.get("ASTROLABIO_BIND") or f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
# Two cores: one process per core, with threads for the requests that wait on I/O.
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = 4
# Each worker loads the app itself, so `kill -HUP` on the master brings new code, rules and
# index into fresh workers while the old ones finish their requests (docs/deploy.md).
preload_app = False
timeout = 30
graceful_timeout = 30
# Recycle a worker after about 10,000 requests (memory grown by big battles goes back to the
# system; at full load each worker restarts every minute or so, loading the app takes a second
# or two); the jitter keeps workers from restarting together.
max_requests = 10000
max_requests_jitter = 2000
# nginx refuses longer lines and fields first (large_client_header_buffers 4 8k), so gunicorn
# never answers with its own bare error page.
limit_request_line = 8190
limit_request_field_size = 16380
# Access log with the time spent in the app (ms); deploy/serve.py turns it off because nginx
# logs the same requests with both times.
accesslog = os.environ.get("ASTROLABIO_APP_ACCESS_LOG", "-") or None
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
# gunicorn 27's control socket defaults to one path for every instance of a user: each server
# gets its own (deploy/serve.py) or none.
if os.environ.get("ASTROLABIO_CONTROL_SOCKET"):
    control_socket = os.environ["ASTROLABIO_CONTROL_SOCKET"]
else:
    control_socket_disable = True


def post_fork(server, worker):
    """Hand the GIL round every 0.5 ms instead of 5: a page's thread, which gives the GIL up at
    each socket read and write, then waits far less to get it back from a long computation
    running in another thread of the same worker (benchmarks/load.py --heavy 8: pages' p95
    about halved, throughput without heavy clients unchanged)."""
    import sys

    sys.setswitchinterval(0.0005)
