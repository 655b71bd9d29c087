"""No Python call can crash the interpreter: each misuse that once corrupted memory or
segfaulted (a memo asked again from its own rule, closed inside its rule, shared by threads)
raises an exception here, each checked in a child interpreter so that a crash shows as a
signal instead of ending the test run; Ctrl-C stops long calls within about a second; error
messages say what was wrong; long runs (Sequence) agree with the brute force."""

import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from array import array
from typing import Any, List, Optional, Tuple

import pytest

import libsg
from libsg import _core, _lib

from brute_force import brute_grundy_game, brute_octal


def run_child(code: str, timeout: float = 60) -> "subprocess.CompletedProcess[str]":
    """Runs `code` in a fresh interpreter with the same libsg; a crash gives a negative code."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=timeout, env=dict(os.environ))


def assert_clean(r: "subprocess.CompletedProcess[str]") -> None:
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    assert "ok" in r.stdout.split(), (r.stdout, r.stderr)


# ---- the memo: re-entrance, close inside the rule, threads ------------------------------------

def test_memo_reentrant_value_raises() -> None:
    # the rule asks its own memo: once a use-after-free (a wrong value, a miscount)
    r = run_child("""
        import libsg
        m = None
        asked = []
        def rule(n):
            if n == 50 and not asked:
                asked.append(n)
                m.value(3)
            return [n - k for k in (1, 2) if k <= n]
        m = libsg.Memo(rule)
        try:
            m.value(100)
        except libsg.BusyError as e:
            assert e.status == libsg.EBUSY and e.name == "EBUSY", e
            assert "own rule" in str(e), e
        else:
            raise SystemExit("no BusyError")
        # the memo stays usable and right: the subtraction game {1, 2} has G(n) = n mod 3
        assert [m.value(n) for n in range(120)] == [n % 3 for n in range(120)]
        assert m.count == 120, m.count
        print("ok")
    """)
    assert_clean(r)


# the classes whose rule runs inside later calls (Loopy's rule runs only while it is built, before
# there is an object to close): the query that runs the rule, and what it answers afterwards
RULE_HANDLES = [
    ("Memo", "value", "m.value(5) == 1"),
    ("MisereMemo", "wins", "m.wins(5) is False and m.winning_move(6) == 5"),
]


@pytest.mark.parametrize("cls, query, after", RULE_HANDLES, ids=[h[0] for h in RULE_HANDLES])
def test_close_inside_rule_raises(cls: str, query: str, after: str) -> None:
    r = run_child("""
        import libsg
        m = None
        tries = []
        def rule(n):
            if n == 7 and len(tries) < 3:
                tries.append(n)
                m.close()
            return [n - 1] if n else []
        m = libsg.%(cls)s(rule)
        for attempt in range(3):
            try:
                m.%(query)s(20)
            except libsg.BusyError:
                pass
            else:
                raise SystemExit("no BusyError")
        for what in ("count", "bytes"):
            def rule2(n, what=what):
                getattr(m2, what)
                return []
            m2 = libsg.%(cls)s(rule2)
            try:
                m2.%(query)s(1)
            except libsg.BusyError:
                pass
            else:
                raise SystemExit("no BusyError for " + what)
        assert %(after)s
        m.close()
        print("ok")
    """ % {"cls": cls, "query": query, "after": after})
    assert_clean(r)


def test_memo_shared_by_threads() -> None:
    # once a segfault in 2 runs of 3: calls from four threads now take turns
    r = run_child("""
        import threading, libsg
        def rule(n):
            return [n - k for k in (1, 3, 4) if k <= n]
        want = []
        for n in range(3000):
            opts = {want[n - k] for k in (1, 3, 4) if k <= n}
            v = 0
            while v in opts:
                v += 1
            want.append(v)
        m = libsg.Memo(rule)
        bad = []
        def work(seed):
            for i in range(3000):
                n = (i * 7919 + seed * 104729) % 3000
                if m.value(n) != want[n]:
                    bad.append(n)
                m.count
        ts = [threading.Thread(target=work, args=(s,)) for s in range(4)]
        for t in ts: t.start()
        for t in ts: t.join()
        assert not bad, bad[:5]
        assert m.count == 3000
        print("ok")
    """)
    assert_clean(r)


def test_memo_close_from_another_thread_waits() -> None:
    # close() from another thread returns only once the running value() is done with the
    # handle: no call of the rule comes after it. (The order in which the two threads then
    # take the interpreter lock back is the scheduler's, so it is not what is checked.)
    started = threading.Event()
    calls: List[int] = []
    calls_when_closed: List[int] = []

    def rule(n: int) -> List[int]:
        calls.append(n)
        if n == 500:
            started.set()
            time.sleep(0.2)
        return [n - 1] if n else []

    m = libsg.Memo(rule)

    def closer() -> None:
        started.wait()
        m.close()               # waits for the running value() to return
        calls_when_closed.append(len(calls))

    t = threading.Thread(target=closer)
    t.start()
    value = m.value(1000)
    t.join()
    assert value == 0
    assert calls_when_closed == [len(calls)]
    with pytest.raises(ValueError, match="closed"):
        m.value(3)


def test_sequence_reentrant_raises() -> None:
    seq = libsg.Sequence.grundy_game()
    seen: List[BaseException] = []

    def progress(done: int, total: int) -> bool:
        try:
            seq.save("/nonexistent/x")
        except libsg.BusyError as e:
            seen.append(e)
        return False

    seq.extend(1 << 15, progress)
    assert seen and all(isinstance(e, libsg.BusyError) for e in seen)
    assert len(seq) == 1 << 15
    seq.close()
    seq.close()


# ---- Ctrl-C ----------------------------------------------------------------------------------

INTERRUPTED = [
    # Grundy's game to 2**27 would take minutes; so would Officers (0.6) to 2**20
    "libsg.Sequence.grundy_game().extend(1 << 27)",
    "libsg.grundy_game_table(1 << 26)",
    "libsg.octal_table('0.6', 1 << 20)",
    "libsg.table_build(lambda n: [n - k for k in range(1, min(n, 40) + 1)], 10**7)",
    "libsg.Memo(lambda n: [n - k for k in range(1, min(n, 40) + 1)]).value(10**7)",
    "libsg.Loopy(lambda n: [(n + 1) % 10**7, n // 2], 10**7)",
    "libsg.Loopy.explore(0, lambda n: [n + 1, n // 2] if n < 10**7 else [])",
    "libsg.misere_table(lambda n: [n - k for k in range(1, min(n, 3) + 1)], 10**7)",
    "libsg.MisereMemo(lambda n: [n - k for k in range(1, min(n, 3) + 1)]).wins(10**7)",
]


def _cpu_seconds(pid: int) -> Optional[float]:
    """The CPU time process `pid` has used so far (Linux /proc), or None where there is none."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.parametrize("call", INTERRUPTED)
