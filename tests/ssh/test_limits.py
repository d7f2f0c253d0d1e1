"""The SSH server's clocks and counters on their own, with a clock the test turns: the input
budget, the wrong-try limiter and admission (caps, random early drop, penalties)."""

from __future__ import annotations

import random

from jetset_tui.ssh.limits import Admission, AdmissionRules, InputBudget, TryLimiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_input_budget_bursts_then_refills_at_its_rate() -> None:
    clock = Clock()
    budget = InputBudget(1000, 100, burst=2.0, clock=clock)
    assert budget.allowed_bytes() == 200  # every event takes a byte: no more than 200 events
    budget.spend(2000, 5)
    assert budget.allowed_bytes() == 0
    assert budget.wait() == 0.5  # a quarter of the 2000-byte bucket at 1000 bytes a second
    clock.now += 0.5
    assert budget.allowed_bytes() == 200  # 500 bytes back, and the events refilled to their cap
    budget.spend(0, 200)  # the key events run out
    assert budget.allowed_bytes() == 0
    assert budget.wait() == 0.5  # a quarter of the 200 events at 100 a second
    clock.now += 10
    assert budget.allowed_bytes() == 200  # never more than the burst


def test_wrong_tries_lock_out_growing_per_key() -> None:
    clock = Clock()
    tries = TryLimiter(free=5, first_lock=30, max_lock=3600, clock=clock)
    keys = ("address:a", "seat:1:0")
    for left in (4, 3, 2, 1):
        tries.failed(*keys)
        assert tries.left(*keys) == left and tries.locked_for(*keys) == 0
    tries.failed(*keys)
    assert tries.locked_for(*keys) == 30
    assert tries.locked_for("address:b", "seat:1:0") == 30, "the seat is locked for everyone"
    assert tries.locked_for("address:a", "seat:2:0") == 30, "the address is locked for every seat"
    clock.now += 30
    tries.failed(*keys)
    assert tries.locked_for(*keys) == 60  # doubles
    for _ in range(20):
        tries.failed(*keys)
    assert tries.locked_for(*keys) == 3600  # at most an hour
    tries.succeeded("seat:1:0")
    assert tries.locked_for("address:c", "seat:1:0") == 0
    clock.now += 7200
    tries.forget_old(30)
    assert tries.left(*keys) == 5


def test_wrong_tries_never_locked_are_forgotten_after_the_longest_lock() -> None:
    """Counters below the lock were kept for ever (one per address a guesser brings); they go
    once their last wrong try is ``max_lock`` old, and not before (else a guesser would get
    its free tries back every minute)."""
    clock = Clock()
    tries = TryLimiter(free=5, first_lock=30, max_lock=3600, clock=clock)
    for i in range(100):
        tries.failed(f"address:{i}", "seat:1:0")
    clock.now += 600
    tries.forget_old(30)
    assert tries.tried("address:7") and tries.left("address:7") == 4
    clock.now += 3001
    tries.forget_old(30)
    assert not any(tries.tried(f"address:{i}") for i in range(100))


def test_unauthenticated_cap_with_random_early_drop() -> None:
    rules = AdmissionRules(unauth_start=2, unauth_rate=50, unauth_full=6, unauth_per_address=9)
    admission = Admission(rules, rng=random.Random(7))
    for i in range(2):
        assert admission.refusal(f"10.0.0.{i}") is None
        admission.arrived(f"10.0.0.{i}")
    drops = 0
    for _ in range(1000):  # at 2 waiting: 50% are dropped
        drops += admission.refusal("10.0.1.1") == "random early drop"
    assert 430 < drops < 570
    for i in range(2, 6):
        admission.arrived(f"10.0.0.{i}")
    assert admission.refusal("10.0.1.1") == "too many unauthenticated connections"
    for i in range(6):  # authenticated: they no longer count against the cap
        admission.authenticated(f"10.0.0.{i}")
    assert admission.refusal("10.0.1.1") is None


def test_caps_per_address_and_in_all() -> None:
    admission = Admission(AdmissionRules(unauth_per_address=2, per_address=3, total=5))
    admission.arrived("a")
    admission.arrived("a")
    assert admission.refusal("a") == "too many unauthenticated connections from one address"
    admission.authenticated("a")
    admission.arrived("a")
    assert admission.refusal("a") == "too many connections from one address"
    admission.arrived("b")
    admission.arrived("c")
    assert admission.refusal("d") == "too many connections"
    admission.left("c", authenticated=False)
    assert admission.refusal("d") is None
    assert "c" not in admission.connected and "c" not in admission.unauth


def test_penalties_add_up_decay_and_are_capped() -> None:
    clock = Clock()
    admission = Admission(AdmissionRules(penalty_min=15, penalty_max=600), clock=clock)
    for _ in range(3):
        admission.penalise("a", "authfail")  # 5 s each
    assert admission.penalty("a") == 15 and admission.refusal("a") is None
    admission.penalise("a", "noauth")
    assert admission.refusal("a") == "penalised" and admission.refusal("b") is None
    clock.now += 2
    assert admission.refusal("a") is None  # 14 s left: under the threshold
    for _ in range(100):
        admission.penalise("a", "broke")
    assert admission.penalty("a") == 600
    clock.now += 600
    assert admission.penalty("a") == 0 and "a" not in admission.penalised_until
