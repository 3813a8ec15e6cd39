"""Two servers on one port: the second is one error line however close together they start (issue 13, fu13d 2)."""

from __future__ import annotations

import pytest

from berserk_kb.errors import InputError
from berserk_kb.web.inputs import listening


def test_a_port_bound_by_a_server_that_has_not_started_is_taken():
    """Both `serve` bound the port (SO_REUSEADDR lets two sockets bind one that nobody listens on);
    the second then failed inside uvicorn, a traceback and exit 70. The first socket taken is
    listening, so the second bind is refused at once, in our words."""
    first = listening("127.0.0.1", 0)
    try:
        port = first.getsockname()[1]
        with pytest.raises(InputError, match=rf"^cannot listen on 127\.0\.0\.1:{port}: Address already in use$"):
            listening("127.0.0.1", port).close()
    finally:
        first.close()