def test_ctrl_c_stops_long_calls(call: str) -> None:
    # proves that a SIGINT stops each long call with KeyboardInterrupt within five seconds of
    # the child's own CPU time, ten times the most a quiet machine needs (0.42 to 0.48 s, for
    # the table of Grundy's game to 2**26; 1.03 s was seen at a load of 15): the latency is
    # counted in CPU seconds the child spends between the signal and the except clause, so a
    # loaded machine (which delays the child, not its work) cannot fail it; the wall clock
    # only has the 30 s bound of a call that ignores SIGINT.
    # The child takes Python's own SIGINT handler even where SIGINT was ignored when the tests
    # started (nohup, a background job of a shell without job control)
    code = ("import signal, sys, time, libsg\n"
            "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
            "print('ready', flush=True)\n"
            "try:\n    %s\nexcept KeyboardInterrupt:\n"
            "    print('interrupted', time.process_time(), flush=True)\n" % call)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    # the signal comes once the child has spent 0.5 s of CPU in the call (its setup, such as
    # a table of 2**26 values to fill, is behind it), or after 0.5 s where /proc is missing
    start, deadline = _cpu_seconds(child.pid), time.monotonic() + 20
    while start is not None and time.monotonic() < deadline:
        now = _cpu_seconds(child.pid)
        if now is None or now - start >= 0.5:
            break
        time.sleep(0.02)
    if start is None:
        time.sleep(0.5)
    cpu_at_signal = _cpu_seconds(child.pid)
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise AssertionError("%s ignored SIGINT for 30 s" % call)
    assert child.returncode == 0, (call, child.returncode, err)
    assert out.startswith("interrupted"), (call, out, err)
    if cpu_at_signal is not None:
        latency = float(out.split()[1]) - cpu_at_signal
        assert latency < 5.0, (call, latency)


