"""Fresh user fu14e's minor findings (issue 14, F3): a trailing slash redirects, and raw UTF-8 in a
request line (a hand-written curl) reaches our pages instead of uvicorn's plain-text 400."""

from __future__ import annotations

import socket


def _raw(server: str, line: bytes) -> tuple[int, dict[str, str], str]:
    """The status, headers and body of the request line ``line`` sent as it is (no client encodes it)."""
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(line + b"\r\nHost: x\r\nAccept: text/html\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, v in (x.split(":", 1) for x in lines)}
    return int(status_line.split()[1]), headers, body.decode("utf-8", "replace")


def test_a_trailing_slash_redirects_to_the_permalink(server):
    """`/A/519.3/` is the paragraph 519.3 of A: a permanent redirect to `/A/519.3` (its query kept);
    `/A/` to the table of contents; a part that is not a path stays encoded (never «//host»)."""
    assert _raw(server, b"GET /A/519.3/ HTTP/1.1")[:2][0] == 308
    assert _raw(server, b"GET /A/519.3/?lang=en HTTP/1.1")[1]["location"] == "/A/519.3?lang=en"
    assert _raw(server, b"GET /A/ HTTP/1.1")[1]["location"] == "/A"
    assert _raw(server, b"GET /%5C%5Cevil.example/x/ HTTP/1.1")[1]["location"] == "/%5C%5Cevil.example/x"


def test_raw_utf8_in_a_query_string_is_read_as_if_percent_encoded(server):
    """`curl '…/search?q=регенерация'` sends the word's UTF-8 bytes raw, which HTTP does not allow in
    a request line; the server reads them as a browser would have encoded them: the search page,
    with «Регенерация» marked (the rulebook's section on the feature)."""
    status, headers, body = _raw(server, "GET /search?q=регенерация HTTP/1.1".encode())
    assert status == 200 and headers["content-type"].startswith("text/html"), body[:200]
    assert "<mark>Регенерац" in body
