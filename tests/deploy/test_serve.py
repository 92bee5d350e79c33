"""The production server as ./run.sh starts it (deploy/serve.py: Debian's nginx with the
project's configuration in front of gunicorn), on loopback ports: slow and idle clients do not
starve it, the front's own refusals look like the app's, each client's rate is limited, access
lines carry response times, and a HUP swaps workers without failing a request."""

from __future__ import annotations

import http.client
import json
import re
import socket
import statistics
import threading
import time
from pathlib import Path

import pytest

from deploy.serve import DEFAULTS, ROOT, Server, site_config
from web.core.security import HEADERS

START_SECONDS = 90


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(port: int, path: str, timeout: float = 5.0, **headers: str) -> tuple[int, dict, bytes, float]:
    """One request on a new connection: (status, headers, body, seconds)."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read(), time.perf_counter() - started
    finally:
        connection.close()


def raw(port: int, data: bytes, timeout: float = 5.0) -> tuple[int, dict, bytes]:
    """Send ``data`` as is and parse the answer (status, headers, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status, dict(response.getheaders()), response.read()


@pytest.fixture(scope="module")
def server(app, tmp_path_factory):
    """The front and two gunicorn workers on the test session's instance folder (index built)."""
    log = tmp_path_factory.mktemp("front") / "access.log"
    port = free_port()
    running = Server("127.0.0.1", port, env={"ASTROLABIO_INSTANCE": app.instance_path}, access_log=str(log))
    try:
        assert running.wait_until_healthy(port, START_SECONDS), "the server did not start"
        yield running, port, log
    finally:
        running.stop()


def test_seventy_idle_and_slow_connections_do_not_delay_normal_requests(server):
    _running, port, _log = server
    held: list[socket.socket] = []
    try:
        for n in range(70):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            if n % 7 in (1, 2):  # slow headers: a request line, then a header byte now and then
                sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            elif n % 7 == 3:  # slow body: headers done, the body never finishes (to a path with no
                # rate limit: on /api/ the front would refuse most of them at once with 429)
                sock.sendall(
                    b"POST /static/upload HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
                )
            held.append(sock)  # the rest: connected, sending nothing
        times = []
        for n in range(20):
            for sock in held[1::7] + held[2::7]:
                sock.sendall(b"a")
            status, _headers, _body, seconds = get(port, "/health" if n % 2 else "/rules/ti4/23.7")
            assert status == 200
            times.append(seconds)
    finally:
        for sock in held:
            sock.close()
    # gunicorn alone (2 workers x 4 threads) stops answering at 8 such connections.
    assert max(times) < 2.0 and statistics.median(times) < 0.5, times


def assert_front_error(status: int, headers: dict, body: bytes, expected: int, code: str) -> None:
    assert status == expected
    for name, value in HEADERS.items():
        assert headers.get(name) == value, name
    error = json.loads(body)["error"]
    assert error["code"] == code and " / " in error["message"]  # Italian / English


def test_the_fronts_own_refusals_carry_the_security_headers(server):
    _running, port, _log = server
    status, headers, body, _ = get(port, "/" + "a" * 9000)
    assert_front_error(status, headers, body, 414, "uri_too_long")
    status, headers, body, _ = get(port, "/health", **{"X-Big": "b" * 9000})
    assert_front_error(status, headers, body, 400, "bad_request")
    assert_front_error(*raw(port, b"GARBAGE\r\n\r\n"), 400, "bad_request")
    assert_front_error(*raw(port, b"GET /health HTTP/3.0\r\nHost: 127.0.0.1\r\n\r\n"), 400, "bad_request")
    unknown_coding = b"POST /api/combat/galaxy HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n"
    assert_front_error(*raw(port, unknown_coding), 400, "bad_request")


def test_trace_is_refused_with_the_methods_the_address_takes(server):
    """nginx refuses TRACE itself, before any location; the app answers that 405 instead, with
    the Allow header it gives any other method the address does not take."""
    _running, port, _log = server
    for path, methods in (("/api/combat/ti4", {"POST", "OPTIONS"}), ("/api/search?q=x", {"GET", "HEAD", "OPTIONS"})):
        allowed = []
        for method in (b"TRACE", b"DELETE"):
            status, headers, body = raw(port, method + b" " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert status == 405 and json.loads(body)["error"]["code"] == "method_not_allowed"
            allowed.append({m.strip() for m in headers["Allow"].split(",")})
        assert allowed == [methods, methods]
    # nginx never picks a location for them, so the body limit is the named location's own.
    big = b"TRACE /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 20000\r\n\r\n" + b"a" * 20000
    assert_front_error(*raw(port, big), 413, "request_too_large")


def test_bodies_over_64_kib_get_413_chunked_or_not(server):
    _running, port, _log = server
    body = b'{"x": "' + b"a" * 70_000 + b'"}'
    head = b"POST /api/combat/galaxy HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    chunked = head + b"Transfer-Encoding: chunked\r\n\r\n" + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
    assert_front_error(*raw(port, chunked), 413, "request_too_large")
    sized = head + b"Content-Length: %d\r\n\r\n" % len(body) + body
    assert_front_error(*raw(port, sized), 413, "request_too_large")
    small = json.dumps({"attacker": 8, "defender": 7, "target": "ship"}).encode()
    status, _headers, _body = raw(
        port, head + b"Transfer-Encoding: chunked\r\n\r\n" + b"%x\r\n" % len(small) + small + b"\r\n0\r\n\r\n"
    )
    assert status == 200  # a small chunked body reaches the app whole


def test_access_lines_carry_response_times(server):
    _running, port, log = server
    get(port, "/rules/ti4/23.7?logged=1")
    deadline = time.monotonic() + 5
    while "logged=1" not in log.read_text():
        assert time.monotonic() < deadline
        time.sleep(0.1)
    line = next(line for line in log.read_text().splitlines() if "logged=1" in line)
    total = float(line.split(" rt=")[1].split()[0])
    app_time = float(line.split(" app=")[1].split()[0])
    assert " 200 " in line and 0 <= app_time <= total + 0.005 < 5  # nginx rounds each to the ms


def workers(running: Server) -> set[str]:
    pid = running.gunicorn.pid
    return set(Path(f"/proc/{pid}/task/{pid}/children").read_text().split())


def test_hup_replaces_the_workers_without_failing_a_request(server):
    running, port, _log = server
    statuses: list[int] = []
    stop = threading.Event()

    def asking():
        while not stop.is_set():
            statuses.append(get(port, "/health", timeout=60)[0])
            time.sleep(0.05)  # under the front's per-client rate

    before = workers(running)
    client = threading.Thread(target=asking)
    client.start()
    try:
        time.sleep(0.5)
        running.reload()
        deadline = time.monotonic() + 60
        while workers(running) & before or len(workers(running)) < len(before):
            assert time.monotonic() < deadline, "the workers were not replaced"
            time.sleep(0.2)
        asked = len(statuses)
        while len(statuses) < asked + 3:  # the new workers answer too
            assert time.monotonic() < deadline
            time.sleep(0.1)
    finally:
        stop.set()
        client.join()
    assert running.alive()
    assert set(statuses) == {200}


def test_each_client_is_rate_limited_with_429_and_retry_after(server):
    _running, port, _log = server
    statuses = []
    for _ in range(60):  # bounded: the API allows a burst of 20 then 10 per second
        status, headers, body, _ = get(port, "/api/sections/ti4/1")
        statuses.append(status)
        if status == 429:
            assert_front_error(status, headers, body, 429, "too_many_requests")
            assert int(headers["Retry-After"]) > 0
    assert statuses[0] == 200 and 429 in statuses
    # A method nginx refuses itself is handed to the app under the same limit: TRACEs sent on
    # the emptied bucket meet the front's 429. On a loaded machine a token may come back between
    # two requests and let one through to the app, whose answer is then its own 405, never more.
    for _ in range(60):
        status, headers, body = raw(port, b"TRACE /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        if status != 405:
            break
    assert_front_error(status, headers, body, 429, "too_many_requests")


def test_the_compose_front_uses_the_same_limits_and_fills_every_placeholder():
    compose = (ROOT / "deploy" / "compose.yaml").read_text(encoding="utf-8").split("\n  front:\n")[1]
    limits = dict(re.findall(r'^\s+(ASTROLABIO_\w+_(?:RATE|BURST)): "?([^"\n]+)"?$', compose, re.M))
    assert limits and limits == {k: v for k, v in DEFAULTS.items() if k.endswith(("_RATE", "_BURST"))}
    placeholders = set(re.findall(r"\$\{(\w+)\}", (ROOT / "deploy" / "nginx" / "astrolabio.conf.template").read_text()))
    set_in_compose = set(re.findall(r"^\s+(ASTROLABIO_\w+):", compose, re.M))
    assert placeholders == set_in_compose
    assert "${" not in site_config("127.0.0.1:1", "unix:/x.sock", "off")
