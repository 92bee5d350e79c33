"""Serve Astrolabio on one machine as in production: nginx in front, gunicorn behind it.

``./run.sh`` runs this. gunicorn listens on a unix socket in a private runtime folder, so only
the front reaches it; nginx (deploy/nginx/astrolabio.conf.template) listens on HOST:PORT,
holds slow and idle clients, limits each client's rate and passes whole requests on.

    python deploy/serve.py            # HOST (127.0.0.1) and PORT (8000) from the environment

Signals: TERM/INT stop both; HUP reloads nginx's configuration and gives gunicorn new workers
with the code, rules and index on disk, without dropping requests (docs/deploy.md).
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NGINX_DIR = ROOT / "deploy" / "nginx"
# Per client: pages (static files are not counted), API reads and battles, with bursts for a
# page's assets and a player's quick clicks; deploy/compose.yaml uses the same figures.
DEFAULTS = {
    "ASTROLABIO_PAGE_RATE": "20r/s",
    "ASTROLABIO_PAGE_BURST": "40",
    "ASTROLABIO_API_RATE": "10r/s",
    "ASTROLABIO_API_BURST": "20",
    "ASTROLABIO_COMPUTE_RATE": "2r/s",
    "ASTROLABIO_COMPUTE_BURST": "10",
    "ASTROLABIO_SCHEME": "$scheme",
}
STOP_SECONDS = 30


def find_nginx() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
    )


def site_config(listen: str, upstream: str, access_log: str, settings: dict[str, str] | None = None) -> str:
    """The http-level nginx configuration for one front, from the template."""
    values = {
        **DEFAULTS,
        **(settings or {}),
        "ASTROLABIO_LISTEN": listen,
        "ASTROLABIO_UPSTREAM": f"server {upstream};",
        "ASTROLABIO_ACCESS_LOG": access_log,
    }
    template = (NGINX_DIR / "astrolabio.conf.template").read_text(encoding="utf-8")
    # Only ${ASTROLABIO_...} are ours, as envsubst in the nginx image sees them; $name is nginx's.
    return re.sub(r"\$\{(ASTROLABIO_[A-Z_]+)\}", lambda match: values[match.group(1)], template)


def main_config(run: Path) -> str:
    """nginx's main file for a front run by an ordinary user: every path inside ``run``."""
    temp = "\n".join(
        f"    {kind}_temp_path {run / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
    return (
        f"{user}daemon off;\nworker_processes 1;\npid {run / 'nginx.pid'};\nerror_log stderr warn;\n"
        f"events {{\n    worker_connections 1024;\n}}\nhttp {{\n{temp}\n    include {run / 'site.conf'};\n}}\n"
    )


def write_front(run: Path, listen: str, socket: Path, access_log: str, settings: dict[str, str] | None = None) -> Path:
    """Write nginx's files into ``run`` and return the main configuration file."""
    (run / "site.conf").write_text(site_config(listen, f"unix:{socket}", access_log, settings), encoding="utf-8")
    shutil.copy(NGINX_DIR / "security-headers.conf", run / "security-headers.conf")
    config = run / "nginx.conf"
    config.write_text(main_config(run), encoding="utf-8")
    return config


class Server:
    """gunicorn and nginx as child processes sharing one private runtime folder."""

    def __init__(
        self,
        host: str,
        port: int,
        env: dict[str, str] | None = None,
        settings: dict[str, str] | None = None,
        access_log: str = "/dev/stdout",
    ):
        nginx = find_nginx()
        if nginx is None:
            raise SystemExit("nginx is missing: install it (Debian: apt-get install nginx); ./run.sh does it")
        self.run = Path(tempfile.mkdtemp(prefix="astrolabio-"))
        self.run.chmod(0o711)  # nginx's workers (nobody when started as root) reach the socket
        socket = self.run / "gunicorn.sock"
        listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        config = write_front(self.run, listen, socket, access_log, settings)
        app_env = {
            **os.environ,
            **(env or {}),
            "ASTROLABIO_BIND": f"unix:{socket}",
            "ASTROLABIO_CONTROL_SOCKET": str(self.run / "gunicorn.ctl"),
            "ASTROLABIO_APP_ACCESS_LOG": "",
            "ASTROLABIO_PROXIES": "1",
        }
        gunicorn = Path(sys.executable).with_name("gunicorn")
        self.gunicorn = subprocess.Popen(
            [str(gunicorn), "--config", "gunicorn.conf.py", "app:create_app()"], cwd=ROOT, env=app_env
        )
        self.nginx = subprocess.Popen([nginx, "-e", "stderr", "-p", str(self.run), "-c", str(config)], cwd=self.run)

    def alive(self) -> bool:
        return self.gunicorn.poll() is None and self.nginx.poll() is None

    def wait_until_healthy(self, port: int, seconds: float) -> bool:
        """Wait (bounded) until /health answers 200 through the front; False if it never does."""
        deadline = time.monotonic() + seconds
        while self.alive() and time.monotonic() < deadline:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            try:
                connection.request("GET", "/health")
                if connection.getresponse().status == 200:
                    return True
            except (OSError, http.client.HTTPException):
                pass
            finally:
                connection.close()
            time.sleep(0.2)  # gunicorn's workers are still loading the app
        return False

    def reload(self) -> None:
        for process in (self.gunicorn, self.nginx):
            if process.poll() is None:
                process.send_signal(signal.SIGHUP)

    def stop(self) -> None:
        """Stop taking connections, let running requests finish, then remove the runtime folder."""
        for process, sig in ((self.nginx, signal.SIGQUIT), (self.gunicorn, signal.SIGTERM)):
            if process.poll() is None:
                process.send_signal(sig)
        for process in (self.nginx, self.gunicorn):
            try:
                process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(self.run, ignore_errors=True)


def main() -> None:
    host, port = os.environ.get("HOST", "127.0.0.1"), int(os.environ.get("PORT", "8000"))
    server = Server(host, port)
    stopping: list[int] = []
    signal.signal(signal.SIGTERM, lambda sig, _frame: stopping.append(sig))
    signal.signal(signal.SIGINT, lambda sig, _frame: stopping.append(sig))
    signal.signal(signal.SIGHUP, lambda _sig, _frame: server.reload())
    print(f"Astrolabio on http://{host}:{port} (nginx in front of gunicorn)", flush=True)
    try:
        while server.alive() and not stopping:
            time.sleep(0.5)
    finally:
        server.stop()
    if not stopping:
        raise SystemExit("nginx or gunicorn stopped; see the messages above")


if __name__ == "__main__":
    main()
