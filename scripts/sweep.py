#!/usr/bin/env python3
"""Time the period search of every 3-digit octal code the sparse engine serves, per doubling.

The sparse engine (lib/games/octal/octal_sparse.c) serves the take-and-break games whose moves split
a heap in two at most: some digit has bit 4, none bit 8. For each code 0.abc (c != 0, some digit
4 or more) this runs `grundy octal CODE --period --limit 2^k` for k = FROM .. TO and takes the
CPU time of each run (the run to 2^k computes everything below it, so the time of one doubling is
the run's to 2^k over its run to 2^(k-1)). A code is reported when its time grows by more than
RATIO per doubling where both times are above FLOOR seconds (smaller times are mostly noise).
A code proven early stops being timed: once its period is proven, a larger limit costs nothing.

    python3 scripts/sweep.py [--grundy build/grundy] [--from 16] [--to 22] [--ratio 4]
                             [--floor 0.2] [--sample N] [--seed S] [--codes 0.376,0.354]
                             [--cap SECONDS]

The time includes the values: a game whose value computation is quadratic by nature (the
sparse engine does not pay on it) grows about 4x per doubling too; `perf record` on one run
tells the search from the values.

One line per code on stdout (the times per doubling), then the codes that grew too fast.
Exit status 1 when there are any. Not part of `make check`: to 2^22 it takes hours."""

import argparse
import random
import resource
import subprocess
import sys
import time


def codes_served():
    """0.abc with c != 0 and a digit with bit 4: two-part splits, the sparse engine's games."""
    out = []
    for a in range(8):
        for b in range(8):
            for c in range(1, 8):
                if max(a, b, c) >= 4:
                    out.append("0.%d%d%d" % (a, b, c))
    return out


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(grundy, code, k):
    """CPU seconds of one search to 2^k, and whether it proved a period."""
    before = child_cpu()
    p = subprocess.run([grundy, "octal", code, "--period", "--limit", "2^%d" % k],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    spent = child_cpu() - before
    if p.returncode != 0:
        raise RuntimeError("%s to 2^%d: exit %d: %s" % (code, k, p.returncode, p.stderr.strip()))
    return spent, "proven period" in p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grundy", default="build/grundy")
    ap.add_argument("--from", dest="lo", type=int, default=16)
    ap.add_argument("--to", dest="hi", type=int, default=22)
    ap.add_argument("--ratio", type=float, default=4.0)
    ap.add_argument("--floor", type=float, default=0.2)
    ap.add_argument("--sample", type=int, default=0, help="a random sample of this many codes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--codes", default="", help="these codes only (comma-separated)")
    ap.add_argument("--cap", type=float, default=0.0,
                    help="stop timing a code after a run longer than this (0: never)")
    a = ap.parse_args()
    codes = a.codes.split(",") if a.codes else codes_served()
    if a.sample and a.sample < len(codes):
        codes = sorted(random.Random(a.seed).sample(codes, a.sample))
    start = time.time()
    flagged = []
    print("# %d codes, 2^%d .. 2^%d, ratio > %g over %g s; CPU seconds per limit"
          % (len(codes), a.lo, a.hi, a.ratio, a.floor))
    for code in codes:
        times, proven, worst = [], False, (0.0, 0)
        for k in range(a.lo, a.hi + 1):
            t, proven = run(a.grundy, code, k)
            times.append(t)
            if len(times) > 1 and times[-2] >= a.floor and t >= a.floor:
                r = t / times[-2]
                if r > worst[0]:
                    worst = (r, k)
            if proven or (a.cap and t > a.cap):
                break
        line = " ".join("%.2f" % t for t in times)
        last = a.lo + len(times) - 1
        note = ("proven by 2^%d" % last if proven else
                "open" if last == a.hi else "capped at 2^%d" % last)
        print("%s  %-16s worst %.2fx  %s" % (code, note, worst[0], line), flush=True)
        if worst[0] > a.ratio:
            flagged.append((code, worst))
    print("# %.0f s wall" % (time.time() - start))
    if flagged:
        for code, (r, k) in flagged:
            print("# GROWS: %s %.2fx from 2^%d to 2^%d" % (code, r, k - 1, k))
    else:
        print("# no code grows by more than %gx per doubling" % a.ratio)
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
