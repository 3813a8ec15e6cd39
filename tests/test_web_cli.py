"""``berserk-kb serve`` and ``berserk-kb site``: their mistakes are one line with status 2 (the
pages themselves are tested in tests/web/)."""

from __future__ import annotations


def _one_line_error(result) -> None:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_serve_a_kb_that_does_not_load_is_one_line(cli, tmp_path):
    """The knowledge base is loaded before the server starts: a missing folder never becomes a
    server that fails at its first request."""
    _one_line_error(cli("serve", "--kb", str(tmp_path / "no-such-kb"), "--port", "0"))


def test_site_refuses_a_bad_output_before_any_work(cli, tmp_path):
    afile = tmp_path / "file"
    afile.write_text("x")
    for args in (["-o", str(afile)], ["-o", str(tmp_path / "no" / "such" / "dir")],
                 ["-o", str(tmp_path / "ok"), "--server", "ftp://x"]):
        _one_line_error(cli("site", *args))
    assert not (tmp_path / "ok").exists()


def test_site_of_a_kb_that_does_not_load_writes_nothing(cli, tmp_path):
    _one_line_error(cli("site", "-o", str(tmp_path / "out"), "--kb", str(tmp_path / "no-such-kb")))
    assert list(tmp_path.iterdir()) == []
