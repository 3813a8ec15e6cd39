"""The owner thread's jobs (engine/owner.py): a job's result is given to every caller who asks, a
job cancelled before it starts never runs, and one not done yet is reported as not done."""

from __future__ import annotations

import threading

import pytest

from berserk_kb.engine.owner import OwnerThread


def test_a_result_is_given_to_every_caller_and_a_cancelled_job_never_runs():
    owner = OwnerThread("test-owner")
    gate, ran = threading.Event(), []
    first = owner.submit(gate.wait)  # holds the thread until the gate opens
    second = owner.submit(ran.append, "second")
    with pytest.raises(TimeoutError):
        first.result(timeout=0)  # not done: the gate is shut
    assert second.cancel() is True
    gate.set()
    assert first.result() is True and first.result() is True  # asked twice, given twice
    third = owner.submit(ran.append, "third")
    assert third.result() is None and third.cancel() is False
    with pytest.raises(RuntimeError):
        second.result()
    assert ran == ["third"]


def test_an_error_is_raised_to_the_caller():
    owner = OwnerThread("test-owner")
    job = owner.submit(int, "not a number")
    with pytest.raises(ValueError):
        job.result()
    with pytest.raises(ValueError):
        job.result()
