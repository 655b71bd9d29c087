#!/bin/sh
# The grundy tool: `misere CODE --quotient` (the misere quotient, text and JSON) and `misere CODE
# H...` (a sum of heaps): outcomes against a game-tree search written here from the definitions
# (the player who cannot move wins), R8 for 0.75 (Plambeck and Siegel, arXiv math/0609825), heaps
# of 10^12 tokens through the proven period, and bad input; --checkpoint: runs killed (-9) or
# interrupted (SIGINT) mid-way and resumed print what a run never stopped prints, for --quotient
# and for a sum of heaps, and files that are not a checkpoint of the game are refused and left as
# they were.
BUILD=${BUILD:-build}
export BUILD
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" exec python3 - "$@" <<'PY'
import json, os, random, signal, struct, subprocess, sys, time
from misere_brute import digits, heap_moves, wins

TOOL = os.path.join(os.environ.get("BUILD", "build"), "grundy")
FAILURES = []

def fail(msg):
    FAILURES.append(msg)
    if len(FAILURES) <= 20:
        print("FAIL: " + msg)

def run(*args):
    p = subprocess.run([TOOL] + [str(a) for a in args], capture_output=True, timeout=300)
    if p.returncode < 0:
        fail("grundy %s: killed" % " ".join(map(str, args)))
    return p.returncode, p.stdout.decode(), p.stderr.decode()

# 0.75: R8, proven, in text and JSON
st, out, err = run("misere", "0.75", "--quotient", "--format", "json")
if st != 0:
    fail("misere 0.75 --quotient: status %d %r" % (st, err))
else:
    o = json.loads(out)
    if (o["order"], o["p_portion"], o["pretending"]["proven"], o["pretending"]["period"],
            o["pretending"]["preperiod"], o["tame"], o["last_rogue"]) != (8, 2, True, 2, 8, False, 7):
        fail("0.75: not R8 as published: %r" % o)
    if o["presentation"] != "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>":
        fail("0.75: presentation %r" % o["presentation"])
    if o["p"] != ["a", "b^2"] or o["pretending"]["elements"][:10] != \
            ["1", "a", "b", "a", "b", "c", "b", "c", "b", "ab^2"]:
        fail("0.75: P or pretending function %r" % o)
st, out, err = run("misere", "0.75", "--quotient")
if st != 0 or "order 8, P-portion 2" not in out or "proven" not in out:
    fail("misere 0.75 --quotient (text): %d %r %r" % (st, out, err))

# sums: the tool's outcome and its move against the search
rng = random.Random(7)
for code in ("0.75", "0.31", "0.07", "0.77"):
    win = wins(code)
    d = digits(code)
    for _ in range(25):
        heaps = [rng.randint(1, 9) for _ in range(rng.randint(1, 4))]
        st, out, err = run("misere", code, *heaps, "--format", "json")
        if st != 0:
            fail("misere %s %r: status %d %r" % (code, heaps, st, err))
            continue
        o = json.loads(out)
        want = "N" if win(tuple(sorted(heaps))) else "P"
        if o["outcome"] != want:
            fail("misere %s %r: %s, the search says %s" % (code, heaps, o["outcome"], want))
        mv = o["move"]
        if mv is not None:
            rest = heaps[:mv["heap"]] + heaps[mv["heap"] + 1:] + mv["leave"]
            if mv["take"] + sum(mv["leave"]) != heaps[mv["heap"]] or \
                    win(tuple(sorted(rest))) or \
                    tuple(mv["leave"]) not in [tuple(p for p in m if p) for m in
                                               heap_moves(d, heaps[mv["heap"]])] + \
                    [m for m in heap_moves(d, heaps[mv["heap"]])]:
                fail("misere %s %r: move %r does not win" % (code, heaps, mv))

# heaps of 10^12 tokens answer at once from the proven period, as their residue does
big = 10 ** 12
st, out, err = run("misere", "0.75", big, big + 1, 5, "--format", "json")
o = json.loads(out) if st == 0 else None
if o is None or o["by"] != "quotient":
    fail("misere 0.75 10^12: %d %r" % (st, err))
