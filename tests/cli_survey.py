"""Checks of `grundy survey`, run by tests/check_cli_survey.sh.

Every line out must be valid UTF-8 JSON with code, preperiod, period and proven. The values are
compared with a brute force written here from the rules of take-and-break games (values by mex
over every move, then the Guy-Smith periodicity theorem applied to them), with the periods in
the literature, and with `grundy octal CODE --period`. Malformed, hostile and huge input must
give an "error" member and let the survey go on, in bounded memory. The recipes of
docs/survey.md are run as written there (GNU parallel; the Slurm job script with
SLURM_ARRAY_TASK_ID set by hand, as Slurm is not installed) and must give what one serial run
gives, on a survey of 200 codes.
"""
import json
import os
import random
import re
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("BUILD", "build")
TOOL = os.path.abspath(os.path.join(BUILD, "grundy"))
KEYS = ("game", "code", "input", "proven", "preperiod", "period", "saltus", "observed")
FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    if len(FAILURES) <= 25:
        print("FAIL: " + msg)


def expect(what, got, want):
    if got != want:
        fail("%s: got %.300r, want %.300r" % (what, got, want))


def run(args, data=b"", timeout=300, env=None, cwd=None, stdout=subprocess.PIPE):
    """Runs a command; returns (status, stdout bytes, stderr bytes). A hang or signal fails.
    The bounds only catch a hang: ten times and more what a call needs at a load of 15 (the
    GNU parallel recipe 28 s of its 600)."""
    try:
        p = subprocess.run(args, input=data, stdout=stdout, stderr=subprocess.PIPE,
                           timeout=timeout, env=env, cwd=cwd)
    except subprocess.TimeoutExpired:
        fail("%s: no answer within %d s" % (" ".join(args)[:100], timeout))
        return 124, b"", b""
    if p.returncode < 0:
        fail("%s: killed by signal %d" % (" ".join(args)[:100], -p.returncode))
    return p.returncode, p.stdout or b"", p.stderr


def survey(data, *opts, timeout=300):
    return run([TOOL, "survey"] + list(opts), data, timeout)


def objects(out, what):
    """The JSON objects of a survey's output, each line checked."""
    try:
        text = out.decode("utf-8")
    except UnicodeDecodeError as e:
        fail("%s: output is not UTF-8: %s" % (what, e))
        return []
    if text and not text.endswith("\n"):
        fail("%s: output does not end with a newline" % what)
    result = []
    for i, line in enumerate(text.splitlines()):
        try:
            o = json.loads(line)
        except ValueError as e:
            fail("%s: line %d is not JSON (%s): %.200r" % (what, i + 1, e, line))
            continue
        if not isinstance(o, dict) or any(k not in o for k in KEYS):
            fail("%s: line %d lacks one of %s: %.200r" % (what, i + 1, KEYS, line))
            continue
        result.append(o)
    return result


def survey_ok(data, *opts, what="survey"):
    st, out, err = survey(data, *opts)
    if st != 0 or err:
        fail("%s: status %d, stderr %r" % (what, st, err[:300]))
    return objects(out, what)


# ---- the brute force ---------------------------------------------------------------------------

def digits_of(code):
    """d0 and d1..dt of a canonical code (trailing zeros dropped)."""
    d0, rest = code.split(".")
    ds = [int(ch, 16) for ch in rest]
    while ds and ds[-1] == 0:
        ds.pop()
    return int(d0 or "0"), ds


