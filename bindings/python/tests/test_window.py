"""Windowed sequences and snapshots (Sequence.set_window, held, stats) against Grundy's game
computed plainly from its definition, and the status of a window too small."""

import os
import tempfile
from typing import List

import pytest

import libsg

from brute_force import brute_grundy_game


def fnv(values: List[int]) -> int:
    h = 14695981039346656037
    for v in values:
        for b in range(4):
            h ^= (v >> (8 * b)) & 0xFF
            h = (h * 1099511628211) % (1 << 64)
    return h


def test_stats_match_definition() -> None:
    g = brute_grundy_game(3000)
    with libsg.Sequence.grundy_game() as s:
        s.extend(3000)
        st = s.stats()
        assert st.n == 3000
        assert st.hash == fnv(g)
        assert st.largest == max(g)
        assert st.histogram == [g.count(v) for v in range(max(g) + 1)]
        rare = [(n, v) for n, v in enumerate(g) if bin(v & st.mask).count("1") % 2 == 0]
        assert st.rare == rare
        assert s.held() == (0, 0)


def test_window_bad_input_and_too_small() -> None:
    with libsg.Sequence.grundy_game() as s:
        with pytest.raises(libsg.RangeError):
            s.set_window(libsg.WINDOW_MIN - 1)
        s.set_window(libsg.WINDOW_MIN)
        with pytest.raises(libsg.WindowError):
            s.extend(1 << 16)
        n = len(s)
        assert n >= 2 * libsg.WINDOW_MIN
        assert list(s.read(0, n)) == brute_grundy_game(n)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "w.ckpt")
            s.save(path)
            with libsg.Sequence.load(path) as t:
                assert len(t) == n
                with pytest.raises(libsg.WindowError):
                    t.extend(n + 1)
    # take-and-break games: those whose moves leave at most two heaps; Officers' rare positions
    # go past a window of WINDOW_MIN, so it stops as the window would start
    with libsg.Sequence.octal("0.8") as o:
        with pytest.raises(libsg.InvalidArgumentError):
            o.set_window(libsg.WINDOW_AUTO)
    with libsg.Sequence.octal("0.6") as o:
        o.set_window(libsg.WINDOW_MIN)
        with pytest.raises(libsg.WindowError):
            o.extend(1 << 14)
        assert len(o) == 2 * libsg.WINDOW_MIN
        assert o.held() == (0, 0)
