"""Misere quotients (MisereQuotient) against a plain search of whole sums written here, and the
quotient R8 of 0.75 as Plambeck and Siegel publish it (arXiv math/0609825)."""

import functools
import random
from typing import List, Tuple

import pytest

import libsg

Heaps = Tuple[int, ...]


def moves(code: str, h: int) -> List[Heaps]:
    whole, frac = code.split(".")
    digits = [int(whole or "0", 16)] + [int(c, 16) for c in frac]
    out: List[Heaps] = []
    for i, d in enumerate(digits):
        rest = h - i
        if rest < 0:
            break
        if i == 0:
            d &= 4
        if d & 1 and rest == 0:
            out.append(())
        if d & 2 and rest >= 1:
            out.append((rest,))
        if d & 4:
            out += [(a, rest - a) for a in range(1, rest // 2 + 1)]
    return out


def searcher(code: str):  # type: ignore[no-untyped-def]
    @functools.lru_cache(maxsize=None)
    def wins(heaps: Heaps) -> bool:
        moved = False
        for i, h in enumerate(heaps):
            for parts in moves(code, h):
                moved = True
                rest = heaps[:i] + heaps[i + 1:] + tuple(p for p in parts if p)
                if not wins(tuple(sorted(rest))):
                    return True
        return not moved
    return wins


@pytest.mark.parametrize("code", ["0.75", "0.31", "0.07", "0.77", "0.137"])
def test_outcomes_and_moves_against_search(code: str) -> None:
    # every predicted outcome is the search's; every winning move leaves a P-position
    q = libsg.MisereQuotient(code)
    q.extend(7)
    assert q.heaps == 7 and q.order % 2 == 0
    wins = searcher(code)
    rng = random.Random(5)
    for _ in range(150):
        heaps = [rng.randint(1, 7) for _ in range(rng.randint(0, 5))]
        w = wins(tuple(sorted(heaps)))
        assert q.wins(heaps) == w
        mv = q.winning_move(heaps)
        if w and mv is not None:
            i, take, parts = mv
            assert take + sum(parts) == heaps[i]
            assert not wins(tuple(sorted(heaps[:i] + heaps[i + 1:] + list(parts))))
        elif not w:
            assert mv is None


def test_r8() -> None:
    # 0.75: R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2}, period 2
    q = libsg.MisereQuotient(".75")
    assert q.solve(40)
    assert (q.order, q.p_portion, q.tame, q.last_rogue) == (8, 2, None, 7)
    assert q.presentation == "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>"
    assert q.p == ["a", "b^2"]
    assert q.generators == [("a", 1), ("b", 2), ("c", 5)]
    assert q.pretending()[:10] == ["1", "a", "b", "a", "b", "c", "b", "c", "b", "ab^2"]
    per = q.period
    assert (per.preperiod, per.period, per.proven) == (8, 2, True)
    # heaps of 10^12 tokens: as their residue
    big = 10 ** 12
    assert q.element(big) == q.element(10) and q.element(big + 1) == q.element(11)
    assert q.outcome([big, big + 1, 5]) == q.outcome([10, 11, 5])
    a, b = q.element(1), q.element(2)
    assert q.mul(a, a) == 0 and q.mul(q.mul(b, b), b) == b


def test_tame() -> None:
    # a tame game gives a tame quotient: 0.31 is T1 (order 6, P = {a, b^2})
    q = libsg.MisereQuotient("0.31")
    assert q.solve()
    assert (q.tame, q.order, q.p) == (1, 6, ["a", "b^2"])


def test_bad_input() -> None:
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.MisereQuotient("0.0")           # no heap has a move
    q = libsg.MisereQuotient("0.77", max_order=8)
    with pytest.raises(libsg.RangeError):
        q.extend(20)                          # Kayles outgrows 8 elements
    assert q.heaps < 20 and q.order <= 8
    with pytest.raises(libsg.RangeError):
        q.wins([100])                         # past the bound, no period


def test_save_and_resume(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # a computation saved at heap 7, loaded and taken to heap 10 answers as one never stopped
    path = tmp_path / "kayles.mq"
    whole = libsg.MisereQuotient("0.77")
    whole.extend(10)
    part = libsg.MisereQuotient("0.77")
    part.extend(7)
    part.save(path)
    back = libsg.MisereQuotient.load("0.77", path)
    assert (back.heaps, back.order, back.presentation) == (7, part.order, part.presentation)
    back.extend(10)
    assert (back.order, back.p_portion, back.presentation, back.pretending(), back.p) == \
        (whole.order, whole.p_portion, whole.presentation, whole.pretending(), whole.p)
    assert all(back.mul(a, b) == whole.mul(a, b)
               for a in range(whole.order) for b in range(whole.order))
    # another game's file, a damaged one, a missing one, a budget too small
    with pytest.raises(libsg.CheckpointError):
        libsg.MisereQuotient.load("0.75", path)
    data = bytearray(path.read_bytes())
    data[70] ^= 1
    bad = tmp_path / "bad.mq"
    bad.write_bytes(bytes(data))
    with pytest.raises(libsg.CheckpointError):
        libsg.MisereQuotient.load("0.77", bad)
    with pytest.raises(libsg.FileError):
        libsg.MisereQuotient.load("0.77", tmp_path / "none.mq")
    with pytest.raises(libsg.RangeError):
        libsg.MisereQuotient.load("0.77", path, max_order=4)
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.MisereQuotient("0.77").save(tmp_path / "empty.mq")   # no heap yet
