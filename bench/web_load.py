"""The web server under load: 8 concurrent clients for 30 s mixing why, show and search, against one
``berserk-kb serve`` process on a free loopback port (started here, stopped at the end).

Every answer must equal the serial one (the same request sent alone before the load starts); the
run reports the errors (a status other than 200, or an answer that differs), the requests per
second and the p50/p95/max latency of each kind, and writes them to bench/web-results.md.

    .venv/bin/python bench/web_load.py [--clients 8] [--seconds 30]

Loopback only; the loop is bounded by time and stops by itself.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlencode

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
EXE = str(Path(sys.executable).with_name("berserk-kb"))


def requests() -> list[tuple[str, str, str, bytes | None]]:
    """(kind, method, path, body) of the mix."""
    why = [(ROOT / "kb" / d / f).read_text(encoding="utf-8") for d, f in (
        ("examples", "A-519.3-ex1-gnome-basaarg.yaml"), ("examples", "A-prevention-ex2-gabriel.yaml"),
        ("examples", "B-540.5-ex1-steppe-werewolf.yaml"), ("scenarios", "die-roll-reroll-flip.yaml"))]
    differs = (ROOT / "kb" / "scenarios" / "die-roll-editions-differ.yaml").read_text(encoding="utf-8")
    out = [("why", "POST", "/why", urlencode({"yaml": t}).encode()) for t in why]
    out.append(("why", "POST", "/why", urlencode({"yaml": differs, "e": "A,B"}).encode()))
    out += [("show", "GET", p, None) for p in ("/A/519.3.json", "/B/519.2.json", "/B/540.5.json", "/A/517.6.json",
                                                 "/A/" + quote("правило-топора") + ".json")]
    out += [("search", "GET", "/search.json?q=" + quote(q), None)
            for q in ("регенерация", "модификатор кубика", "переворот", "вайл", "особенности потеря")]
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def send(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None) -> tuple[int, bytes]:
    headers = {"Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    conn.request(method, path, body=body, headers=headers)
    r = conn.getresponse()
    return r.status, r.read()


def start_server(env: dict[str, str] | None = None, argv: list[str] | None = None
                 ) -> tuple[subprocess.Popen, int, http.client.HTTPConnection | None]:
    """``berserk-kb serve`` (or ``argv`` and the port) on a free loopback port, waited for (at most
    120 s) until /healthz answers: the process, its port and an open connection to it (None when the
    server did not start; its standard error is then readable from the process)."""
    port = free_port()
    command = [*argv, str(port)] if argv else [EXE, "serve", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(command, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    deadline = time.monotonic() + 120
    while server.poll() is None and time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            if send(conn, "GET", "/healthz", None)[0] == 200:
                return server, port, conn
        except OSError:
            pass
        time.sleep(0.2)
    return server, port, None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=30.0)
    args = ap.parse_args()
    env = {**os.environ, "BERSERK_KB_CACHE": os.environ.get("BERSERK_KB_CACHE", str(ROOT / ".cache-bkb"))}
    started = time.monotonic()
    server, port, conn = start_server(env)
    try:
        if conn is None:
            print("the server did not start:", server.stderr.read().decode(errors="replace"), file=sys.stderr)
            return 1
        startup = time.monotonic() - started
        mix = requests()
        serial = {}
        for i, (_kind, method, path, body) in enumerate(mix):
            status, data = send(conn, method, path, body)
            if status != 200:
                print(f"serial {path}: {status} {data[:200]!r}", file=sys.stderr)
                return 1
            serial[i] = data
        lat: dict[str, list[float]] = {k: [] for k, *_ in mix}
        errors: list[str] = []
        lock = threading.Lock()
        stop = time.monotonic() + args.seconds

        def client(n: int) -> None:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            i = n
            while time.monotonic() < stop:
                kind, method, path, body = mix[i % len(mix)]
                t0 = time.perf_counter()
                try:
                    status, data = send(c, method, path, body)
                except (OSError, http.client.HTTPException) as exc:
                    status, data = 0, str(exc).encode()
                    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                dt = time.perf_counter() - t0
                with lock:
                    lat[kind].append(dt)
                    if status != 200 or data != serial[i % len(mix)]:
                        errors.append(f"{kind} {path}: {status}")
                i += 1

        threads = [threading.Thread(target=client, args=(n,)) for n in range(args.clients)]
        t0 = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - t0
    finally:
        server.terminate()
        server.wait(10)
    total = sum(len(v) for v in lat.values())
    rows = []
    for kind, xs in [*lat.items(), ("all", [x for v in lat.values() for x in v])]:
        xs = sorted(xs)
        q = statistics.quantiles(xs, n=100) if len(xs) > 1 else xs * 99
        rows.append(f"| {kind} | {len(xs)} | {q[49] * 1000:.1f} | {q[94] * 1000:.1f} | {xs[-1] * 1000:.1f} |")
    report = "\n".join([
        f"# Web load test ({args.clients} clients, {args.seconds:g} s, one `berserk-kb serve` process)", "",
        f"Start-up (load, check, examples, diffs) to the first answer: {startup:.1f} s. "
        f"{total} requests in {wall:.1f} s: {total / wall:.0f} per second; errors: {len(errors)} "
        f"(a status other than 200 or an answer unlike the serial one).", "",
        "| kind | requests | p50 ms | p95 ms | max ms |", "|---|---|---|---|---|", *rows, ""])
    print(report)
    if errors:
        print("first errors:", errors[:5], file=sys.stderr)
    (HERE / "web-results.md").write_text(report, encoding="utf-8")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