def values(code, count):
    """G(0 .. count-1) by mex over every move: digit d_i of the code lets a move remove i
    tokens from a heap and leave nothing (bit 1), one heap (2), two (4) or three (8)
    non-empty heaps; d0 = 4 splits a heap in two without removing any."""
    d0, ds = digits_of(code)
    moves = [(0, d0)] + [(i + 1, d) for i, d in enumerate(ds)]
    G = []
    for n in range(count):
        seen = set()
        for i, d in moves:
            r = n - i
            if r < 0:
                continue
            if d & 1 and r == 0:
                seen.add(0)
            if d & 2 and r >= 1:
                seen.add(G[r])
            if d & 4:
                for a in range(1, r // 2 + 1):
                    seen.add(G[a] ^ G[r - a])
            if d & 8:
                for a in range(1, r // 3 + 1):
                    for b in range(a, (r - a) // 2 + 1):
                        seen.add(G[a] ^ G[b] ^ G[r - a - b])
        m = 0
        while m in seen:
            m += 1
        G.append(m)
    return G


def suffix_start(G, N, p):
    """The least n with G(k + p) == G(k) for n <= k < N - p."""
    n = N - p
    while n > 0 and G[n - 1] == G[n - 1 + p]:
        n -= 1
    return n


def theorem_proof(code, G, N):
    """(n0, q) when the Guy-Smith theorem proves G(n + q) == G(n) for n >= n0 from G(0..N-1):
    the equality checked for n0 <= n < E, E = 2*max(n0,1) + q + t (3*max(n0,1) + 2*q + t when
    a move may leave three heaps), t the last non-zero digit. None when no q proves."""
    _, ds = digits_of(code)
    t, three = len(ds), any(d & 8 for d in ds)
    for q in range(1, N):
        n0 = suffix_start(G, N, q)
        n1 = max(n0, 1)
        end = 3 * n1 + 2 * q + t if three else 2 * n1 + q + t
        if end + q <= N:
            return n0, q
    return None


def expected(code, limit):
    """What a survey must say of `code` with --limit `limit`, from the brute force."""
    G = values(code, limit)
    proof = theorem_proof(code, G, limit)
    e = {"proven": proof is not None}
    if proof:
        n0, q = proof
        # the sequence is periodic from n0 with period q: the least period divides q, and the
        # least preperiod is where G(n + s) == G(n) starts to hold for good
        s = min(d for d in range(1, q + 1)
                if q % d == 0 and all(G[k] == G[k + d] for k in range(n0, n0 + q)))
        pre = suffix_start(G, n0 + q + s, s) if n0 > 0 else 0
        pre = min(pre, n0)
        exc = [k for k in range(pre) if G[k] != G[pre + (k - pre) % s]]
        e.update(preperiod=pre, period=s, saltus=0, exceptions=len(exc),
                 last_exception=exc[-1] if exc else None, observed=None)
    else:
        e.update(preperiod=None, period=None, saltus=None, exceptions=None,
                 last_exception=None, computed=limit)
        # an unproven pattern only under "observed"
        hint = observed(code, G)
        e.update(observed=hint and dict(preperiod=hint[0], period=hint[1], saltus=hint[2]))
    return e, G


def observed(code, G):
    """The pattern an unproven search reports (sg_octal_prove): among p with 3p <= N whose
    stretch G(n + p) == G(n), n0 <= n < N, spans at least 3p and N/4 values, the earliest n0,
    then the least p. With a digit of bit 8 and no such p: the least p whose stretch
    G(n + p) == G(n) + s (s >= 0 read off the end) spans 3p and N/2 values."""
    N = len(G)
    best = None
    for p in range(1, N // 3 + 1):
        n = suffix_start(G, N, p)
        if N - n >= 3 * p and N - n >= N // 4 and (best is None or n < best[0]):
            best = (n, p, 0)
    _, ds = digits_of(code)
    if best is None and any(d & 8 for d in ds):
        for p in range(1, N // 3 + 1):
            s = G[N - 1] - G[N - 1 - p]
            if s < 0:
                continue
            n = N - p
            while n > 0 and G[n - 1 + p] - G[n - 1] == s:
                n -= 1
            if N - n >= 3 * p and N - n >= N // 2:
                return (n, p, s)
    return best


def check_arithmetic(what, code, o, N):
    """A proven arithmetic period G(n + p) == G(n) + s for n >= n0 (its own test, not the
    Guy-Smith theorem) must hold on N brute-force values, with n0 and p the least that do."""
    G = values(code, N)
    n0, p, s = o.get("preperiod"), o.get("period"), o.get("saltus")
    if not all(isinstance(x, int) and x >= 0 for x in (n0, p, s)) or p == 0:
        fail("%s: arithmetic period %r" % (what, (n0, p, s)))
        return G
    if any(G[n + p] != G[n] + s for n in range(n0, N - p)):
        fail("%s: G(n + %d) == G(n) + %d fails before %d" % (what, p, s, N))
    if n0 > 0 and G[n0 - 1 + p] == G[n0 - 1] + s:
        fail("%s: preperiod %d is not the least" % (what, n0))
    for q in range(1, p):
        d = G[N - 1] - G[N - 1 - q]
        if all(G[n + q] == G[n] + d for n in range(n0, N - q)):
            fail("%s: period %d is not the least (%d with saltus %d)" % (what, p, q, d))
    return G


def check_values(codes, limit):
    """One survey of `codes` against the brute force, and against `octal --period`."""
    got = survey_ok(("\n".join(codes) + "\n").encode(), "--limit", str(limit),
                    what="survey of %d codes, limit %d" % (len(codes), limit))
    expect("objects for %d codes" % len(codes), len(got), len(codes))
    for code, o in zip(codes, got):
        what = "survey %s --limit %d" % (code, limit)
        expect(what + ": game, input", (o.get("game"), o.get("input")), ("survey", code))
        expect(what + ": limit", o.get("limit"), limit)
        if "error" in o:
            fail(what + ": error " + str(o["error"]))
            continue
        n = o.get("computed")
        if not isinstance(n, int) or not 0 < n <= limit:
            fail("%s: computed %r" % (what, n))
            continue
        if o["proven"] and o.get("saltus"):
            G = check_arithmetic(what, o["code"], o, 4 * limit)
        else:
            e, G = expected(o["code"], limit)
            for k, v in e.items():
                expect("%s: %s" % (what, k), o.get(k), v)
            if o["proven"] and theorem_proof(o["code"], G, n) is None:
                fail("%s: proven, but %d values prove nothing" % (what, n))
        mx = max(G[:n])
        expect(what + ": max_value", o.get("max_value"), mx)
        expect(what + ": max_at", o.get("max_at"), G.index(mx))
        if not isinstance(o.get("seconds"), (int, float)) or o["seconds"] < 0:
            fail("%s: seconds %r" % (what, o.get("seconds")))
        # the same search as octal --period
        st, out, err = run([TOOL, "octal", code, "--period", "--limit", str(limit),
                            "--format", "json"])
        ref = json.loads(out) if st == 0 else {}
        for k in ("code", "proven", "preperiod", "period", "saltus", "observed", "exceptions",
                  "last_exception", "checked_from", "checked_to", "proof_period", "computed",
                  "max_value", "max_at"):
            expect("%s: %s against octal --period" % (what, k), o.get(k), ref.get(k))


def check_brute_force():
    rng = random.Random(16)
    octal = ["0.07", "0.137", "0.77", "4.07", "0.6", "0.007", "0.16", "0.4", "0.51", "0.36",
             "4.0", "0.0", ".1", "0.3", "0.070", "0.045", "0.074"]
    octal += ["0.%d%d%d" % (rng.randrange(8), rng.randrange(8), rng.randrange(1, 8))
              for _ in range(6)]
    check_values(octal, 300)
    check_values(["0.8", "0.c", "0.48", "0.9", "4.8"], 150)


def check_published():
    """Guy and Smith (1956), Winning Ways ch. 4: Dawson's Kayles 0.07 has period 34 from
    n = 53 (last exception 52), Dawson's Chess 0.137 (the same sequence shifted by one) period
    34 with 7 exceptions, the last at 51, Kayles 0.77 period 12 with 14 exceptions, the last
    at 70. Survey's default limit is octal --period's."""
    got = survey_ok(b"0.07\n0.137\n0.77\n", what="published periods")
    want = [("0.07", 53, 34, 8, 52), ("0.137", 52, 34, 7, 51), ("0.77", 71, 12, 14, 70)]
    for o, (code, pre, per, exc, last) in zip(got, want):
        expect(code + " (published)", (o.get("code"), o.get("proven"), o.get("preperiod"),
                                       o.get("period"), o.get("exceptions"),
                                       o.get("last_exception")),
               (code, True, pre, per, exc, last))
    st, out, _ = run([TOOL, "octal", "0.07", "--period", "--format", "json"])
    if got and st == 0:
        expect("default --limit, as octal --period", got[0].get("limit"),
               json.loads(out).get("limit"))


# ---- bad and hostile input -----------------------------------------------------------------

def check_malformed():
    long_code = b"0." + b"7" * 300
    lines = [
        (b"0.07", "0.07", None),
        (b"  0.07  # Dawson's Kayles", "0.07", None),
        (b"\t.137\r", ".137", None),
        (b"0.F", "0.F", None),
        (b"0." + b"7" * 64, "0." + "7" * 64, None),
        (b"0.x7", "0.x7", "character 3"),
        (b"1.07", "1.07", "character 1"),
        (b"07", "07", ""),
        (b"0.", "0.", ""),
        (b".", ".", ""),
        (b"0.07 0.6", "0.07 0.6", "character 5"),
        (b"-0.07", "-0.07", ""),
        (b"0." + b"7" * 65, "0." + "7" * 65, ""),
        (b"0.0\x007", "0.0\ufffd7", "NUL"),
        (b"\xff\xfe0.07", "\ufffd\ufffd0.07", ""),
        (b"0.07\xc3", "0.07\ufffd", ""),
        (b"\xed\xa0\x800.7", "\ufffd\ufffd\ufffd0.7", ""),   # a surrogate is not UTF-8
        ("0.7\u00e9".encode(), "0.7\u00e9", ""),            # valid UTF-8, echoed as it is
        (b"0.\"\\\x01", "0.\"\\\x01", ""),
        (long_code, long_code[:256].decode(), "302 bytes"),
        (b"0.4", "0.4", None),
    ]
    skipped = [b"", b"   ", b"# a comment", b"  # another", b"\r", b"#0.07"]
    data = []
    for i, (line, _, _) in enumerate(lines):
        data.append(line)
        data.append(skipped[i % len(skipped)])
    data = b"\n".join(data)      # the last line has no newline
    got = survey_ok(data, "--limit", "256", what="malformed lines")
    expect("malformed lines: objects", len(got), len(lines))
    for o, (line, code, err) in zip(got, lines):
        what = "line %.60r" % line
        expect(what + ": input", o.get("input"), code)
        if err is None:
            if "error" in o:
                fail("%s: unexpected error %r" % (what, o["error"]))
            continue
        if not isinstance(o.get("error"), str) or err not in o["error"]:
            fail("%s: error %r should mention %r" % (what, o.get("error"), err))
        expect(what + ": proven", (o.get("code"), o.get("proven"), o.get("preperiod"),
                                   o.get("period"), o.get("observed")),
               (None, False, None, None, None))
        if line == long_code:
            expect(what + ": truncated", (o.get("input_truncated"), o.get("input_bytes")),
                   (True, len(long_code)))


def peak_of(args, data, objects_expected):
    """Runs args with data on stdin; returns (status, stdout, peak resident KiB). The peak is
    VmHWM, read while the program still waits for more input, once it has written its last
    object (0 where /proc is not there)."""
    p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    writer = threading.Thread(target=lambda: (p.stdin.write(data), p.stdin.flush()))
    writer.start()
    out, lines, peak = [], 0, 0
    timer = threading.Timer(60, p.kill)
    timer.start()
    while lines < objects_expected:
        line = p.stdout.readline()
        if not line:
            break
        out.append(line)
        lines += 1
    writer.join()
    try:
        with open("/proc/%d/status" % p.pid) as f:
            peak = int(re.search(r"VmHWM:\s*(\d+)", f.read()).group(1))
    except (OSError, AttributeError):
        peak = 0
    p.stdin.close()
    out.append(p.stdout.read())
    st = p.wait()
    timer.cancel()
    if st < 0:
        fail("%s: killed (signal %d)" % (" ".join(args), -st))
    return st, b"".join(out), peak


def check_huge():
    """Long lines and many lines in bounded memory, with the right objects."""
    big = 8 << 20
    st, out, base = peak_of([TOOL, "survey", "--limit", "64"], b"0.07\n", 1)
    inputs = [
        (b"7" * big + b"\n0.07\n", ["not a code", None]),
        (b" " * big + b"0.07" + b"\t" * big + b"#" + b"x" * big + b"\n", [None]),
        (b"\x00" * big + b"\n", ["not a code"]),
    ]
    for data, errors in inputs:
        st, out, rss = peak_of([TOOL, "survey", "--limit", "64"], data, len(errors))
        got = objects(out, "huge line")
        expect("huge line: status", st, 0)
        expect("huge line: objects", [o.get("error", None) and "not a code" for o in got],
               errors)
        if rss > base + 4096:
            fail("a line of %d MiB took %d KiB of memory (%d KiB for a short one)"
                 % (len(data) >> 20, rss, base))
    # many lines: 300,000 comments and blank lines, 30,000 malformed, 3 codes
    data = b"# c\n\n  \n" * 100000 + b"x\n" * 30000 + b"0.07\n0.6\n0.77\n"
    st, out, rss = peak_of([TOOL, "survey", "--limit", "64"], data, 30003)
    got = objects(out, "many lines")
    expect("many lines: status", st, 0)
    expect("many lines: objects", len(got), 30003)
    expect("many lines: last codes", [o.get("input") for o in got[-3:]], ["0.07", "0.6", "0.77"])
    expect("many lines: errors", sum(1 for o in got if "error" in o), 30000)
    if rss > base + 4096:
        fail("330,003 lines took %d KiB of memory (%d KiB for one)" % (rss, base))


def check_flush_and_status():
    # each object leaves as soon as its code is done, before the input ends
    p = subprocess.Popen([TOOL, "survey", "--limit", "256"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for code in (b"0.07", b"0.x"):
        p.stdin.write(code + b"\n")
        p.stdin.flush()
        ready, _, _ = select.select([p.stdout], [], [], 60)
        if not ready:
            fail("survey: no output for %r before the input ended" % code)
            break
        line = p.stdout.readline()
        o = objects(line, "flushed line")
        if o:
            expect("flushed line", o[0].get("input"), code.decode())
    p.stdin.close()
    rest = p.stdout.read()
    err = p.stderr.read()
    expect("survey after the input ends: status, more output, stderr",
           (p.wait(timeout=60), rest, err), (0, b"", b""))

    st, _, err = run([TOOL, "survey"], b"0.07\n", stdout=open("/dev/full", "wb"))
    expect("survey > /dev/full: status", st, 1)
    if b"cannot write" not in err:
        fail("survey > /dev/full: stderr %r" % err)
    directory = os.open(ROOT, os.O_RDONLY)   # a directory: read() fails with EISDIR
    try:
        p = subprocess.run([TOOL, "survey"], stdin=directory, capture_output=True, timeout=60)
    finally:
        os.close(directory)
    expect("survey < a directory: status", p.returncode, 1)
    if b"cannot read the input" not in p.stderr:
        fail("survey < a directory: stderr %r" % p.stderr)
    for args, want in ((["x"], 2), (["--format", "json"], 2), (["--period"], 2),
                       (["--limit", "2^62"], 1), (["--limit", "abc"], 1)):
        st, out, err = survey(b"0.07\n", *args)
        expect("survey %s: status" % " ".join(args), st, want)
        if out or not err.startswith(b"grundy: survey: "):
            fail("survey %s: stdout %r, stderr %r" % (" ".join(args), out[:100], err[:200]))
    st, out, _ = survey(b"", "--limit", "0")
    expect("survey of nothing", (st, out), (0, b""))
    o = survey_ok(b"0.07\n", "--limit", "0", what="--limit 0")
    expect("--limit 0", [(x.get("proven"), x.get("computed")) for x in o], [(False, 0)])
    for args in (["survey", "--help"], ["help", "survey"]):
        st, out, _ = run([TOOL] + args)
        if st != 0 or b"usage: grundy survey" not in out or b"--limit" not in out:
            fail("grundy %s: status %d, %r" % (" ".join(args), st, out[:200]))


# ---- the recipes of docs/survey.md -------------------------------------------------------------

def strip_seconds(lines):
    result = []
    for line in lines.decode().splitlines():
        o = json.loads(line)
        o.pop("seconds", None)
        result.append(json.dumps(o, sort_keys=True))
    return result


def doc_blocks():
    """The ```sh blocks of docs/survey.md, continuation lines joined."""
    text = open(os.path.join(ROOT, "docs", "survey.md"), encoding="utf-8").read()
    blocks = re.findall(r"^```sh\n(.*?)^```$", text, re.S | re.M)
    return [re.sub(r"\\\n\s*", "", b).replace("|\n", "| ").strip() for b in blocks]


def check_recipes(tmp):
    rng = random.Random(200)
    all3 = ["0.%d%d%d" % (a, b, c) for a in range(8) for b in range(8) for c in range(1, 8)]
    codes = rng.sample(all3, 194) + ["0.07", ".137", "0.77", "4.07", "0.6", "0.007"]
    lines = [c if i % 3 else "  %s  # code %d" % (c, i) for i, c in enumerate(codes)]
    lines[40:40] = ["", "# a comment", "0.x", "1.07", "   "]
    lines[120:120] = ["0.99999999", "", "\t"]
    text = "\n".join(lines) + "\n"
    limit = "2^10"
    os.makedirs(os.path.join(tmp, "bin"))
    os.symlink(TOOL, os.path.join(tmp, "bin", "grundy"))
    os.symlink(os.path.join(ROOT, "examples"), os.path.join(tmp, "examples"))
    env = dict(os.environ, PATH=os.path.join(tmp, "bin") + os.pathsep + os.environ["PATH"],
               LIMIT=limit)
    work = os.path.join(tmp, "work")

    def fresh(content):
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        os.symlink(os.path.join(ROOT, "examples"), os.path.join(work, "examples"))
        with open(os.path.join(work, "codes.txt"), "w") as f:
            f.write(content)

    def sh(cmd, what):
        st, out, err = run(["sh", "-c", cmd], env=env, cwd=work, timeout=600)
        if st != 0:
            fail("%s: status %d, stderr %r" % (what, st, err[:300]))
        return st

    def result(name):
        with open(os.path.join(work, name), "rb") as f:
            return f.read()

    def serial(content, lim=limit):
        st, out, err = survey(content.encode(), "--limit", lim)
        if st != 0:
            fail("serial survey: status %d, %r" % (st, err[:200]))
        return strip_seconds(out)

    whole = serial(text)
    expect("the serial survey: objects", len(whole), 200 + 3)

    def same(what, got, want):
        if got != want:
            fail("%s: %d lines differ from the serial run's %d (first: %r)" % (
                what, len(got), len(want),
                next(((g, w) for g, w in zip(got, want) if g != w), None)))
        if sorted(got) != sorted(want):
            fail("%s: sorted, not the serial run's results" % what)

    blocks = doc_blocks()
    ran = {"pipe": 0, "per-code": 0, "two-pass": 0, "slurm-hand": 0}
    for block in blocks:
        first = block.split("\n")[0]
        if "[--limit" in first or first.startswith("LIMIT="):
            continue    # the synopsis; LIMIT is set here
        if first.startswith("SLURM_ARRAY_TASK_ID="):
            fresh(text)
            if sh(block.replace("2^16", limit), "a Slurm task by hand") == 0:
                m = re.search(r"SLURM_ARRAY_TASK_ID=(\d+) .* (\d+) \S+$", first)
                k, tasks = int(m.group(1)), int(m.group(2))
                per = -(-len(lines) // tasks)
                part = "".join(x + "\n" for x in lines[k * per:(k + 1) * per])
                got = strip_seconds(result("results/part-%05d.jsonl" % k))
                if not part.strip() or got != serial(part):
                    fail("a Slurm task by hand: part %d is not the survey of its slice" % k)
            ran["slurm-hand"] += 1
        elif "sbatch" in block:
            continue    # Slurm itself is not installed
        elif first.startswith("parallel") and "--pipe" in first:
            fresh(text)
            if sh(block, "docs/survey.md: " + first) == 0:
                same("GNU parallel --pipe", strip_seconds(result("results.jsonl")), whole)
            ran["pipe"] += 1
        elif first.startswith("parallel"):
            part = "\n".join(lines[35:60]) + "\n"    # one job per code: fewer codes
            fresh(part)
            if sh(block, "docs/survey.md: " + first) == 0:
                same("GNU parallel, one job per code", strip_seconds(result("results.jsonl")),
                     serial(part))
                if not os.path.exists(os.path.join(work, "survey.log")):
                    fail("GNU parallel, one job per code: no job log")
            ran["per-code"] += 1
        elif first.startswith("grundy survey --limit 2^12"):
            fresh(text)
            if sh(block.replace("2^12", "2^8").replace("2^18", "2^10"), "two passes") == 0:
                pass1 = [json.loads(x) for x in result("pass1.jsonl").decode().splitlines()]
                again = [o["code"] for o in pass1 if "error" not in o and not o["proven"]]
                pass2 = strip_seconds(result("pass2.jsonl"))
                expect("two passes: objects", len(pass2), len(again))
                if not again or pass2 != serial("\n".join(again) + "\n"):
                    fail("two passes: the second pass is not a survey of the unproven codes")
            ran["two-pass"] += 1
        else:
            fail("docs/survey.md: a block this test does not know: %.80r" % block)
    expect("recipes run from docs/survey.md", ran,
           {"pipe": 1, "per-code": 1, "two-pass": 1, "slurm-hand": 1})

    # the Slurm job array: the script's body once per task, SLURM_ARRAY_TASK_ID set by hand
    script = "examples/survey/survey.sbatch"
    for tasks in (4, 7):
        fresh(text)
        for k in range(tasks):
            sh("SLURM_ARRAY_TASK_ID=%d sh %s codes.txt results %d %s" % (k, script, tasks, limit),
               "Slurm task %d of %d" % (k, tasks))
        if sh("sh examples/survey/merge.sh results %d > results.jsonl" % tasks, "merge") == 0:
            same("Slurm array of %d tasks, merged" % tasks, strip_seconds(result("results.jsonl")),
                 whole)
    # a missing part (a task not done) is refused, naming it; a task run again fills it in
    os.remove(os.path.join(work, "results", "part-00002.jsonl"))
    st, out, err = run(["sh", "examples/survey/merge.sh", "results", "7"], env=env, cwd=work)
    if st == 0 or b" 2 " not in err + b" ":
        fail("merge.sh with part 2 missing: status %d, stderr %r" % (st, err))
    # a task that fails leaves only its .tmp part
    bad = dict(env, GRUNDY=os.path.join(tmp, "no-such-grundy"))
    st, _, _ = run(["sh", script, "codes.txt", "results", "7", limit], env=dict(
        bad, SLURM_ARRAY_TASK_ID="2"), cwd=work)
    if st == 0 or os.path.exists(os.path.join(work, "results", "part-00002.jsonl")):
        fail("a failing Slurm task: status %d, and it left a part" % st)
    sh("SLURM_ARRAY_TASK_ID=2 sh %s codes.txt results 7 %s" % (script, limit), "task 2 again")
    if sh("sh examples/survey/merge.sh results 7 > results.jsonl", "merge again") == 0:
        same("Slurm array, task 2 run again", strip_seconds(result("results.jsonl")), whole)
    st, _, err = run(["sh", script, "codes.txt", "results", "7"],
                     env=dict(env, SLURM_ARRAY_TASK_ID="7"), cwd=work)
    if st == 0 or not err:
        fail("a Slurm task index past TASKS: status %d, stderr %r" % (st, err))


def check_budget():
    """--budget SECONDS: a code over it (0.9 leaves three heaps, cubic: far past one second at
    2^20 values) gets one line saying so and the survey goes on; the codes within it get
    exactly the line of a survey without a budget; the whole survey ends soon after the budget
    (the bound is loose: a slow machine must pass). Before --budget the survey ran 0.9 for ever
    and the option was a usage error."""
    data = b"0.07\n0.9\n0.156\n0.77\n"
    t0 = time.time()
    st, out, err = survey(data, "--limit", "2^20", "--budget", "1", timeout=120)
    got = objects(out, "--budget 1")
    expect("--budget 1: status", st, 0)
    expect("--budget 1: over", [o.get("over_budget") for o in got], [None, True, None, None])
    if len(got) == 4:
        o = got[1]
        expect("--budget 1: the line over it", (o.get("code"), o.get("budget"), o.get("proven"),
                                                o.get("period"), o.get("observed")),
               ("0.9", 1, False, None, None))
        if not isinstance(o.get("computed"), int) or not 0 <= o["computed"] < 2 ** 20:
            fail("--budget 1: computed %r" % o.get("computed"))
        plain = survey(b"0.07\n0.156\n0.77\n", "--limit", "2^20")[1]
        kept = b"".join(line + b"\n" for i, line in enumerate(out.splitlines()) if i != 1)
        expect("--budget 1: the codes within it", strip_seconds(kept), strip_seconds(plain))
    if time.time() - t0 > 60:
        fail("--budget 1 on 4 codes took %.1f s" % (time.time() - t0))
    for opts, want in ((("--budget", "0"), 1), (("--budget", "x"), 1), (("--budget",), 2)):
        expect("survey %s: status" % " ".join(opts), survey(b"0.07\n", *opts)[0], want)
    st, _, _ = run([TOOL, "octal", "0.07", "--budget", "1"])
    expect("octal --budget: status", st, 2)


def main():
    started = time.time()
    check_budget()
    check_published()
    check_brute_force()
    check_malformed()
    check_huge()
    check_flush_and_status()
    tmp = tempfile.mkdtemp()
    try:
        check_recipes(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("survey checks: %d failures in %.1f s" % (len(FAILURES), time.time() - started))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
