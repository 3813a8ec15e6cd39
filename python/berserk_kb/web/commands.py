"""The commands ``serve`` and ``site`` (added to the command line by :mod:`berserk_kb.cli`)."""

from __future__ import annotations

from pathlib import Path

import click

from ..cli_frame import GivenPath, kb_json, out
from ..render.json_text import to_json
from ..store.files import escaped


class _Port(click.ParamType):
    """A port number: 1–65535, or 0 for any free one (the port taken is printed)."""

    name = "port"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        text = str(value).strip()
        if text.isascii() and text.isdigit() and int(text) <= 65535:
            return int(text)
        self.fail(f"not a port number: {value} (1–65535, or 0 for any free port)", param, ctx)


@click.command(short_help="Serve the rulebook, search, cards, why and SPARQL on the web.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=_Port(), default=8000, show_default=True, help="Port to listen on.")
@kb_json
def serve(host: str, port: int, kb_dir: Path | None, as_json: bool) -> None:
    """Serve the rulebook, search, cards, why, diff, check and SPARQL on the web, every page also as JSON."""
    from .app import serve as run_server

    run_server(kb_dir, host, port, as_json)


@click.command(short_help="Write the rulebook's pages as a static site.")
@click.option("-o", "--output", type=GivenPath(), required=True,
              help="Folder to write (replaced whole; refused if it holds files an earlier site did not write).")
@click.option("--server", default=None, help="Where why and search are served (http(s)://…), for their links.")
@click.option("--force", is_flag=True, help="Replace DIR even if it holds files an earlier site did not write.")
@kb_json
def site(output: Path, server: str | None, force: bool, kb_dir: Path | None, as_json: bool) -> None:
    """Write the rulebook, card, diff and check pages and their JSON as a static site (site -o build/site)."""
    from .site import write_site

    done = write_site(output, kb_dir, server, force=force)
    out(to_json(done) if as_json else f"wrote {done['pages']} pages to {escaped(str(done['folder']))}\n")
