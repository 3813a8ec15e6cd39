"""The package version: part of every cache key (:mod:`berserk_kb.store`) and of ``--version``."""

__version__ = "0.1.0"
