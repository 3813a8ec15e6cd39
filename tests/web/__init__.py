"""The web interface's tests (a package, so that its conftest and helpers keep their own names)."""
