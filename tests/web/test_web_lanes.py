"""How a request's time is counted and its waiting bounded (issue 14, fresh user's finding 1): the
budget is the request's own Prolog time, counted from when its goal starts on the owner thread;
waiting for the owner thread, or for a worker of a lane, is bounded apart with its own message;
a light request's goals start before a heavy one's. No wall-clock time is asserted: a counted clock
stands in for the time spent in the queue."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from berserk_kb import EngineBusy
from berserk_kb.engine import bridge
from berserk_kb.engine.owner import OwnerThread
from berserk_kb.web import why as why_page
from berserk_kb.web.inputs import Gate, Waited
from berserk_kb.web.reasons import reason_text


def test_the_budget_counts_the_goals_own_time_not_the_minute_it_waited(reading, monkeypatch):
    """A request with a budget of 0.3 s whose first goal waits a (counted) minute behind another
    job: both its goals run, for the wait is not the budget's; the time it waited is the wait's."""
    eng = bridge.engine()
    now = [1000.0]
    monkeypatch.setattr(bridge, "_clock", lambda: now[0])
    go, queued, out = threading.Event(), threading.Event(), []
    submit = eng._executor.submit
    blocker = submit(go.wait, 10, urgent=True)

    def counted(*args, **kwargs):
        future = submit(*args, **kwargs)
        queued.set()
        return future

    monkeypatch.setattr(eng._executor, "submit", counted)

    def request():
        with eng.budget(0.3):
            out.append(eng.echo("первый"))
            out.append(eng.echo("второй"))
            out.append(eng._budgets.current.waited)

    asker = threading.Thread(target=request)
    asker.start()
    assert queued.wait(10)
    now[0] += 60.0  # a minute in the queue
    go.set()
    asker.join(10)
    assert blocker.result() is True and out == ["первый", "второй", 60.0]


def test_a_goal_not_started_within_its_wait_is_refused_as_busy_and_the_engine_goes_on(reading):
    eng = bridge.engine()
    go = threading.Event()
    blocker = eng._executor.submit(go.wait, 10, urgent=True)
    try:
        with eng.budget(5.0, wait=0.05), pytest.raises(EngineBusy) as caught:
            eng.echo("ждёт")
    finally:
        go.set()
    assert blocker.result() is True
    assert caught.value.seconds == pytest.approx(0.05) and "did not start it within 0.05 s" in str(caught.value)
    assert eng.echo("дальше") == "дальше"


def test_urgent_jobs_start_before_the_others_waiting_each_kind_in_its_order():
    owner, go, order = OwnerThread("test-owner"), threading.Event(), []
    owner.submit(go.wait, 10)
    jobs = [owner.submit(order.append, name, urgent=name.startswith("light"))
            for name in ("heavy1", "light1", "heavy2", "light2")]
    cancelled = owner.submit(order.append, "cancelled")
    assert cancelled.cancel()
    go.set()
    for job in jobs:
        job.result(10)
    assert order == ["light1", "light2", "heavy1", "heavy2"]


def test_a_gate_takes_out_a_request_that_waited_for_a_worker_too_long():
    lane, go = ThreadPoolExecutor(1), threading.Event()
    ran = []

    async def scenario():
        gate = Gate(4, lane, wait=0.05)
        first = asyncio.ensure_future(gate.run(go.wait, 10))
        await asyncio.sleep(0)  # the first takes the lane's one worker
        with pytest.raises(Waited) as caught:
            await gate.run(ran.append, "late")
        go.set()
        assert await first is True
        assert await gate.run(lambda: 42) == 42
        return caught.value.seconds

    done = []  # on a thread of its own: the browser tests leave an event loop running on this one
    runner = threading.Thread(target=lambda: done.append(asyncio.run(scenario())))
    runner.start()
    runner.join(10)
    lane.shutdown()
    assert done == [0.05] and ran == []


def test_light_and_heavy_why_requests_by_the_size_of_their_scenario():
    """A bundled file, the form and a small text are light; a text of 100 die rolls with seven
    modifiers each (the fresh user's 28 KB heavy-100x7.yaml) is heavy, in the editor or in a link;
    three editions are heavy."""
    roll = "- die_roll: {roller: r, roll: 4, modifiers: [" + ",".join(["{source: r, op: add, value: 1}"] * 7) + "]}\n"
    heavy = "edition: A\ncards: [{id: r, controller: p1}]\nevents:\n" + roll * 100
    assert why_page.light({"file": "x.yaml"}) and why_page.light({"build": "1"}) and why_page.light({"s": "!!"})
    assert why_page.light({"yaml": heavy[:400]})
    assert not why_page.light({"yaml": heavy}) and not why_page.light({"s": why_page.encode(heavy)})
    assert not why_page.light({"file": "x.yaml", "e": "A,B,C"})


def test_a_small_text_of_many_events_under_two_editions_is_heavy():
    """(Fresh user's M1.) 20 die rolls in under 3 KB, asked under A and B: 40 events × editions,
    more than LIGHT_EVENTS (10) — heavy, though small; 5 of them under one edition are light, and
    so is the Гном-Басаарг example (one attack) under both editions."""
    roll = "- die_roll: {roller: r, roll: 4, flip: true, reroll: 2, modifiers: [{source: r, op: set, value: 1}]}\n"
    text = "edition: A\ncards: [{id: r, controller: p1}]\nevents:\n"
    assert len((text + roll * 20).encode()) <= why_page.LIGHT_TEXT
    assert not why_page.light({"yaml": text + roll * 20, "e": "A,B"})
    assert why_page.light({"yaml": text + roll * 5, "e": "A"})
    gnome = (Path(__file__).resolve().parents[2] / "kb" / "examples" / "A-519.3-ex1-gnome-basaarg.yaml").read_text("utf-8")
    assert why_page.light({"yaml": gnome, "e": "A,B"})


def test_the_wait_refusal_is_worded_in_both_languages():
    reason = {"code": "waited", "seconds": "10"}
    assert "прождал очереди <span class=\"data\">10</span> с" in reason_text(reason, "ru")
    assert "waited <span class=\"data\">10</span> s" in reason_text(reason, "en")


def test_the_check_as_you_type_computes_what_the_page_would_compute(reading):
    """(Fresh user's finding 3.) An attack of a card whose strikes are not known (neither in the
    card database nor a ``base:``) has a valid shape, but cannot be computed: the check as you type
    says so at once (its field and line), rather than «valid» and then an error from «Вычислить»;
    the same attack with ``base: 3`` is valid and computed."""
    text = ("edition: A\ncards:\n  - {id: x, name: Никому не известный, controller: p1}\n"
            "  - {id: foe, name: Противник, controller: p2}\n"
            "events:\n  - attack: {source: x, target: foe, strike: medium}\n")
    refused = why_page.validate(reading, text, [])
    assert refused["valid"] is False and refused["line"] == 6 and refused["field"].startswith("events[0]")
    fixed = text.replace("strike: medium}", "strike: medium, base: 3}")
    assert why_page.validate(reading, fixed, []) == {"valid": True, "computed": True}


def test_the_check_as_you_type_reports_every_field_error_the_unknown_field_too(reading):
    """(Fresh user's finding 3.) ``controler: p1`` (a typo): the missing ``controller`` and the
    unknown ``controler``, each with its line and its words in both languages."""
    text = "edition: A\ncards:\n  - id: c\n    controler: p1\nevents:\n  - die_roll: {roller: c, roll: 3}\n"
    found = why_page.validate(reading, text, [])
    assert found["valid"] is False and found["field"] == "cards[0].controller"
    assert [(a["field"], a["line"], a["reason"]["code"]) for a in found["also"]] == \
        [("cards[0].controler", 4, "extra_forbidden")]
    also = found["also"][0]["reason"]
    ru = reason_text(also, "ru", reading.kb.language_pack("ru"))
    assert "Поле <span class=\"data\">cards[0].controler</span>: здесь не предусмотрено" in ru
    assert "is not expected here" in reason_text(also, "en")
