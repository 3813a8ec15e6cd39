"""Why not, when a set-to comes last (fresh user's finding 5, issue 14)."""

from __future__ import annotations

from pathlib import Path

GNOME = Path(__file__).resolve().parents[1] / "kb" / "examples" / "A-519.3-ex1-gnome-basaarg.yaml"


def test_why_not_4_names_the_set_to_that_is_applied_last(kb):
    """001, line 16 (519.3, ПРИМЕР): «Гном-Басаарг … вначале получит +1 к удару за строй с Гномьим
    Королём, затем +1 за удар по закрытому существу противника и +1 к удару за собственную
    особенность … Последним накладывается модификатор, имеющий конкретное численное значение
    (сведение к 1), в итоге сила удара Гнома-Басаарга равна 1.» Worked by hand: the medium strike 3,
    +1 (а) = 4 — the value asked about —, +1 (б) = 5, +1 = 6, then «сводится к 1» (д) = 1. Asked
    «why not 4», the deciding step is д): whatever the steps before it gave, it gives 1; not the
    +1 of б) that first moved the value away from 4."""
    answer = kb.why_not(GNOME, "events[0].strength=4", "A")
    assert answer.computed == 1 and not answer.agrees
    assert [c.ref() for c in answer.deciding] == ["519.3 д)"] and answer.last
    assert "по 519.3 д)" in answer.because