# ---- what the errors say ---------------------------------------------------------------------

def test_error_messages() -> None:
    with pytest.raises(libsg.InvalidArgumentError) as e1:
        libsg.subtraction_table([], 5)
    assert "empty" in str(e1.value) and e1.value.name == "EINVAL"
    assert isinstance(e1.value, ValueError)
    with pytest.raises(libsg.InvalidArgumentError, match="0 tokens"):
        libsg.subtraction_table([3, 0], 5)
    with pytest.raises(libsg.RangeError) as e2:
        libsg.subtraction_period([2 ** 40])
    assert "designed" in str(e2.value) and "memory" not in e2.value.detail   # type: ignore
    with pytest.raises(MemoryError) as e3:
        libsg.octal_table("0.77", 10 ** 12)
    assert str(e3.value) and "10000000000" in str(e3.value) and "bytes" in str(e3.value)
    assert isinstance(e3.value, libsg.Error) and e3.value.name == "ENOMEM"
    assert libsg.misere_winning_move([]) is None
    assert libsg.misere_winning_move([0, 0]) is None
    with pytest.raises(libsg.RangeError, match="2\\*\\*32"):
        libsg.allbut_table([1], 1 << 33)


def test_status_names() -> None:
    for code in range(0, -10, -1):
        name = libsg.status_name(code)
        assert name != "E?" and getattr(libsg, name) == code
        e = libsg.errors._error(code, "f", None) if code else None
        if e is not None:
            assert "SG_" + name in str(e) and e.status == code
    assert libsg.status_name(12345) == "E?"

# ---- buffers and long runs -------------------------------------------------------------------

def test_tables_are_buffers() -> None:
    for t in (libsg.subtraction_table([1, 2], 10), libsg.octal_table("0.07", 10),
              libsg.grundy_game_table(10), libsg.allbut_table([2], 10),
              libsg.table_build(lambda n: [n - 1] if n else [], 10)):
        assert isinstance(t, array) and t.itemsize == 4 and len(t) == 10
        assert memoryview(t).nbytes == 40


def test_polled_tables_agree() -> None:
    # from 2**16 values on, octal_table and grundy_game_table go through a sequence
    n = (1 << 16) + 123
    big = libsg.octal_table("0.07", n)
    assert big[:400].tolist() == brute_octal("0.07", 400)
    pre, per = 53, 34   # Dawson's Kayles
    assert all(big[k] == big[pre + (k - pre) % per] for k in range(pre, n, 101))
    g = libsg.grundy_game_table(n)
    direct = array("I", [0]) * n   # the one-call path, for comparison
    assert _lib._sg_grundy_game_table(_core._ptr(direct), n) == 0
    assert g == direct
    assert g[:300].tolist() == brute_grundy_game(300)


