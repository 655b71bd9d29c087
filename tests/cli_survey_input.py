"""Malformed, hostile and huge input to `grundy survey` gives an "error" member and lets the
survey go on, in bounded memory; lines are flushed as they are made and the exit status says
what happened; a code over its --budget gets one line saying so and the survey goes on."""
import os
import re
import select
import subprocess
import threading
import time

from cli_survey_common import (
    ROOT, TOOL, expect, fail, objects, run, strip_seconds, survey, survey_ok)


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