else:
    # period 2 from heap 8: 10^12 acts as 10, 10^12 + 1 as 11
    st2, out2, _ = run("misere", "0.75", 10, 11, 5, "--format", "json")
    if st2 != 0 or json.loads(out2)["outcome"] != o["outcome"]:
        fail("misere 0.75 10^12 10^12+1 5: %r, heaps 10 11 5: %r" % (o, out2))

# bad input: a code with no move, --limit 0, options that do not mix, a heap that is no number
for args, status, words in ((("misere", "0.0", "--quotient"), 1, "no heap"),
                            (("misere", "0.75", "--quotient", "--limit", "0"), 2, "limit"),
                            (("misere", "0.75", "--quotient", "--genus"), 2, "genus"),
                            (("misere", "0.75", "--quotient", "--format", "csv"), 2, "json"),
                            (("misere", "0.75", "-n", "5", "--limit", "3"), 2, "limit"),
                            (("misere", "0.75", "3", "x"), 2, "heap")):
    st, out, err = run(*args)
    if st != status or words not in err or out:
        fail("grundy %s: status %d (want %d), %r" % (" ".join(args), st, status, err))

# --checkpoint: a run killed at any moment, then the same command again, prints the JSON of a
# run never stopped (a save after every heap: GRUNDY_SAVE_SECONDS)
CK = os.path.join(os.environ.get("BUILD", "build"), "tests", "quotient.ck")
CMD = [TOOL, "misere", "0.77", "--quotient", "--limit", "15", "--format", "json"]
ENV = dict(os.environ, GRUNDY_SAVE_SECONDS="0.001")

def ck_heaps():
    """the heap bound the checkpoint holds (its header's n), or None"""
    try:
        with open(CK, "rb") as f:
            head = f.read(32)
        return struct.unpack("=Q", head[24:32])[0] if len(head) == 32 else None
    except OSError:
        return None

def clean():
    for name in os.listdir(os.path.dirname(CK)):
        if name.startswith("quotient.ck"):
            os.remove(os.path.join(os.path.dirname(CK), name))

def kill_resume(cmd, at):
    """cmd with the checkpoint from scratch, killed (-9) once the file holds heaps 1..at (at a
    random moment when at is None), then run again: (1 when killed mid-way, the second run)"""
    clean()
    p = subprocess.Popen(cmd + ["--checkpoint", CK], env=ENV, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    end = time.time() + 120
    if at is not None:
        while p.poll() is None and time.time() < end and (ck_heaps() or 0) < at:
            time.sleep(0.002)
    else:
        time.sleep(rng.uniform(0.0, 1.0))
    mid = 0
    if p.poll() is None:
        p.send_signal(signal.SIGKILL)
        n = ck_heaps()
        mid = int(n is not None and 0 < n < 15)
    p.communicate()
    return mid, subprocess.run(cmd + ["--checkpoint", CK], env=ENV, capture_output=True,
                               timeout=300)

st, whole, err = run(*CMD[1:])
if st != 0:
    fail("%s: status %d %r" % (" ".join(CMD), st, err))
mid = 0
for trial in range(4):
    # mid-way through the run (the file holds heaps 1..12 + trial), or at a random moment
    m, p2 = kill_resume(CMD, 12 + trial if trial < 2 else None)
    mid += m
    if p2.returncode != 0 or p2.stdout.decode() != whole:
        fail("killed run %d, resumed: status %d, %r" % (trial, p2.returncode,
                                                        p2.stderr.decode()))
if mid < 2:
    fail("only %d of the killed runs left a checkpoint mid-way" % mid)

# SIGINT: the step in progress ends, the state is saved, status 1 and a message; then resumed
clean()
p = subprocess.Popen(CMD + ["--checkpoint", CK], env=ENV, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE)
end = time.time() + 120
while p.poll() is None and time.time() < end and (ck_heaps() or 0) < 12:
    time.sleep(0.002)
if p.poll() is None:
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=300)
    if p.returncode != 1 or "interrupted (SIGINT)" not in err.decode() or out or \
            not 12 <= (ck_heaps() or 0) < 15:
        fail("SIGINT: status %d, %r, heaps %r" % (p.returncode, err, ck_heaps()))