def test_sequence(tmp_path: Any) -> None:
    brute = brute_grundy_game(300)
    with libsg.Sequence.grundy_game() as s:
        assert s.game == "grundy-game"
        calls: List[Tuple[int, int]] = []

        def progress(done: int, total: int) -> bool:
            calls.append((done, total))
            return False
        s.extend(300, progress)
        assert calls and calls[-1] == (300, 300)
        assert len(s) == 300 and s.width == 1
        assert s.read().tolist() == brute and list(s) == brute
        assert s[299] == brute[299] and s[-1] == brute[-1]
        with pytest.raises(IndexError):
            s[300]
        path = str(tmp_path / "g.ckpt")
        s.save(path)
        with pytest.raises(libsg.StoppedError):
            s.extend(1 << 16, lambda done, total: True)
    with libsg.Sequence.load(path) as t:
        assert len(t) == 300 and t.read(100, 300).tolist() == brute[100:]
        t.extend(400)
        assert t.read(0, 300).tolist() == brute
    with pytest.raises(libsg.CheckpointError) as cm:
        libsg.Sequence.load(path, "0.07")
    assert cm.value.status == libsg.EGAME
    with pytest.raises(libsg.FileError):
        libsg.Sequence.load(str(tmp_path / "missing"))
    with libsg.Sequence.octal("0.6") as o:
        o.extend(200)
        assert o.read().tolist() == brute_octal("0.6", 200)
        with pytest.raises(libsg.InvalidArgumentError):
            o.threads = 3
        p2 = str(tmp_path / "o.ckpt")
        o.save(p2)
    with libsg.Sequence.octal("0.6") as o4:      # the same values on two threads
        o4.threads = 2
        o4.extend(6000)
        assert o4.read(0, 300).tolist() == brute_octal("0.6", 300)
    with libsg.Sequence.load(p2, "0.60") as o2:
        assert o2.read().tolist() == brute_octal("0.6", 200)
        assert o2.game == "0.6"
    with libsg.Sequence.load(p2) as o3:          # a checkpoint of any game
        assert o3.game == "0.6" and o3.read().tolist() == brute_octal("0.6", 200)
        o3.extend(250)
        assert o3.read().tolist() == brute_octal("0.6", 250)
    with open(p2, "r+b") as f:                    # damaged: refused, never read as values
        f.seek(40)
        byte = f.read(1)
        f.seek(40)
        f.write(bytes([byte[0] ^ 0xFF]))
    with pytest.raises(libsg.CheckpointError) as cm2:
        libsg.Sequence.load(p2)
    assert cm2.value.status == libsg.EFORMAT


def test_rest_of_the_api() -> None:
    assert libsg.octal_max_parts("0.07") == 2 and libsg.octal_max_parts("0.1") == 0
    assert libsg.octal_max_parts("0.8") == 3
    proof = libsg.octal_prove("0.07", 5000)
    assert proof.period == libsg.Period(53, 34, 0, True)
    assert proof.last_exception == 52 and proof.computed >= 53 + 34
    assert libsg.octal_prove("0.6", 100).period.proven is False
    prefix = libsg.octal_table("0.07", 53 + 34)
    assert libsg.period_value(prefix, proof.period, 10 ** 18) == \
        libsg.octal_value("0.07", 10 ** 18)
    assert libsg.period_value(list(prefix), None, 10) == prefix[10]
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.period_value(prefix, None, 10 ** 6)
    # Value(v): a move to a game of known value
    t = libsg.table_build(lambda n: [libsg.Value(v) for v in range(n)], 5)
    assert t.tolist() == [0, 1, 2, 3, 4]


def test_every_c_function_is_bound() -> None:
    # parity with C: each SG_API function of include/sg.h is bound by a _bind("name", ...) line
    # of the package (sg_memo_create is sg_memo_create_ex without a cap, which Memo uses)
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "..", "include", "sg.h")) as f:
        header = f.read()
    declared = set(re.findall(r"^SG_API [^;(]*?\b(\w+)\(", header, re.M))
    assert {"sg_mex", "nim_sum", "sg_sequence_extend", "sg_status_name"} <= declared
    with open(_lib.__file__) as f:
        source = f.read()
    bound = set(re.findall(r'_bind\("(\w+)"', source))
    missing = sorted(declared - bound - {"sg_memo_create"})
    assert not missing, "C functions with no binding: %s" % ", ".join(missing)
    for name in bound:
        assert hasattr(_lib._lib, name), name
