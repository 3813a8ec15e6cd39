"""Small builders and readers shared by the engine-corner tests (tests/test_why_part3.py, part4)."""

from __future__ import annotations

from conftest import KB_DIR

EXAMPLES = KB_DIR / "examples"
SCENARIOS = KB_DIR / "scenarios"


def card(cid, controller="p1", **kw):
    """A scenario card entry: ``{"id", "controller", …}``."""
    return {"id": cid, "controller": controller, **kw}


def steps(node):
    """Every proof node under ``node``, itself first."""
    return list(node.walk())


def cited(node):
    """The ids of every unit cited under ``node``, in walk order."""
    return [c.id for n in node.walk() for c in n.cites]


def final(result, cid):
    """The final state of card ``cid``."""
    return next(c for c in result.final_state["cards"] if c["id"] == cid)


def feats(result, cid):
    """The final features of card ``cid``, by name."""
    return {f["name"]: f for f in final(result, cid)["features"]}
