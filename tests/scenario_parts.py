"""Small builders and readers shared by the engine-corner tests (tests/test_why_part3.py, part4,
test_hardening_13f.py)."""

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


def prevent_each(cards: int, effects: int, events: int) -> dict:
    """``cards`` cards of ``effects`` «prevent 1 of every wound» effects each and ``events`` wounds of
    a million: every effect applies at every event (fu13f's generator)."""
    return {"edition": "A",
            "cards": [{"id": f"c{i}", "controller": ("p1", "p2")[i % 2],
                       "effects": [{"id": f"e{i}_{j}", "type": "prevent_each", "amount": 1, "protects": "all"}
                                   for j in range(effects)]} for i in range(cards)],
            "events": [{"wounds": {"card": f"c{k % cards}", "amount": 1_000_000, "attack": "strike"}}
                       for k in range(events)]}