else:
    fail("SIGINT: the run ended before heap 12 was saved")
p2 = subprocess.run(CMD + ["--checkpoint", CK], env=ENV, capture_output=True, timeout=300)
if p2.returncode != 0 or p2.stdout.decode() != whole:
    fail("interrupted run, resumed: status %d, %r" % (p2.returncode, p2.stderr.decode()))

# refused, the file left as it was: another game's, a damaged one; and usage
saved = open(CK, "rb").read()
for args, status, words in ((("misere", "0.75", "--quotient"), 1, "another game"),
                            (("misere", "0.77", "-n", "5"), 2, "--quotient")):
    st, out, err = run(*(list(args) + ["--checkpoint", CK]))
    if st != status or words not in err or out or open(CK, "rb").read() != saved:
        fail("grundy %s --checkpoint: status %d (want %d), %r" % (" ".join(args), st, status,
                                                                  err))
with open(CK, "wb") as f:
    f.write(saved[:-1] + bytes([saved[-1] ^ 1]))
st, out, err = run(*(CMD[1:] + ["--checkpoint", CK]))
if st != 1 or "not a quotient checkpoint" not in err or out:
    fail("a damaged checkpoint: status %d, %r" % (st, err))
if hasattr(os, "mkfifo"):
    clean()
    os.mkfifo(CK)
    st, out, err = run(*(CMD[1:] + ["--checkpoint", CK]))
    if st != 1 or "not a regular file" not in err:
        fail("a FIFO as checkpoint: status %d, %r" % (st, err))
clean()

# a sum of heaps with --checkpoint: the quotient solved first resumes and saves as --quotient's
# does; killed (-9) mid-way and run again, it prints what a run without the file prints, the
# file then holds heaps 1..15 and a --quotient run resumed from it prints the same as above
SUM = [TOOL, "misere", "0.77", "15", "14", "3", "--limit", "15", "--format", "json"]
st, sum_whole, err = run(*SUM[1:])
if st != 0:
    fail("%s: status %d %r" % (" ".join(SUM), st, err))
mid = 0
for trial in range(3):
    m, p2 = kill_resume(SUM, 11 + trial)
    mid += m
    if p2.returncode != 0 or p2.stdout.decode() != sum_whole or ck_heaps() != 15:
        fail("sum killed %d, resumed: status %d, %r, heaps %r" % (
            trial, p2.returncode, p2.stderr.decode(), ck_heaps()))
if mid < 2:
    fail("only %d of the killed sum runs left a checkpoint mid-way" % mid)
p2 = subprocess.run(CMD + ["--checkpoint", CK], env=ENV, capture_output=True, timeout=300)
if p2.returncode != 0 or p2.stdout.decode() != whole:
    fail("--quotient resumed from a sum's checkpoint: status %d, %r" % (p2.returncode,
                                                                       p2.stderr.decode()))
# a proven quotient in the file answers heaps of 10^12 tokens as a run without it does
clean()
BIG = ["misere", "0.75", str(big), "7", "--format", "json"]
st, big_whole, err = run(*BIG)
for k in range(2):
    st, out, err = run(*(BIG + ["--checkpoint", CK]))
    if st != 0 or out != big_whole or not os.path.exists(CK):
        fail("misere 0.75 10^12 7 --checkpoint, run %d: status %d, %r, %r" % (k, st, out, err))
st, out, err = run("misere", "0.77", "3", "--checkpoint", CK)
if st != 1 or "another game" not in err or out:
    fail("a sum of 0.77 on a checkpoint of 0.75: status %d, %r" % (st, err))
clean()

if FAILURES:
    print("check_cli_quotient: %d failures" % len(FAILURES))
    sys.exit(1)
print("check_cli_quotient: ok")
PY
