"""What the web tests share: a small HTTP client (any status comes back as a :class:`Reply`) and
the constants of the test server."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

#: A card name that is HTML: escaped, it shows as text; unescaped, it would run.
SCRIPT_CARD = '<script>window.__pwned = 1; alert("card")</script>Гном'
#: Card names that are paths (a name with no word, such as «..», is no card: the library refuses it;
#: nor is a name over 200 characters, the longest the library looks up):
#: a static site must write each as one file inside its folder, and link it.
PATH_CARDS = ["../../../web14-escape", "../..Орк", ".hidden", "a/b", "a_b", "a\\b", "%2F..%2Fup", "Вайл.json",
              "index.html", "ж" * 190, "CON", "nul.txt"]  # 380 bytes: longer than a file name may be; names Windows keeps
#: Names in kb/cards.yaml that are no card's (no word in them: the library refuses them): listed, not linked.
NO_WORD_CARDS = ["..", "."]
ROOT = Path(__file__).resolve().parents[2]
#: Where the browser tests save their screenshots.
SCREENSHOTS = ROOT / "build" / "screenshots"
#: The SPARQL lane of the test server: one query at a time, for at most this long (so that its
#: queue and time limit can be seen to work in a second).
SPARQL_TIMEOUT = 1.0
#: The test server's fast SPARQL lane: a query not answered within this long goes to the slow lane.
#: A small query answers in milliseconds, but its capped child is forked while a heavy one burns a
#: core in the slow lane (and the other test workers run): 0.25 s and 0.6 s were sometimes too short.
SPARQL_FAST = 0.9
#: How many why requests the test server lets wait (the load test's 8 clients, one request each at a time, fit).
WHY_QUEUE = 8
#: How long the test server waits for a request's body.
BODY_TIMEOUT = 0.5
#: How long the test server waits for a request's line and headers.
HEAD_TIMEOUT = 1.0
#: The test server closes idle keep-alive connections after this many seconds (the real one after 5).
KEEP_ALIVE = 1
#: The test server's time limit per Prolog goal.
GOAL_TIME_LIMIT = 5.0


class Reply:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def json(self):
        return json.loads(self.body)


def fetch(url: str, data: bytes | dict | None = None, headers: dict[str, str] | None = None) -> Reply:
    """GET (or POST ``data``: a dict or a list of pairs is sent as a form) ``url``; any status comes back as a Reply."""
    from urllib.parse import urlencode

    if isinstance(data, (dict, list)):
        data = urlencode(data).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
    req = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return Reply(r.status, {k.lower(): v for k, v in r.headers.items()}, r.read())
    except urllib.error.HTTPError as e:
        return Reply(e.code, {k.lower(): v for k, v in e.headers.items()}, e.read())
